package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConnectionLimitTest {

    private static final long MB = 1024L * 1024;

    @Test
    void aSmallContainerHoldsAsManyConnectionsAsItsMemoryBesidesTheHeapHolds() {
        // the heaps JDK 25 takes under docker run -m 256m and -m 128m: half the limit
        int in256 = ConnectionLimit.forMemory(256 * MB, 126 * MB);
        int in128 = ConnectionLimit.forMemory(128 * MB, 64 * MB);

        assertThat(in256).isBetween(150, 250);
        assertThat(in128).isBetween(ConnectionLimit.LEAST, 60);
        // the connections and the JVM's own needs fit beside the heap
        assertThat(126 * MB + ConnectionLimit.JVM_BYTES + in256 * ConnectionLimit.CONNECTION_BYTES)
                .isLessThanOrEqualTo(256 * MB);
        assertThat(64 * MB + ConnectionLimit.JVM_BYTES + in128 * ConnectionLimit.CONNECTION_BYTES)
                .isLessThanOrEqualTo(128 * MB);
    }

    @Test
    void aMachineWithRoomKeepsTheWholeLimit() {
        assertThat(ConnectionLimit.forMemory(8192 * MB, 2048 * MB)).isEqualTo(ConnectionLimit.MOST);
        assertThat(ConnectionLimit.forMemory(0, 2048 * MB))
                .as("memory not known")
                .isEqualTo(ConnectionLimit.MOST);
    }

    @Test
    void aHeapThatLeavesNoRoomStillServesTheFewest() {
        assertThat(ConnectionLimit.forMemory(256 * MB, 250 * MB)).isEqualTo(ConnectionLimit.LEAST);
        assertThat(ConnectionLimit.forMemory(256 * MB, Long.MAX_VALUE)).isEqualTo(ConnectionLimit.LEAST);
    }

    @Test
    void aFixedLimitAdmitsThatManyAndNoMore() {
        ConnectionLimit two = ConnectionLimit.of(2);

        assertThat(two.admits(2)).isTrue();
        assertThat(two.admits(3)).isFalse();
        assertThat(two.most()).isEqualTo(2);
    }

    @Test
    void theLimitSizedToThisProcessAdmitsTheFewestAndIsWithinBounds() {
        ConnectionLimit sized = ConnectionLimit.sizedToMemory();

        assertThat(sized.admits(ConnectionLimit.LEAST)).isTrue();
        assertThat(sized.most()).isBetween(ConnectionLimit.LEAST, ConnectionLimit.MOST);
        assertThat(sized.admits(ConnectionLimit.MOST + 1)).isFalse();
    }
}
