package io.quarry.micrometer;

import io.micrometer.observation.Observation;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.TryEnd;

/**
 * The observation context of one Quarry call: what a {@link QuarryObservationConvention} reads its key values from.
 * Filled in as the call goes: the description at the start, the last try as tries end, the end at the end.
 */
public final class QuarryCallContext extends Observation.Context {

    private final CallDescription call;
    private volatile TryEnd lastTry;
    private volatile CallEnd end;
    /** Whether the default convention itself (not a subclass) gave the keys, so that no body size is read. */
    boolean keyedByDefaultConvention;

    /**
     * Creates the context of one call.
     *
     * @param call the call's description
     */
    QuarryCallContext(CallDescription call) {
        this.call = call;
    }

    /** {@return what was known of the call when it started} */
    public CallDescription call() {
        return call;
    }

    /**
     * The last try that ended. Its body sizes are counted only when a convention other than the default one is in
     * effect (the default reports none, and counting them costs each try some work); else they are -1.
     *
     * @return the last try that ended, or null before the first has
     */
    public TryEnd lastTry() {
        return lastTry;
    }

    /** {@return how the call ended, or null while it runs} */
    public CallEnd end() {
        return end;
    }

    void lastTry(TryEnd attempt) {
        this.lastTry = attempt;
    }

    void end(CallEnd end) {
        this.end = end;
    }
}
