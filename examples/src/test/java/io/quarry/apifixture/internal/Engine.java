package io.quarry.apifixture.internal;

/** Public, but in an internal package: not listed. */
public final class Engine {

    /** A constructor. */
    public Engine() {}

    /**
     * Runs.
     *
     * @return the result
     */
    public int run() {
        return 1;
    }
}
