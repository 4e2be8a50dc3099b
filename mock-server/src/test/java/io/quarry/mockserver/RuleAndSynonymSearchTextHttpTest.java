package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The text query of the rule and synonym searches: any case, any length, answered in time linear in both. The long
 * cases' timeouts only guard against a hang: trying the query at every position of the text read 10^12 characters
 * for them (it took minutes for a tenth of their length); {@code TextSearchTest} counts the search's reads.
 */
class RuleAndSynonymSearchTextHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLongQueryAgainstALongRuleDescriptionIsAnsweredPromptly() {
        Reply saved = admin.put(
                "/1/indexes/long-rules/rules/r1",
                "{\"objectID\":\"r1\",\"description\":\"" + "a".repeat(2_000_000)
                        + "\",\"consequence\":{\"params\":{\"query\":\"x\"}}}");
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);

        Reply reply =
                admin.post("/1/indexes/long-rules/rules/search", "{\"query\":\"" + "A".repeat(1_000_000) + "b\"}");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().get("nbHits").asInt()).isZero();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLongQueryAgainstALongSynonymIsAnsweredPromptly() {
        Reply saved = admin.put(
                "/1/indexes/long-synonyms/synonyms/s1",
                "{\"objectID\":\"s1\",\"type\":\"synonym\",\"synonyms\":[\"" + "a".repeat(2_000_000) + "\",\"b\"]}");
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);

        Reply reply = admin.post(
                "/1/indexes/long-synonyms/synonyms/search", "{\"query\":\"" + "A".repeat(1_000_000) + "b\"}");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().get("nbHits").asInt()).isZero();
    }

    @Test
    void theQueryMatchesInAnyCaseWhereLowerCasingChangesLengths() {
        admin.put(
                "/1/indexes/case-rules/rules/r1",
                "{\"objectID\":\"r1\",\"description\":\"\u0130stanbul deals\",\"consequence\":{\"params\":{\"query\":\"x\"}}}");
        admin.put(
                "/1/indexes/case-synonyms/synonyms/s1",
                "{\"objectID\":\"s1\",\"type\":\"synonym\",\"synonyms\":[\"\u0130stanbul\",\"Constantinople\"]}");

        assertThat(admin.post("/1/indexes/case-rules/rules/search", "{\"query\":\"ISTANBUL\"}")
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(1);
        assertThat(admin.post("/1/indexes/case-synonyms/synonyms/search", "{\"query\":\"istanbul\"}")
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(1);
    }

    @Test
    void aMemberOfTheWrongTypeOrOutOfRangeIsRefusedNotReadAsAnother() {
        admin.post("/1/clusters/mapping/batch", "{\"cluster\":\"mock-cluster-1\",\"users\":[\"u1\"]}");
        for (String path : new String[] {
            "/1/indexes/strict/rules/search", "/1/indexes/strict/synonyms/search", "/1/clusters/mapping/search"
        }) {
            for (String body : new String[] {
                "{\"page\":1.5}",
                "{\"page\":1e30}",
                "{\"page\":-1}",
                "{\"page\":99999999999999999999}",
                "{\"hitsPerPage\":\"x\"}",
                "{\"hitsPerPage\":0}",
                "{\"query\":5}",
                "{\"query\":{}}"
            }) {
                Reply reply = admin.post(path, body);
                assertThat(reply.status()).as("%s %s: %s", path, body, reply).isEqualTo(400);
            }
            assertThat(admin.post(path, "{\"page\":null,\"query\":null}").status())
                    .as(path)
                    .isEqualTo(200);
        }
        assertThat(admin.post("/1/indexes/strict/rules/search", "{\"enabled\":\"yes\"}")
                        .status())
                .isEqualTo(400);
        assertThat(admin.post("/1/clusters/mapping/search", "{\"cluster\":7}").status())
                .isEqualTo(400);
    }
}
