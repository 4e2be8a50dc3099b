package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * A server whose budget of stored records is small (a few hundred records), written until it refuses: the refusal is
 * the service's answer to a write over the record quota (403), nothing of the refused write applies and no task is
 * recorded for it, the records stored before stay whole and searchable, reads go on, and deleting records or
 * clearing the index makes room again.
 */
@Timeout(60)
class RecordQuotaHttpTest {

    private static final long BUDGET = 256 * 1024;
    private static final int BATCH = 50;
    private static final String QUOTA = "Record quota exceeded, change plan or delete records.";

    /** {@return a record of a few hundred characters, with a word of its own} */
    private static String record(int i) {
        return "{\"objectID\":\"p" + i + "\",\"name\":\"item" + i + "\",\"text\":\""
                + "a sturdy leather walking shoe with a cushioned sole, waterproof lining and laces, in brown, black"
                + " or navy; size " + (i % 13) + ", weight " + (i * 7 % 1000) + " grams, made to last for years of"
                + " daily use on city streets and country paths alike\"}";
    }

    /** {@return a batch body adding records {@code from} to {@code from + count - 1}, after the actions given} */
    private static String adding(int from, int count, String... before) {
        StringBuilder body = new StringBuilder("{\"requests\":[");
        for (String action : before) {
            body.append(action).append(',');
        }
        for (int i = from; i < from + count; i++) {
            body.append(i == from ? "" : ",")
                    .append("{\"action\":\"addObject\",\"body\":")
                    .append(record(i))
                    .append('}');
        }
        return body.append("]}").toString();
    }

    private static String deleting(int from, int count) {
        StringBuilder body = new StringBuilder("{\"requests\":[");
        for (int i = from; i < from + count; i++) {
            body.append(i == from ? "" : ",")
                    .append("{\"action\":\"deleteObject\",\"body\":{\"objectID\":\"p")
                    .append(i)
                    .append("\"}}");
        }
        return body.append("]}").toString();
    }

    private static long nbHits(TestClient client, String query) {
        return client.post("/1/indexes/products/query", "{\"query\":\"" + query + "\"}")
                .requireOk()
                .body()
                .get("nbHits")
                .asLong();
    }

    private static void refusedAsOverQuota(Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(403);
        assertThat(reply.body().get("message").stringValue()).startsWith(QUOTA);
    }

    @Test
    void aSeedPastTheBudgetIsRefusedAndLeavesTheIndexAsItWas() {
        try (MockServer server = MockServer.builder().recordBudget(BUDGET).start()) {
            TestClient client = new TestClient(server);
            client.put("/1/indexes/seeded/settings", "{\"searchableAttributes\":[\"name\"]}")
                    .requireOk();
            client.put("/1/indexes/seeded/kept", "{\"name\":\"kept\"}").requireOk();
            StringBuilder records = new StringBuilder();
            for (int i = 0; i < 2_000; i++) {
                records.append(i == 0 ? "" : ",").append(record(i));
            }

            refusedAsOverQuota(client.post(
                    "/_mock/seed",
                    "{\"indices\":{\"seeded\":{\"settings\":{\"searchableAttributes\":[\"text\"]},\"records\":["
                            + records + "]}}}"));
            assertThat(client.get("/1/indexes/seeded/kept").status())
                    .as("its records kept")
                    .isEqualTo(200);
            assertThat(client.get("/1/indexes/seeded/settings")
                            .body()
                            .get("searchableAttributes")
                            .get(0)
                            .asString())
                    .as("its settings kept")
                    .isEqualTo("name");

            client.post("/_mock/seed", "{\"indices\":{\"seeded\":{\"records\":[" + record(1) + "]}}}")
                    .requireOk();
            assertThat(client.get("/1/indexes/seeded/p1").status())
                    .as("a seed that fits")
                    .isEqualTo(200);
        }
    }

