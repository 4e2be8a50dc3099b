package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One dictionary entry was bounded only by the 10 MB body, so the 1,000 custom entries of a dictionary could hold
 * gigabytes, and they counted nowhere. An entry is now bounded (a 400 naming the bound), and the entries count in the
 * budget of stored records: past it a batch is the record-quota 403, nothing of it applied.
 */
@Timeout(60)
class DictionaryBoundsHttpTest {

    private static final String QUOTA = "Record quota exceeded, change plan or delete records.";

    private static String batch(String dictionary, String... bodies) {
        StringBuilder requests = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < bodies.length; i++) {
            requests.append(i == 0 ? "" : ",")
                    .append("{\"action\":\"addEntry\",\"body\":")
                    .append(bodies[i])
                    .append('}');
        }
        return requests.append("]}").toString();
    }

    @Test
    void anEntryPastItsBoundsIsA400NamingThem() {
        try (MockServer server = MockServer.builder().start()) {
            TestClient client = new TestClient(server);
            String word = "w".repeat(10_000);
            Reply tooLong = client.post(
                    "/1/dictionaries/stopwords/batch",
                    batch("stopwords", jq("{'objectID':'long','language':'en','word':'" + word + "'}")));
            assertThat(tooLong.status()).isEqualTo(400);
            assertThat(tooLong.body().get("message").asString()).contains("at most 10000");

            StringBuilder parts = new StringBuilder();
            for (int i = 0; i <= 100; i++) {
                parts.append(i == 0 ? "" : ",").append("'p'");
            }
            Reply tooMany = client.post(
                    "/1/dictionaries/compounds/batch",
                    batch(
                            "compounds",
                            jq("{'objectID':'many','language':'de','word':'pp','decomposition':[" + parts + "]}")));
            assertThat(tooMany.status()).isEqualTo(400);
            assertThat(tooMany.body().get("message").asString()).contains("at most 100");

            String fits = "w".repeat(9_980);
            client.post(
                            "/1/dictionaries/stopwords/batch",
                            batch("stopwords", jq("{'objectID':'fits','language':'en','word':'" + fits + "'}")))
                    .requireOk();
        }
    }

    @Test
    void entriesPastTheBudgetAreTheRecordQuota403AndClearingThemMakesRoom() {
        try (MockServer server = MockServer.builder().recordBudget(256 * 1024).start()) {
            TestClient client = new TestClient(server);
            String word = "w".repeat(900);
            int saved = 0;
            Reply refused = null;
            while (refused == null && saved < 1000) {
                String[] entries = new String[10];
                for (int i = 0; i < entries.length; i++) {
                    entries[i] = jq(
                            "{'objectID':'e" + (saved + i) + "','language':'en','word':'" + word + (saved + i) + "'}");
                }
                Reply reply = client.post("/1/dictionaries/stopwords/batch", batch("stopwords", entries));
                if (reply.status() == 200) {
                    saved += entries.length;
                } else {
                    refused = reply;
                }
            }
            assertThat(refused)
                    .as("refused before 1,000 entries of 900 characters")
                    .isNotNull();
            assertThat(refused.status()).isEqualTo(403);
            assertThat(refused.body().get("message").asString()).startsWith(QUOTA);
            assertThat(client.get("/1/dictionaries/*/languages")
                            .requireOk()
                            .body()
                            .get("en")
                            .get("stopwords")
                            .get("nbCustomEntries")
                            .asInt())
                    .as("nothing of the refused batch applied")
                    .isEqualTo(saved);

            client.post("/1/dictionaries/stopwords/batch", jq("{'clearExistingDictionaryEntries':true,'requests':[]}"))
                    .requireOk();
            client.post(
                            "/1/dictionaries/stopwords/batch",
                            batch("stopwords", jq("{'objectID':'again','language':'en','word':'" + word + "'}")))
                    .requireOk();
        }
    }
}
