package io.quarry.core.testing;

import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ContextScope;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.RoundStart;
import io.quarry.core.spi.TryEnd;
import io.quarry.core.spi.TryStart;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A {@link CallObserver} that keeps everything it is told, for tests. Its context is a thread-local string: a call
 * captures the caller's at its start, makes {@code "in <operation>"} current in its call context and puts the
 * caller's back in its caller context.
 */
public final class RecordingObserver implements CallObserver {

    /** The context this observer captures and restores. */
    public static final ThreadLocal<String> CONTEXT = new ThreadLocal<>();

    private final List<Call> calls = new CopyOnWriteArrayList<>();

    @Override
    public ObservedCall callStarted(CallDescription call) {
        Call recorded = new Call(call, CONTEXT.get());
        calls.add(recorded);
        return recorded;
    }

    /** @return every call started so far, in start order */
    public List<Call> calls() {
        return List.copyOf(calls);
    }

    /**
     * The calls of an operation.
     *
     * @param operation the operation name
     * @return its calls, in start order
     */
    public List<Call> calls(String operation) {
        return calls.stream()
                .filter(c -> c.description().operation().equals(operation))
                .toList();
    }

    /**
     * The operations of the calls made directly inside a composite call, in start order.
     *
     * @param parent the composite call
     * @return the operation names of its children
     */
    public List<String> operationsInside(Call parent) {
        return calls.stream()
                .filter(c -> c.description().parent() == parent)
                .map(c -> c.description().operation())
                .toList();
    }

    /**
     * Waits until every call started so far has ended.
     *
     * @param timeout how long at most
     * @return this observer
     */
    public RecordingObserver awaitEnded(Duration timeout) {
        for (Call call : calls) {
            call.awaitEnd(timeout);
        }
        return this;
    }

    /** One observed call. */
    public static final class Call implements ObservedCall {
        private final CallDescription description;
        private final String callerContext;
        private final List<TryStart> tryStarts = new CopyOnWriteArrayList<>();
        private final List<TryEnd> tryEnds = new CopyOnWriteArrayList<>();
        private final List<RoundStart> rounds = new CopyOnWriteArrayList<>();
        private final CountDownLatch ended = new CountDownLatch(1);
        private volatile CallEnd end;
        private volatile int ends;
        private volatile int completesElsewhere;

        Call(CallDescription description, String callerContext) {
            this.description = description;
            this.callerContext = callerContext;
        }

        @Override
        public void tryStarted(TryStart attempt) {
            tryStarts.add(attempt);
        }

        @Override
        public void tryEnded(TryEnd attempt) {
            tryEnds.add(attempt);
        }

        @Override
        public void roundStarted(RoundStart round) {
            rounds.add(round);
        }

        @Override
        public void callEnded(CallEnd end) {
            this.end = end;
            ends++;
            ended.countDown();
        }

        @Override
        public void completesElsewhere() {
            completesElsewhere++;
        }

        @Override
        public ContextScope openCallContext() {
            return swap("in " + description.operation());
        }

        @Override
        public ContextScope openCallerContext() {
            return swap(callerContext);
        }

        private static ContextScope swap(String value) {
            String before = CONTEXT.get();
            CONTEXT.set(value);
            return () -> CONTEXT.set(before);
        }

        /** @return the call's description */
        public CallDescription description() {
            return description;
        }

        /** @return how many times the core said the call completes on another thread (once for an async call) */
        public int completesElsewhereCount() {
            return completesElsewhere;
        }

        /** @return the context current when the call started */
        public String callerContext() {
            return callerContext;
        }

        /** @return the tries started */
        public List<TryStart> tryStarts() {
            return List.copyOf(tryStarts);
        }

        /** @return the tries ended */
        public List<TryEnd> tryEnds() {
            return List.copyOf(tryEnds);
        }

        /** @return the rounds started after the first */
        public List<RoundStart> rounds() {
            return List.copyOf(rounds);
        }

        /** @return the end, or null while the call runs */
        public CallEnd end() {
            return end;
        }

        /** @return how many times the call was ended (must be 1 once it has) */
        public int endCount() {
            return ends;
        }

        /**
         * Waits for the end.
         *
         * @param timeout how long at most
         * @return the end
         */
        public CallEnd awaitEnd(Duration timeout) {
            try {
                if (!ended.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new AssertionError("the call " + description.operation() + " did not end");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            return end;
        }
    }
}