    /** {@return a batch of synonyms numbered from {@code from}, each a few words} */
    private static String synonyms(int from, int count) {
        StringBuilder body = new StringBuilder("[");
        for (int i = from; i < from + count; i++) {
            body.append(i == from ? "" : ",")
                    .append("{\"objectID\":\"s")
                    .append(i)
                    .append("\",\"type\":\"synonym\",\"synonyms\":[\"walking shoe ")
                    .append(i)
                    .append("\",\"hiking boot ")
                    .append(i)
                    .append("\",\"trail runner ")
                    .append(i)
                    .append("\"]}");
        }
        return body.append(']').toString();
    }

    private static long synonymCount(TestClient client) {
        return client.post("/1/indexes/products/synonyms/search", "{}")
                .requireOk()
                .body()
                .get("nbHits")
                .asLong();
    }

    @Test
    void synonymsAndRulesCountInTheBudgetAndDeletingThemMakesRoom() {
        try (MockServer server = MockServer.builder().recordBudget(BUDGET).start()) {
            TestClient client = new TestClient(server);
            int saved = 0;
            Reply refused;
            while (true) {
                Reply reply = client.post("/1/indexes/products/synonyms/batch", synonyms(saved, BATCH));
                if (reply.status() != 200) {
                    refused = reply;
                    break;
                }
                saved += BATCH;
                assertThat(saved).as("refused within the budget").isLessThan(20_000);
            }
            refusedAsOverQuota(refused);
            assertThat(synonymCount(client)).as("nothing of the refused batch").isEqualTo(saved);
            refusedAsOverQuota(client.post(
                    "/1/indexes/products/rules/batch",
                    "[{\"objectID\":\"r\",\"conditions\":[{\"pattern\":\"" + "shoe ".repeat(2_000)
                            + "\",\"anchoring\":\"contains\"}],\"consequence\":{\"params\":{\"query\":\"boot\"}}}]"));
            assertThat(client.get("/1/indexes/products/rules/r").status())
                    .as("no rule saved")
                    .isEqualTo(404);

            client.post("/1/indexes/products/synonyms/clear", null).requireOk();
            client.post("/1/indexes/products/batch", adding(0, BATCH)).requireOk();
            client.delete("/1/indexes/products").requireOk();
            client.post("/1/indexes/other/synonyms/batch", synonyms(0, saved)).requireOk();
            assertThat(client.post("/1/indexes/other/synonyms/search", "{}")
                            .requireOk()
                            .body()
                            .get("nbHits")
                            .asLong())
                    .as("deleting the index gave back what it held")
                    .isEqualTo(saved);
        }
    }

