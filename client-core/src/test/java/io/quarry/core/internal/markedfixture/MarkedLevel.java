package io.quarry.core.internal.markedfixture;

/** An enum of a marked package. */
public enum MarkedLevel {
    /** One. */
    INFO,
    /** Another. */
    ERROR
}
