package io.quarry.mockserver.internal.state.tracking;

/** One record among the hits: how many searches returned it, and their click metrics on it. */
public final class HitStats extends Row {

    long count;
    final ClickStats clicks = new ClickStats();

    /** {@return how many searches returned it in their page of hits} */
    public long count() {
        return count;
    }

    /** {@return the click metrics of those searches on this record (no positions)} */
    public ClickStats clicks() {
        return clicks;
    }

    @Override
    long weight() {
        return count;
    }

    @Override
    long ownBytes() {
        return 120;
    }
}
