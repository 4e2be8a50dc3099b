package io.quarry.core;

import java.util.Objects;

/**
 * A long-lived writer (an ingester) did not take a record: it was full for longer than its timeout allows, the
 * thread waiting for room was interrupted (its interrupt flag is set again), the writer was closed, or too many
 * asynchronous adds already waited for room. The record
 * was not accepted, so nothing of it was or will be sent; hand it in again, or keep it elsewhere.
 */
public final class WriteRefusedException extends QuarryException {

    private static final long serialVersionUID = 1L;

    /** Why the record was refused. */
    public enum Reason {
        /** The writer stayed full for longer than the caller's timeout. */
        TIMED_OUT,
        /** The thread waiting for room was interrupted. */
        INTERRUPTED,
        /** The writer was closed, before or while the caller waited. */
        CLOSED,
        /**
         * An asynchronous add found as many records already waiting for room as the writer lets wait: the caller
         * handed records in without waiting for the earlier ones to be taken.
         */
        TOO_MANY_WAITING
    }

    /** Why the record was refused. */
    private final Reason reason;

    /**
     * Creates the exception.
     *
     * @param message what refused the record and why, naming the writer but never a key
     * @param reason  why it was refused
     */
    public WriteRefusedException(String message, Reason reason) {
        super(message, null);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /**
     * Why the record was refused.
     *
     * @return the reason
     */
    public Reason reason() {
        return reason;
    }
}
