package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.Workers;
import org.junit.jupiter.api.Test;

/**
 * A server built with the builder's defaults handles and queues requests with the bounds that
 * {@code internal.http.BurstHeldTest} shows hold a load test's burst (2,000 requests in flight at once, all answered):
 * together they catch defaults too small for it (16 handlers and 256 places, refusing hundreds of 2,000 searches with
 * 503). The same burst through a whole server, each search held on its turn, is {@link BurstHttpTest}, in the soak
 * run.
 */
class DefaultWorkerBoundsTest {

    @Test
    void aServerOfTheBuildersDefaultsHasTheBoundsABurstIsShownToNeed() {
        try (MockServer server = MockServer.builder().start()) {
            assertThat(server.workers().threads())
                    .isEqualTo(
                            Workers.virtualThreadsAvailable()
                                    ? MockServer.DEFAULT_THREADS_VIRTUAL
                                    : MockServer.DEFAULT_THREADS_PLATFORM);
            assertThat(server.workers().queueCapacity()).isEqualTo(MockServer.DEFAULT_QUEUE_SIZE);
        }
    }
}
