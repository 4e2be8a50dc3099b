package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The bodies held at once are sized to the heap, so the budget refuses before the heap runs out. */
class BodyLimitsTest {

    private static final long MB = 1024 * 1024;

    @Test
    void aQuarterOfTheHeapIsHeldAtOnce() {
        assertThat(BodyLimits.bufferedFor(64 * MB)).isEqualTo(16 * MB);
        assertThat(BodyLimits.bufferedFor(126 * MB)).isEqualTo(126 * MB / 4);
        assertThat(BodyLimits.bufferedFor(512 * MB)).isEqualTo(128 * MB);
    }

    @Test
    void alwaysRoomForOneWholeBodyAndNeverMoreThan256Megabytes() {
        assertThat(BodyLimits.bufferedFor(16 * MB)).isEqualTo(BodyLimits.TEN_MEGABYTES);
        assertThat(BodyLimits.bufferedFor(8L * 1024 * MB)).isEqualTo(256 * MB);
        assertThat(BodyLimits.bufferedFor(Long.MAX_VALUE)).isEqualTo(256 * MB);
    }

    @Test
    void theDefaultsFollowThisJvmsHeap() {
        assertThat(BodyLimits.defaults().maxBufferedBytes())
                .isEqualTo(BodyLimits.bufferedFor(Runtime.getRuntime().maxMemory()));
    }
}
