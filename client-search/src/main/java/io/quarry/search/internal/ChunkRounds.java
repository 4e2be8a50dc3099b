package io.quarry.search.internal;

import java.util.function.IntConsumer;

/**
 * The rounds of tries one chunk's batch call took (see {@link io.quarry.core.RetryRounds}): 1 until the core tells
 * it a new round started ({@link io.quarry.core.ApiRequest#onRound}). Written on the call's threads and read once the
 * call's future completed, hence volatile.
 */
public final class ChunkRounds implements IntConsumer {

    private volatile int rounds = 1;

    /** Creates a count of one round. */
    public ChunkRounds() {}

    /** Round {@code round} starts. */
    @Override
    public void accept(int round) {
        rounds = round;
    }

    /** {@return the rounds tried so far, at least 1} */
    int rounds() {
        return rounds;
    }
}
