package io.quarry.mockserver.internal.state;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.ServerBuilders;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import io.quarry.mockserver.testing.TestThreads;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A query-suggestions build runs on a thread of its own, which a reset does not wait for. Stopped as it is about to
 * write its index, with a reset run meanwhile (the reset erases the indices, then waits for the build to leave the
 * configurations it clears), the build once wrote the index after the reset had erased everything: the state after
 * the reset was not the state the server started with. Its write is now refused, and the index stays gone. (The
 * reset waits first for the request that asked for the build, which gives up waiting for it after the build wait:
 * 10 s by default, a tenth of a second here, as this test holds the build for as long as it needs.)
 */
@Timeout(120)
class ResetDuringSuggestionsBuildTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> ServerBuilders.suggestionsBuildWait(server, Duration.ofMillis(100)))
            .build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Application app = ServerApplication.of(MOCK.server());

    @RegisterExtension
    final TestThreads requests = new TestThreads();

    @Test
    void aBuildOverlappingAResetLeavesNoIndexBehind() throws Exception {
        client.put("/1/indexes/reset-source/p1", jq("{'name':'running shoes'}")).requireOk();
        client.post("/1/indexes/reset-source/query", jq("{'query':'running shoes'}"))
                .requireOk();
        CompletableFuture<Void> reset = new CompletableFuture<>();
        Thread resetting = new Thread(() -> {
            MOCK.server().reset();
            reset.complete(null);
        });
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.WRITE_LOCKING, "reset-sugg")) {
            CompletableFuture<Reply> created = CompletableFuture.supplyAsync(
                    () -> client.post(
                            "/1/configs",
                            jq("{'indexName':'reset-sugg','sourceIndices':[{'indexName':'reset-source'}]}")),
                    requests);
            stop.awaitStopped();
            resetting.start();
            // the reset first waits for the request that asked for the build, which waits its build wait, then ends
            Eventually.waitUntil(
                    "the reset to end, or to wait for the build",
                    () -> reset.isDone() || resetting.getState() == Thread.State.BLOCKED,
                    Duration.ofSeconds(40));
            stop.release();
            reset.join();
            created.join();
        }
        assertThat(client.get("/1/indexes/reset-sugg/settings").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes").body().get("items")).isEmpty();
    }
}
