package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Startup seeds (the files of a seed directory) that seed a replica before its primary still link them, at start
 * and after a reset.
 */
class ReplicaStartupSeedsHttpTest {

    private final MockServer server = MockServer.builder()
            .seedJson(jq("{'indices':{'by_name':{'settings':{'primary':'products'}}}}"))
            .seedJson(jq("{'indices':{'products':{'settings':{'replicas':['by_name']},'records':[{'objectID':'1'}]}}}"))
            .start();
    private final TestClient client = new TestClient(server);

    @AfterEach
    void stop() {
        server.close();
    }

    private void assertLinked() {
        assertThat(client.get("/1/indexes/by_name/settings")
                        .body()
                        .get("primary")
                        .stringValue())
                .isEqualTo("products");
        assertThat(client.post("/1/indexes/by_name/query", "{}").hitIds()).containsExactly("1");
    }

    @Test
    void aReplicaSeededBeforeItsPrimaryIsLinked() {
        assertLinked();
        client.put("/1/indexes/products/settings", jq("{'replicas':[]}")).requireOk();
        client.post("/_mock/reset", null).requireOk();
        assertLinked();
    }
}
