package io.quarry.mockserver.internal.state.tracking;

/**
 * A part of the tracked statistics and what it costs in memory (an estimate in bytes, including the parts it
 * holds), added up through its containers so that the whole can be held to a budget. Not thread-safe: the
 * tracking's lock guards it.
 */
abstract class Ledger {

    private Ledger parent;
    private long cost;

    /** @param container the part holding this one, whose cost includes this one's */
    final void attach(Ledger container) {
        this.parent = container;
    }

    /** @param bytes added to this part's cost and to that of every container (negative to release) */
    final void charge(long bytes) {
        for (Ledger ledger = this; ledger != null; ledger = ledger.parent) {
            ledger.cost += bytes;
        }
    }

    /** Takes this part's whole cost off its containers, as it is dropped. */
    final void release() {
        charge(-cost);
    }

    /** {@return the estimated bytes of this part and of everything it holds} */
    final long cost() {
        return cost;
    }
}
