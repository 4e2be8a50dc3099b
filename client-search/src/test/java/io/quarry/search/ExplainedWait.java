package io.quarry.search;

import io.quarry.core.testing.Eventually;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * {@link Eventually#waitUntil(String, BooleanSupplier)} for the tests of rare interleavings: a wait that fails says
 * what the test's own state was (a listener's calls) and where every thread stood, so a failure seen once on a
 * loaded machine explains itself. It only reads the threads when the wait has already failed.
 */
final class ExplainedWait {

    private ExplainedWait() {}

    /**
     * Waits as {@link Eventually#waitUntil(String, BooleanSupplier)} does.
     *
     * @param what      what is awaited
     * @param condition whether it has happened
     * @param state     the test's state, read only when the wait fails
     * @throws AssertionError       naming what was awaited, with the state and a thread dump
     * @throws InterruptedException if interrupted while waiting
     */
    static void waitUntil(String what, BooleanSupplier condition, Supplier<?> state) throws InterruptedException {
        try {
            Eventually.waitUntil(what, condition);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\nstate: " + state.get() + "\nthreads:\n" + threadDump(), e);
        }
    }

    /** {@return every live thread with its whole stack and the locks it holds or waits for} */
    static String threadDump() {
        StringBuilder dump = new StringBuilder();
        for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            dump.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
            if (thread.getLockName() != null) {
                dump.append(" on ").append(thread.getLockName());
            }
            if (thread.getLockOwnerName() != null) {
                dump.append(" owned by \"").append(thread.getLockOwnerName()).append('"');
            }
            dump.append('\n');
            // ThreadInfo.toString() stops at eight frames: the frames that matter are often deeper
            for (StackTraceElement frame : thread.getStackTrace()) {
                dump.append("    at ").append(frame).append('\n');
            }
        }
        return dump.toString();
    }
}
