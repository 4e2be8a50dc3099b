package io.quarry.mockserver.testing;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Threads of a test's own for its blocking work (a blocking call it watches, producers, an interrupter), instead of
 * the common pool: on JDK 25 with two processors that pool has one thread, shared with the test class running at the
 * same time, and a task could wait there for theirs. Register it on an instance field; a task never waits for another
 * (a thread is started whenever none is idle), and the threads are named after the test. When the test ends they are
 * interrupted, and the test fails if one still runs {@link #GRACE} later: work the test left behind would otherwise run
 * on into the next test. The mock server's own (it shares no code with the clients, test code included).
 *
 * <pre>{@code
 * @RegisterExtension
 * final TestThreads threads = new TestThreads();
 *
 * CompletableFuture<Reply> moved = CompletableFuture.supplyAsync(() -> client.post(path, body), threads);
 * }</pre>
 */
public final class TestThreads extends AbstractExecutorService implements BeforeEachCallback, AfterEachCallback {

    /** How long a task has to end once interrupted at the end of its test. */
    public static final Duration GRACE = Duration.ofSeconds(10);

    private final Duration grace;
    private final AtomicInteger count = new AtomicInteger();
    private final Set<Thread> started = ConcurrentHashMap.newKeySet();
    private volatile ExecutorService pool = newPool();
    private volatile String testName = "test";

    /** Creates the threads' pool; JUnit calls it back before and after each test. */
    public TestThreads() {
        this(GRACE);
    }

    /** With a shorter grace, for this class's own tests. */
    TestThreads(Duration grace) {
        this.grace = grace;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        named(context.getRequiredTestClass().getSimpleName() + "." + context.getDisplayName());
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        end();
    }

    /** Names the threads of the test about to run; a test instance shared by its class gets a new pool. */
    void named(String test) {
        testName = test;
        if (pool.isShutdown()) {
            pool = newPool();
        }
    }

    /** Interrupts the test's threads and fails when one still runs once the grace has passed. */
    void end() throws InterruptedException {
        pool.shutdownNow();
        if (!pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("a task of " + testName + " still ran " + grace.toMillis()
                    + " ms after the test ended and its threads were interrupted:\n" + stillRunning());
        }
    }

    private ExecutorService newPool() {
        return Executors.newCachedThreadPool(this::newThread);
    }

    private Thread newThread(Runnable task) {
        Thread thread = new Thread(task, testName + " #" + count.incrementAndGet());
        thread.setDaemon(true); // a task that outlived its test must not hold the JVM open
        started.add(thread);
        return thread;
    }

    private String stillRunning() {
        return started.stream()
                .filter(Thread::isAlive)
                .map(thread -> thread.getName() + "\n\tat "
                        + Arrays.stream(thread.getStackTrace())
                                .map(StackTraceElement::toString)
                                .collect(Collectors.joining("\n\tat ")))
                .collect(Collectors.joining("\n"));
    }

    @Override
    public void execute(Runnable command) {
        pool.execute(command);
    }

    @Override
    public void shutdown() {
        pool.shutdown();
    }

    @Override
    public List<Runnable> shutdownNow() {
        return pool.shutdownNow();
    }

    @Override
    public boolean isShutdown() {
        return pool.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return pool.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return pool.awaitTermination(timeout, unit);
    }
}
