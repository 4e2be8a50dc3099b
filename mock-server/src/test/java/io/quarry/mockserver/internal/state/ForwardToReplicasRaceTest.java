package io.quarry.mockserver.internal.state;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import io.quarry.mockserver.testing.TestThreads;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A write with {@code forwardToReplicas} reaches the replicas linked to the index when it applies. It is stopped
 * before it locks anything, and the replicas change there: it once wrote to the replicas it had read before, so it
 * created again a replica unlinked and deleted meanwhile, and missed one linked meanwhile.
 */
@Timeout(60)
class ForwardToReplicasRaceTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Application app = ServerApplication.of(MOCK.server());

    @RegisterExtension
    final TestThreads requests = new TestThreads();

    @Test
    void aReplicaDeletedWhileASettingsChangeIsForwardedStaysDeleted() throws Exception {
        client.put("/1/indexes/gone-primary/settings", jq("{'replicas':['gone-replica']}"))
                .requireOk();
        CompletableFuture<Reply> forwarded;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.WRITE_LOCKING, "gone-primary")) {
            forwarded = send(
                    "/1/indexes/gone-primary/settings?forwardToReplicas=true", jq("{'customRanking':['desc(n)']}"));
            stop.awaitStopped();
            client.put("/1/indexes/gone-primary/settings", jq("{'replicas':[]}"))
                    .requireOk();
            client.delete("/1/indexes/gone-replica").requireOk();
        }
        assertThat(forwarded.join().status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/gone-replica/settings").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/gone-primary/settings").body().get("customRanking"))
                .hasSize(1);
    }

    @Test
    void aReplicaLinkedWhileASynonymIsForwardedTakesIt() throws Exception {
        client.put("/1/indexes/new-primary/settings", jq("{'hitsPerPage':5}")).requireOk();
        CompletableFuture<Reply> forwarded;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.WRITE_LOCKING, "new-primary")) {
            forwarded = CompletableFuture.supplyAsync(
                    () -> client.put(
                            "/1/indexes/new-primary/synonyms/phones?forwardToReplicas=true",
                            jq("{'objectID':'phones','type':'synonym','synonyms':['phone','mobile']}")),
                    requests);
            stop.awaitStopped();
            client.put("/1/indexes/new-primary/settings", jq("{'replicas':['new-replica']}"))
                    .requireOk();
        }
        assertThat(forwarded.join().status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/new-replica/synonyms/phones").status())
                .isEqualTo(200);
    }

    private CompletableFuture<Reply> send(String path, String body) {
        return CompletableFuture.supplyAsync(() -> client.put(path, body), requests);
    }
}
