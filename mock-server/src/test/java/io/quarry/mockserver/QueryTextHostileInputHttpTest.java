package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Odd query text (control characters, surrogates out of their pair, combining marks alone, right-to-left and CJK
 * text, emoji, quotes never closed, minus signs alone, 512 characters of any of them) is read as words and
 * separators: every search answers 200, with or without the advanced syntax, and separators alone match every
 * record.
 */
class QueryTextHostileInputHttpTest {

    private static final long SEED = 20261131L;

    /** JSON string contents, escapes included: the text a client may send as {@code query}. */
    private static final List<String> PIECES = List.of(
            "\\u0000",
            "\\ud800",
            "\\udc00",
            "\\ud83d\\ude00",
            "\\u0301",
            "\\u200f",
            "\\ufeff",
            "\\uffff",
            "\\\"",
            "-",
            "--",
            " ",
            "\\t",
            "\\n",
            "\u05e9\u05dc\u05d5\u05dd",
            "\u4e2d\u6587",
            "e\u0301te\u0301",
            "caf\u00e9",
            "apple",
            "pie",
            "*",
            "(",
            ")",
            ":",
            "\\\\");

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'odd':{'records':["
                + "{'objectID':'1','name':'apple pie \u00e9t\u00e9'},"
                + "{'objectID':'2','name':'\u4e2d\u6587 \u05e9\u05dc\u05d5\u05dd cafe'}]}}}"));
    }

    private Reply search(String queryJsonText, boolean advanced) {
        return client.post(
                "/1/indexes/odd/query",
                "{\"query\":\"" + queryJsonText + "\",\"advancedSyntax\":" + advanced
                        + ",\"attributesToSnippet\":[\"name:2\"],\"getRankingInfo\":true}");
    }

    @Test
    void separatorsAloneMatchEveryRecord() {
        for (String separators : List.of("\\u0000", "\\ud800", "\\ud83d\\ude00 -", "\\u0301\\u200f", "\\\"", "- -")) {
            for (boolean advanced : new boolean[] {false, true}) {
                assertThat(search(separators, advanced).hitIds())
                        .as("%s, advancedSyntax %s", separators, advanced)
                        .containsExactly("1", "2");
            }
        }
    }

    @Test
    void wordsBesideOddCharactersStillMatch() {
        assertThat(search("\\u0000apple\\ud800", false).hitIds()).containsExactly("1");
        assertThat(search("\\u200f\u05e9\u05dc\u05d5\u05dd\\u200f", false).hitIds())
                .containsExactly("2");
        assertThat(search("\u4e2d\u6587", false).hitIds()).containsExactly("2");
        assertThat(search("e\u0301te\u0301", false).hitIds()).containsExactly("1");
        assertThat(search("\\\"apple pie", true).hitIds())
                .as("a quote never closed")
                .containsExactly("1");
        assertThat(search("- apple", true).hitIds()).as("a minus alone").containsExactly("1");
        assertThat(search("-\\\"apple pie\\\"", true).hitIds()).containsExactly("1");
        assertThat(search("caf\u00e9 -\u4e2d\u6587", true).hitIds()).isEmpty();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: the statuses are the checks
    void seededRandomOddQueriesAnswer200() {
        Random random = new Random(SEED);
        for (int round = 0; round < 60; round++) {
            StringBuilder query = new StringBuilder();
            int target = round % 10 == 0 ? 500 : 1 + random.nextInt(40);
            while (query.length() < target) {
                query.append(PIECES.get(random.nextInt(PIECES.size())));
            }
            boolean advanced = random.nextBoolean();
            Reply reply = search(query.toString(), advanced);
            assertThat(reply.status())
                    .as("seed %d, round %d: %s (advancedSyntax %s) -> %s", SEED, round, query, advanced, reply)
                    .isIn(200, 400);
            if (reply.status() == 400) {
                assertThat(reply.body().get("message").stringValue()).startsWith("query: too long");
            }
        }
    }
}