    @Test
    void aSuggestionsBuildPastTheBudgetSaysWhyItWroteNothing() throws Exception {
        try (MockServer server = MockServer.builder().recordBudget(BUDGET).start()) {
            TestClient client = new TestClient(server);
            int stored = 0;
            while (client.post("/1/indexes/products/batch", adding(stored, BATCH))
                            .status()
                    == 200) {
                stored += BATCH;
            }
            for (int i = 0; i < 3; i++) {
                client.post("/1/indexes/products/query", "{\"query\":\"walking shoe\"}")
                        .requireOk();
                client.post("/1/indexes/products/query", "{\"query\":\"leather\"}")
                        .requireOk();
            }

            client.post(
                            "/1/configs",
                            "{\"indexName\":\"sugg\",\"sourceIndices\":[{\"indexName\":\"products\","
                                    + "\"minHits\":1}]}")
                    .requireOk();

            JsonNode status = client.get("/1/configs/sugg/status").requireOk().body();
            assertThat(status.get("lastSuccessfulBuiltAt").isNull())
                    .as(status.toString())
                    .isTrue();
            String log = client.http()
                    .send(client.request("GET", "/1/logs/sugg", null).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
            assertThat(log).contains(QUOTA).contains("no suggestions written");
            assertThat(client.get("/1/indexes/sugg/settings").status())
                    .as("no suggestions index left behind")
                    .isEqualTo(404);
        }
    }

    @Test
    void writesPastTheBudgetAreRefusedWholeAndDeletingMakesRoom() {
        try (MockServer server = MockServer.builder().recordBudget(BUDGET).start()) {
            TestClient client = new TestClient(server);
            client.put("/1/indexes/other/o0", "{\"name\":\"another index\"}").requireOk();
            long task = client.put("/1/indexes/products/settings", "{\"searchableAttributes\":[\"name\",\"text\"]}")
                    .requireOk()
                    .body()
                    .get("taskID")
                    .asLong();
            int stored = 0;
            Reply refused;
            while (true) {
                Reply reply = client.post("/1/indexes/products/batch", adding(stored, BATCH));
                if (reply.status() != 200) {
                    refused = reply;
                    break;
                }
                assertThat(reply.body().get("taskID").asLong()).isEqualTo(++task);
                stored += BATCH;
                assertThat(stored)
                        .as("refused within the budget's few hundred records")
                        .isLessThan(2_000);
            }
            refusedAsOverQuota(refused);
            assertThat(stored).as("records stored before the refusal").isPositive();

            assertThat(client.get("/1/indexes/products/p" + stored).status())
                    .as("nothing of the refused batch")
                    .isEqualTo(404);
            assertThat(nbHits(client, "")).as("every record stored before").isEqualTo(stored);
            assertThat(client.post(
                                    "/1/indexes/products/query",
                                    "{\"query\":\"item0\",\"queryType\":\"prefixNone\",\"typoTolerance\":false}")
                            .hitIds())
                    .as("the first record still found by its words")
                    .containsExactly("p0");
            assertThat(client.get("/1/indexes/products/p" + (stored - 1)).status())
                    .isEqualTo(200);
            assertThat(client.post("/1/indexes/products/browse", "{}").status()).isEqualTo(200);

            refusedAsOverQuota(
                    client.post("/1/indexes/products/operation", "{\"operation\":\"copy\",\"destination\":\"copy\"}"));
            assertThat(client.get("/1/indexes/copy/p0").status())
                    .as("no copy made")
                    .isEqualTo(404);

            refusedAsOverQuota(
                    client.post("/1/indexes/products/batch", adding(10_000, 4 * stored, "{\"action\":\"delete\"}")));
            assertThat(nbHits(client, ""))
                    .as("a refused batch deleting the index first")
                    .isEqualTo(stored);
            assertThat(client.get("/1/indexes/products/settings").body().get("searchableAttributes"))
                    .as("its settings kept")
                    .hasSize(2);

            assertThat(client.post("/1/indexes/products/batch", deleting(0, 2 * BATCH))
                            .requireOk()
                            .body()
                            .get("taskID")
                            .asLong())
                    .as("the refused writes recorded no task")
                    .isEqualTo(++task);
            client.post("/1/indexes/products/batch", adding(stored, BATCH)).requireOk();
            assertThat(nbHits(client, "")).as("deleted records made room").isEqualTo(stored - BATCH);

            refusedAsOverQuota(client.post(
                    "/1/indexes/*/batch",
                    "{\"requests\":[{\"action\":\"addObject\",\"indexName\":\"other\",\"body\":{\"objectID\":\"o\"}},"
                            + adding(20_000, 4 * stored)
                                    .replace("{\"requests\":[", "")
                                    .replace(
                                            "\"action\":\"addObject\",",
                                            "\"action\":\"addObject\"," + "\"indexName\":\"products\",")));
            assertThat(client.get("/1/indexes/other/o").status())
                    .as("a multi-index batch over the budget changes no index, not even one it fits in")
                    .isEqualTo(404);
            assertThat(client.get("/1/indexes/other/o0").status()).isEqualTo(200);

            client.post("/1/indexes/products/clear", null).requireOk();
            client.post("/1/indexes/products/batch", adding(0, stored)).requireOk();
            assertThat(nbHits(client, "")).as("clearing made room").isEqualTo(stored);

            client.delete("/1/indexes/products").requireOk();
            client.post("/1/indexes/fresh/batch", adding(0, stored)).requireOk();
        }
    }
}
