package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** {@code GET /1/logs}: the last requests, newest first, with type, paging and every key redacted. */
class LogsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.adminKey("very-secret-admin"))
            .build();

    private final MockServer server = MOCK.server();
    private final TestClient client = new TestClient(server);

    @Test
    void logsTheLastRequestsNewestFirst() {
        client.post("/1/indexes/i", jq("{'a':1}"));
        client.post("/1/indexes/i/query", jq("{'query':''}"));
        client.get("/1/indexes/i/nothing");
        JsonNode logs = client.get("/1/logs?length=3").body().get("logs");
        assertThat(logs).hasSize(3);
        assertThat(logs.get(0).get("url").stringValue()).isEqualTo("/1/indexes/i/nothing");
        assertThat(logs.get(0).get("answer_code").stringValue()).isEqualTo("404");
        assertThat(logs.get(1).get("method").stringValue()).isEqualTo("POST");
        assertThat(logs.get(1).get("query_body").stringValue()).contains("\"query\"");
        assertThat(logs.get(1).get("query_nb_hits").asInt()).isEqualTo(1);
        assertThat(logs.get(1).get("index").stringValue()).isEqualTo("i");
        assertThat(logs.get(1).get("processing_time_ms").stringValue()).containsOnlyDigits();
        assertThat(logs.get(1).has("timestamp")).isTrue();
        assertThat(client.get("/1/logs?offset=2&length=1")
                        .body()
                        .get("logs")
                        .get(0)
                        .get("url")
                        .stringValue())
                .as("the first logs call is logged too")
                .isEqualTo("/1/indexes/i/query");
    }

    @Test
    void typeSelectsQueriesBuildsOrErrors() {
        client.post("/1/indexes/i", jq("{'a':1}"));
        client.post("/1/indexes/i/query", "{}");
        client.get("/1/indexes/missing/settings");
        assertThat(client.get("/1/logs?type=query")
                        .body()
                        .get("logs")
                        .get(0)
                        .get("url")
                        .stringValue())
                .isEqualTo("/1/indexes/i/query");
        assertThat(client.get("/1/logs?type=build")
                        .body()
                        .get("logs")
                        .get(0)
                        .get("url")
                        .stringValue())
                .isEqualTo("/1/indexes/i");
        assertThat(client.get("/1/logs?type=error")
                        .body()
                        .get("logs")
                        .get(0)
                        .get("answer_code")
                        .stringValue())
                .isEqualTo("404");
        assertThat(client.get("/1/logs?type=bogus").status()).isEqualTo(400);
    }

    @Test
    void theTypeIsTheKindOfWorkTheRouteDeclares() {
        client.put("/1/indexes/i/1", jq("{'a':1}"));
        client.post("/1/indexes/i/browse", "{}");
        client.post("/1/indexes/i/rules/search", "{}"); // a read, although a POST
        client.get("/1/indexes/i/1"); // a read, not a query
        assertThat(urls("query")).containsExactly("/1/indexes/i/browse");
        assertThat(urls("build")).containsExactly("/1/indexes/i/1");
    }

    private List<String> urls(String type) {
        List<String> urls = new ArrayList<>();
        client.get("/1/logs?length=100&type=" + type)
                .body()
                .get("logs")
                .forEach(entry -> urls.add(entry.get("url").stringValue()));
        return urls;
    }

    @Test
    void largeBodiesAreCut() {
        StringBuilder records = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < 200; i++) {
            records.append(i == 0 ? "" : ",").append(jq("{'action':'addObject','body':{'text':'some words here'}}"));
        }
        client.post("/1/indexes/big/batch", records.append("]}").toString());
        client.post("/1/indexes/big/query", jq("{'hitsPerPage':200}"));
        JsonNode logs = client.get("/1/logs?length=2").body().get("logs");
        assertThat(logs.get(0).get("answer").stringValue()).hasSize(1000).startsWith("{\"hits\":[");
        assertThat(logs.get(1).get("query_body").stringValue()).hasSize(1000).startsWith("{\"requests\":[");
        assertThat(logs.get(1).get("answer").stringValue()).hasSize(1000).startsWith("{\"taskID\"");
    }

    @Test
    void keysAreRedacted() {
        String key = client.createKey(jq("{'acl':['search']}"));
        client.get("/1/keys/" + key);
        client.get("/1/indexes/products/keys/" + key);
        new TestClient(server, null, null)
                .get("/1/indexes?x-service-application-id=" + server.applicationId()
                        + "&x-service-api-key=very-secret-admin");
        Reply logs = client.get("/1/logs?length=20");
        assertThat(logs.body().toString())
                .doesNotContain(key)
                .doesNotContain("very-secret-admin")
                .contains("[redacted]");
    }
}
