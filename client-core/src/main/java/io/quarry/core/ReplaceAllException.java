package io.quarry.core;

import java.util.Objects;

/**
 * A replacement of every record of an index ({@code replaceAllObjects}) failed at one step. Such a replacement
 * writes the new records into a temporary index and moves that index over the original only at its last step,
 * so a failure before the move leaves the original index as it was. The message names the step, the
 * temporary index, and whether it was deleted; when deleting it failed too ({@link Cleanup#LEFT_BEHIND}, the
 * deletion's failure is a suppressed exception of this one), delete it yourself: its name is
 * {@link #temporaryIndex()}. The cause is the step's own failure, such as a {@link PartialWriteException} when
 * writing the records stopped.
 */
public final class ReplaceAllException extends QuarryException {

    private static final long serialVersionUID = 1L;

    /** What became of the temporary index after the failure. */
    public enum Cleanup {
        /** The temporary index was deleted (or was already gone): nothing is left behind. */
        DELETED,
        /** Deleting the temporary index failed: it is still there, holding some of the records. */
        LEFT_BEHIND
    }

    /** The index whose records were to be replaced. */
    private final String index;
    /** The temporary index the records were written to. */
    private final String temporaryIndex;
    /** The step that failed. */
    private final String step;
    /** What became of the temporary index. */
    private final Cleanup cleanup;

    /**
     * Creates the exception.
     *
     * @param index          the index whose records were to be replaced
     * @param temporaryIndex the temporary index the records were written to
     * @param step           the step that failed, for the message, e.g. {@code writing the records}
     * @param cleanup        what became of the temporary index
     * @param cause          the step's failure
     */
    public ReplaceAllException(String index, String temporaryIndex, String step, Cleanup cleanup, Throwable cause) {
        super(message(index, temporaryIndex, step, cleanup, cause), cause);
        this.index = index;
        this.temporaryIndex = temporaryIndex;
        this.step = step;
        this.cleanup = cleanup;
    }

    /**
     * The index whose records were to be replaced.
     *
     * @return its name
     */
    public String index() {
        return index;
    }

    /**
     * The temporary index the new records were written to.
     *
     * @return its name
     */
    public String temporaryIndex() {
        return temporaryIndex;
    }

    /**
     * The step that failed.
     *
     * @return its description, such as {@code writing the records}
     */
    public String step() {
        return step;
    }

    /**
     * What became of the temporary index.
     *
     * @return deleted, or left behind
     */
    public Cleanup cleanup() {
        return cleanup;
    }

    private static String message(String index, String temporary, String step, Cleanup cleanup, Throwable cause) {
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(temporary, "temporaryIndex");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(cleanup, "cleanup");
        Objects.requireNonNull(cause, "cause");
        return "replaceAllObjects on index " + index + " failed while " + step + "; index " + index
                + (step.startsWith("moving")
                        ? " is unchanged unless the move was applied before it failed"
                        : " is unchanged")
                + (cleanup == Cleanup.DELETED
                        ? "; the temporary index " + temporary + " was deleted"
                        : "; the temporary index " + temporary + " could not be deleted and is left behind: delete it")
                + "; cause: " + cause;
    }
}
