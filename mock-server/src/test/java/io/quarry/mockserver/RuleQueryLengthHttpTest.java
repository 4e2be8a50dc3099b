package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A rule never turns a search the service takes into a 400 by making its query too long: a replacement or an
 * insert longer than a query is refused when the rule is saved, and edits that grow the query past 512 characters
 * leave the words that fit whole. Seeded random edits; run another start with {@code -Dquarry.rule.query.seed=S}.
 */
class RuleQueryLengthHttpTest {

    private static final long SEED = Long.getLong("quarry.rule.query.seed", 20261129L);
    private static final int MAX = 512;
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    private Reply save(ObjectNode query) {
        ObjectNode rule = JSON.objectNode();
        rule.putArray("conditions").addObject().put("pattern", "w0").put("anchoring", "startsWith");
        rule.putObject("consequence").putObject("params").set("query", query.get("query"));
        return client.put("/1/indexes/long/rules/r", rule.toString());
    }

    private static ObjectNode replacement(String text) {
        return JSON.objectNode().put("query", text);
    }

    private static ObjectNode edits(List<String> deleted, List<String> inserted) {
        ObjectNode query = JSON.objectNode();
        ArrayNode edits = query.putObject("query").putArray("edits");
        for (int i = 0; i < deleted.size(); i++) {
            edits.addObject()
                    .put("type", "replace")
                    .put("delete", deleted.get(i))
                    .put("insert", inserted.get(i));
        }
        return query;
    }

    @Test
    void aReplacementOrAnInsertLongerThanAQueryIsRefusedWhenSaved() {
        Reply replaced = save(replacement("x".repeat(MAX + 1)));
        assertThat(replaced.status()).isEqualTo(400);
        assertThat(replaced.body().path("message").asString()).contains("consequence.params.query");
        Reply inserted = save(edits(List.of("w0"), List.of("y".repeat(MAX + 1))));
        assertThat(inserted.status()).isEqualTo(400);
        assertThat(inserted.body().path("message").asString()).contains("consequence.params.query");
        save(replacement("z".repeat(MAX))).requireOk();
        Reply search =
                client.post("/1/indexes/long/query", jq("{'query':'w0'}")).requireOk();
        assertThat(search.body().path("parsed_query").asString()).isEqualTo("z".repeat(MAX));
    }

    @Test
    void editsGrowingTheQueryPastALimitKeepTheWordsThatFit() {
        Random random = new Random(SEED);
        for (int round = 0; round < 20; round++) {
            int words = 1 + random.nextInt(8);
            List<String> query = new ArrayList<>();
            List<String> inserted = new ArrayList<>();
            for (int w = 0; w < words; w++) {
                query.add("w" + w);
                inserted.add(String.valueOf((char) ('a' + w)).repeat(1 + random.nextInt(MAX)));
            }
            save(edits(query, inserted)).requireOk();
            Reply search = client.post(
                    "/1/indexes/long/query",
                    JSON.objectNode().put("query", String.join(" ", query)).toString());
            String why = "seed " + SEED + ", round " + round + ": inserts of "
                    + inserted.stream().map(String::length).toList();
            assertThat(search.status()).as(why + " gave " + search).isEqualTo(200);
            assertThat(search.body().path("parsed_query").asString()).as(why).isEqualTo(fitting(inserted));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard: RuleQueryEditCostTest counts the cut's reads
    void aShortQueryEditedIntoManyLongWordsIsCutInTimeLinearInItsLength() {
        List<String> query = new ArrayList<>();
        List<String> inserted = new ArrayList<>();
        for (int w = 0; w < 100; w++) {
            query.add("w" + w);
            inserted.add("v".repeat(MAX));
        }
        save(edits(query, inserted)).requireOk();
        Reply search = client.post(
                "/1/indexes/long/query",
                JSON.objectNode().put("query", String.join(" ", query)).toString());
        assertThat(search.requireOk().body().path("parsed_query").asString()).isEqualTo("v".repeat(MAX));
    }

    /** The edited words that fit whole in a query, in order. */
    private static String fitting(List<String> words) {
        StringBuilder kept = new StringBuilder();
        for (String word : words) {
            int length = kept.length() + (kept.length() == 0 ? 0 : 1) + word.length();
            if (length > MAX) {
                break;
            }
            kept.append(kept.length() == 0 ? "" : " ").append(word);
        }
        return kept.toString();
    }
}
