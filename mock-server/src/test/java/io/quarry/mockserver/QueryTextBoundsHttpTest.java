package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Queries of hundreds of words answer in bounded time and memory: word removal does not re-run the search once per
 * word, words whose typo and prefix variants match nearly every indexed word are refused rather than held, and
 * highlighting does not try every query word on every word of a text. {@code -Dquarry.queryText.records=N} searches
 * N records instead of 1,000, {@code -Dquarry.queryText.textWords=N} highlights texts of N words instead of 2,000.
 */
class QueryTextBoundsHttpTest {

    private static final long SEED = 20261130L;
    private static final int RECORDS = Integer.getInteger("quarry.queryText.records", 1_000);
    private static final int TEXT_WORDS = Integer.getInteger("quarry.queryText.textWords", 2_000);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard: WordRemovalMatchingsTest counts the matchings
    void wordRemovalOverHundredsOfWordsAnswers() {
        Random random = new Random(SEED);
        seed(RECORDS, 20, () -> String.valueOf((char) ('a' + random.nextInt(26))));
        String query = "a b ".repeat(128).trim();
        for (String removal : new String[] {"lastWords", "firstWords", "allOptional"}) {
            // The filter lets nothing through, so every step of the removal finds nothing.
            ObjectNode body = JSON.objectNode()
                    .put("query", query)
                    .put("removeWordsIfNoResults", removal)
                    .put("filters", "kind:none");
            Reply reply = client.post("/1/indexes/words/query", body.toString());
            assertThat(reply.requireOk().body().get("nbHits").intValue())
                    .as("seed %d, %s", SEED, removal)
                    .isZero();
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: the refusal is the check
    void wordsMatchingNearlyEveryIndexedWordAre400() {
        Random random = new Random(SEED);
        seed(40, 100, () -> Long.toString(random.nextLong() & Long.MAX_VALUE, 36));
        StringBuilder query = new StringBuilder();
        for (int i = 0; i < 256; i++) {
            query.append((char) ('a' + i % 26)).append(' ');
        }
        // With one typo allowed and read as a prefix, a one-letter word matches every word: 4,000 for each of 256.
        ObjectNode broad = JSON.objectNode()
                .put("query", query.toString().trim())
                .put("queryType", "prefixAll")
                .put("minWordSizefor1Typo", 1);
        Reply refused = client.post("/1/indexes/words/query", broad.toString());
        assertThat(refused.status()).as("%s", refused).isEqualTo(400);
        assertThat(refused.body().get("message").stringValue())
                .as("seed %d", SEED)
                .startsWith("query: its words match too many indexed words");
        // The same words without typos are cheap, and one broad word alone is answered.
        assertThat(client.post(
                                "/1/indexes/words/query",
                                broad.put("minWordSizefor1Typo", 4).toString())
                        .status())
                .isEqualTo(200);
        ObjectNode one = JSON.objectNode().put("query", "a").put("minWordSizefor1Typo", 1);
        assertThat(client.post("/1/indexes/words/query", one.toString())
                        .requireOk()
                        .body()
                        .get("nbHits")
                        .intValue())
                .isEqualTo(40);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard: TextMarkingLookupsTest counts the lookups
    void highlightingLongTextsAgainstHundredsOfWordsAnswers() {
        Random random = new Random(SEED);
        java.util.function.Supplier<String> pair =
                () -> "" + (char) ('a' + random.nextInt(26)) + (char) ('a' + random.nextInt(26));
        seed(20, TEXT_WORDS, pair);
        StringBuilder query = new StringBuilder();
        for (int i = 0; i < 170; i++) {
            query.append(pair.get()).append(' ');
        }
        ObjectNode body = JSON.objectNode()
                .put("query", query.toString().trim())
                .put("optionalWords", query.toString())
                .put("attributesToSnippet", "text:5");
        Reply reply = client.post("/1/indexes/words/query", body.toString());
        assertThat(reply.requireOk()
                        .body()
                        .get("hits")
                        .get(0)
                        .get("_highlightResult")
                        .get("text")
                        .get("matchLevel")
                        .stringValue())
                .as("seed %d", SEED)
                .isNotEqualTo("none");
    }

    /** Replaces the index {@code words} with records of random words and a facet {@code kind}. */
    private void seed(int records, int wordsEach, java.util.function.Supplier<String> word) {
        ArrayNode list = JSON.arrayNode();
        for (int r = 0; r < records; r++) {
            StringBuilder text = new StringBuilder();
            for (int w = 0; w < wordsEach; w++) {
                text.append(word.get()).append(' ');
            }
            list.addObject()
                    .put("objectID", "r" + r)
                    .put("text", text.toString())
                    .put("kind", "some");
        }
        ObjectNode index = JSON.objectNode();
        index.putObject("settings").putArray("attributesForFaceting").add("kind");
        index.set("records", list);
        ObjectNode document = JSON.objectNode();
        document.putObject("indices").set("words", index);
        MOCK.server().seed(document.toString());
    }
}
