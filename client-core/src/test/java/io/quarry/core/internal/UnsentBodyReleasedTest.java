package io.quarry.core.internal;

import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.ApiClient;
import io.quarry.core.Endpoint;
import io.quarry.core.TransportException;
import io.quarry.core.testing.FaultyHttpServer;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A call whose body was measured into pooled arrays but never sent (its thread was interrupted before the try could
 * write it) gives the arrays back, cleared. Before, they stayed with the body: the pool lost them, and the caller's
 * records lingered in them until collected.
 */
class UnsentBodyReleasedTest {

    private static final Endpoint SAVE = Endpoint.write("saveObject", "PUT", "/1/indexes/{indexName}/{objectID}");

    @Test
    void anInterruptedCallGivesItsBodysArraysBack() {
        // three of the pool's arrays
        Map<String, String> record = Map.of("text", "x".repeat(2 * PooledBytes.CHUNK_SIZE + 100));
        try (FaultyHttpServer server = new FaultyHttpServer(FaultyHttpServer.answer(200, "application/json", "{}"));
                ApiClient api =
                        client(config("key", host("only.test", server.port())).build())) {
            int pooledBefore = PooledBytes.pooledChunks();
            Thread.currentThread().interrupt();
            Throwable thrown;
            try {
                thrown = catchThrowable(() -> api.request(SAVE)
                        .path("indexName", "products")
                        .path("objectID", "1")
                        .body(record)
                        .execute(Map.class));
            } finally {
                Thread.interrupted(); // clears it for the next tests
            }

            assertThat(thrown).isInstanceOf(TransportException.class);
            assertThat(server.requests()).as("requests read").isZero();
            assertThat(PooledBytes.pooledChunks())
                    .as("the pool's arrays after the call")
                    .isEqualTo(Math.min(PooledBytes.MAX_POOLED_CHUNKS, Math.max(pooledBefore, 3)));
            assertThat(PooledBytes.nonZeroPooledBytes()).isZero();
        }
    }
}
