package io.quarry.mockserver.internal.state.tracking;

/**
 * A counted row of a {@link RowMap}. It remembers the sequence number of the search that created it, so that a
 * late click on an older search never lands on a row created after that search was counted (the row it was
 * counted in having been dropped since).
 */
abstract class Row extends Ledger {

    private long createdSeq;

    final void created(long seq) {
        this.createdSeq = seq;
    }

    /**
     * {@return whether a search counted with that sequence number was counted in this row}
     *
     * @param seq the search's sequence number
     */
    final boolean holds(long seq) {
        return createdSeq <= seq;
    }

    /** {@return how often it was counted: rows counted least are dropped first} */
    abstract long weight();

    /** {@return the estimated bytes of the row itself, beyond its key and map entry} */
    abstract long ownBytes();
}
