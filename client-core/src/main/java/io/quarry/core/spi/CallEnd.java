package io.quarry.core.spi;

import java.util.concurrent.CancellationException;

/**
 * How a call ended.
 *
 * @param error  what the call failed with (a {@link io.quarry.core.QuarryException}, or a
 *               {@link CancellationException} when its future was cancelled), or null when it succeeded
 * @param status the HTTP status of the answer that ended the call (its success, or the error answer it failed
 *               with), or 0 when no answer ended it or for a composite call
 * @param tries  how many tries the call made; 0 for a composite call
 */
public record CallEnd(Throwable error, int status, int tries) {

    /** The kind of ending, a low-cardinality summary. */
    public enum Outcome {
        /** The call returned its result. */
        SUCCESS,
        /** The call failed with an exception. */
        FAILURE,
        /** The caller cancelled the call's future. */
        CANCELLED
    }

    /**
     * The kind of ending.
     *
     * @return success, failure or cancellation
     */
    public Outcome outcome() {
        if (error == null) {
            return Outcome.SUCCESS;
        }
        return error instanceof CancellationException ? Outcome.CANCELLED : Outcome.FAILURE;
    }

    /**
     * The simple class name of the error, such as {@code WriteOutcomeUnknownException}.
     *
     * @return the error's type, or null when the call succeeded
     */
    public String errorType() {
        return error == null ? null : error.getClass().getSimpleName();
    }
}
