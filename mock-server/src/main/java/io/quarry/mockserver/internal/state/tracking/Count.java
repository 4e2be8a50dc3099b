package io.quarry.mockserver.internal.state.tracking;

/** A counted key: a filter attribute, a filter value or a combination of filters. */
public final class Count extends Row {

    long value;

    /** {@return how many searches counted it} */
    public long value() {
        return value;
    }

    @Override
    long weight() {
        return value;
    }

    @Override
    long ownBytes() {
        return 32;
    }
}
