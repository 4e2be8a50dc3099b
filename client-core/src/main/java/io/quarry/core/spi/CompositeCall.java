package io.quarry.core.spi;

import io.quarry.core.internal.CallObservation;
import java.util.function.Function;

/**
 * A composite call whose steps do not run as one block of code, such as a lazy paged read whose pages are fetched
 * as the caller iterates. It starts at {@link CallScope#startCompositeCall(String)}; each step runs through
 * {@link #step(Function)} with the scope inside the call; it ends at {@link #end()} (or {@link #close()}), or when a
 * step fails. Later ends are ignored. Without a {@link CallObserver} the steps just run on the starting scope. Not
 * thread-safe: one reader moves it forward at a time.
 */
public final class CompositeCall implements AutoCloseable {

    private final CallScope inside;
    /** Null when no observer is registered. */
    private final CallObservation observation;

    CompositeCall(CallScope inside, CallObservation observation) {
        this.inside = inside;
        this.observation = observation;
    }

    /**
     * Runs one step inside the call, with the call's context current; a step that throws ends the call with its
     * error.
     *
     * @param step what to do, making its requests through the scope it is given
     * @param <T>  the result type
     * @return what the step returned
     */
    @SuppressWarnings("try") // the scope only makes a context current
    public <T> T step(Function<CallScope, T> step) {
        if (observation == null) {
            return step.apply(inside);
        }
        try (ContextScope inCall = observation.openCallContext()) {
            return step.apply(inside);
        } catch (RuntimeException e) {
            observation.ended(e, 0);
            throw e;
        }
    }

    /** Ends the call as a success (nothing if it has already ended). */
    public void end() {
        if (observation != null) {
            observation.ended(null, 0);
        }
    }

    /** Same as {@link #end()}. */
    @Override
    public void close() {
        end();
    }
}
