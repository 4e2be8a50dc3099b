package io.quarry.mockserver.internal.products.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The profile deletions kept are sized to the heap: 200,000 of them, whatever the heap, took about 32 MB, so a loop
 * of events and {@code DELETE /1/profiles/{userToken}} ran a 64 MB server out of memory.
 */
class ProfileDeletionsBoundsTest {

    private static final long HEAP = 64L << 20;

    @Test
    void deletionsOnA64MegabyteHeapKeepAMegabyte() {
        PersonalizationState state = new PersonalizationState(HEAP);
        String longest = "t".repeat(60);
        int deleted = 100_000;
        for (int i = 0; i < deleted; i++) {
            state.delete(longest + i, i);
        }
        assertThat(state.maxBytes()).isEqualTo(HEAP / 64);
        assertThat(state.bytes()).isLessThanOrEqualTo(HEAP / 64);
        assertThat(state.deletedUntil(longest + (deleted - 1))).as("the newest").isEqualTo(deleted - 1);
        assertThat(state.deletedUntil(longest + 0)).as("the oldest, forgotten").isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void aDeletionRepeatedCountsOnce() {
        PersonalizationState state = new PersonalizationState(HEAP);
        for (int i = 0; i < 1000; i++) {
            state.delete("same-user", i);
        }
        assertThat(state.bytes()).isEqualTo(PersonalizationState.ENTRY_BYTES + 2L * "same-user".length());
        assertThat(state.deletedUntil("same-user")).isEqualTo(999);
        state.clear();
        assertThat(state.bytes()).isZero();
    }
}
