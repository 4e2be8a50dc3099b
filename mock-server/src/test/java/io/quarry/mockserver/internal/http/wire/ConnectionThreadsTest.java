package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The count of connection threads, which a stop waits on until it reads 0. */
class ConnectionThreadsTest {

    @Test
    void aConnectionOfferedOnceClosedGetsNoThreadAndLeavesTheCountAtZero() {
        ConnectionThreads threads = new ConnectionThreads(4);
        threads.close();

        assertThat(threads.start(() -> {})).isFalse();
        assertThat(threads.running()).isZero();
        assertThat(threads.awaitEnded(0)).isTrue();
    }
}
