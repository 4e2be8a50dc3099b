package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Deleting a primary inside a batch does to its replicas what deleting it alone does: they are unlinked and keep the
 * records the primary held when the deletion applied (those the batch wrote before it included). A batch that is
 * refused changes neither.
 */
class ReplicaBatchDeleteHttpTest {

    private static final String SEED = jq("{'indices': {"
            + "'products': {'settings': {'replicas': ['by_price']}, 'records': [{'objectID': 'a'}, {'objectID': 'b'}]},"
            + "'by_price': {'settings': {'primary': 'products'}}}}");

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-11-29T12:00:00Z"));

    private static MockServer server;
    private static TestClient client;

    @BeforeAll
    static void start() {
        server = MockServer.builder().clock(CLOCK).seedJson(SEED).start();
        client = new TestClient(server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void reset() {
        client.post("/_mock/reset", null).requireOk();
    }

    @Test
    void aDeletionAfterAWriteInTheSameBatchLeavesTheReplicaWhatTheWriteAdded() {
        add("products", "x");
        client.delete("/1/indexes/products").requireOk();
        List<String> alone = replicaIds();
        client.post("/_mock/reset", null).requireOk();

        client.post(
                        "/1/indexes/*/batch",
                        jq("{'requests': ["
                                + "{'action': 'addObject', 'indexName': 'products', 'body': {'objectID': 'x'}},"
                                + "{'action': 'delete', 'indexName': 'products'}]}"))
                .requireOk();

        assertThat(alone).containsExactlyInAnyOrder("a", "b", "x");
        assertThat(replicaIds()).as("in a batch as alone").containsExactlyInAnyOrderElementsOf(alone);
        assertUnlinked();
        assertThat(client.get("/1/indexes/products/settings").status()).isEqualTo(404);
    }

    @Test
    void theUnlinkedReplicaIsListedAsAfterADeletionAlone() {
        for (String way : List.of("alone", "in a batch")) {
            client.post("/_mock/reset", null).requireOk();
            JsonNode before = replicaListed();
            CLOCK.advance(Duration.ofMinutes(1));

            if (way.equals("alone")) {
                client.delete("/1/indexes/products").requireOk();
            } else {
                client.post("/1/indexes/*/batch", jq("{'requests': [{'action': 'delete', 'indexName': 'products'}]}"))
                        .requireOk();
            }

            JsonNode after = replicaListed();
            assertThat(after.get("updatedAt")).as(way).isEqualTo(before.get("updatedAt"));
            assertThat(after.get("entries")).as(way).isEqualTo(before.get("entries"));
            assertThat(after.has("primary")).as(way).isFalse();
        }
    }

    @Test
    void aPrimaryDeletedThenWrittenAgainInOneBatchHasNoReplicas() {
        client.post(
                        "/1/indexes/products/batch",
                        jq("{'requests': ["
                                + "{'action': 'delete'}, {'action': 'addObject', 'body': {'objectID': 'y'}}]}"))
                .requireOk();

        assertThat(replicaIds()).containsExactlyInAnyOrder("a", "b");
        assertUnlinked();
        assertThat(client.get("/1/indexes/products/settings").body().has("replicas"))
                .isFalse();
        add("products", "z");
        assertThat(replicaIds()).containsExactlyInAnyOrder("a", "b", "own");
    }

    @Test
    void aBatchRefusedOnceItsDeletionOfAPrimaryAppliedChangesNothing() {
        for (String failing : List.of("products", "other")) {
            Reply refused = client.post(
                    "/1/indexes/*/batch",
                    jq("{'requests': [{'action': 'delete', 'indexName': 'products'}, " + overBudget(failing) + ", "
                            + overBudget(failing) + "]}"));
            assertThat(refused.status()).as(failing + ": " + refused).isEqualTo(400);

            assertLinkedAsSeeded();
            add("products", "x");
            assertThat(client.get("/1/indexes/products/settings").status())
                    .as(failing + ": a later write does not finish the refused deletion")
                    .isEqualTo(200);
            assertThat(replicaIds()).containsExactlyInAnyOrder("a", "b", "x");
            client.post("/_mock/reset", null).requireOk();
        }
    }

    /**
     * An update that passes every check made before the batch applies, and is refused as it applies when a record
     * took it once already: its attribute paths then add up to more than a record may hold.
     */
    private static String overBudget(String index) {
        String elements = String.join(", ", java.util.Collections.nCopies(120, "{'k': 1}"));
        return "{'action': 'partialUpdateObject', 'indexName': '" + index + "', 'body': {'objectID': 'big', '"
                + "l".repeat(50_000) + "': {'_operation': 'Add', 'value': [" + elements + "]}}}";
    }

    @Test
    void aBatchDeletingALinkedReplicaIsRefusedAsTheDeletionAloneIs() {
        Reply alone = client.delete("/1/indexes/by_price");
        Reply inABatch =
                client.post("/1/indexes/*/batch", jq("{'requests': [{'action': 'delete', 'indexName': 'by_price'}]}"));

        assertThat(alone.status()).isEqualTo(400);
        assertThat(inABatch.status()).isEqualTo(400);
        assertThat(inABatch.body().get("message")).isEqualTo(alone.body().get("message"));
        assertLinkedAsSeeded();
    }

    private static void assertLinkedAsSeeded() {
        assertThat(client.get("/1/indexes/by_price/settings")
                        .body()
                        .get("primary")
                        .asString())
                .isEqualTo("products");
        assertThat(client.post("/1/indexes/products/query", "{}").hitIds()).containsExactlyInAnyOrder("a", "b");
        assertThat(replicaIds()).containsExactlyInAnyOrder("a", "b");
    }

    private static void assertUnlinked() {
        assertThat(client.get("/1/indexes/by_price/settings").body().has("primary"))
                .isFalse();
        add("by_price", "own");
    }

    private static void add(String index, String objectID) {
        client.put("/1/indexes/" + index + "/" + objectID, "{}").requireOk();
    }

    private static JsonNode replicaListed() {
        for (JsonNode item : client.get("/1/indexes").requireOk().body().get("items")) {
            if (item.get("name").asString().equals("by_price")) {
                return item;
            }
        }
        throw new AssertionError("by_price is not listed");
    }

    private static List<String> replicaIds() {
        return client.post("/1/indexes/by_price/query", "{}").requireOk().hitIds();
    }
}
