package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random records of short words and queries built from them (typos, prefixes, quoted phrases, excluded
 * words, trailing spaces, letters capitalised or accented) under random text parameters: the records each search returns are the ones
 * {@link QueryTextOracle} says must match. {@code -Dquarry.queryText.rounds=N} runs N queries instead of 120.
 */
class QueryTextOracleHttpTest {

    private static final long SEED = 20261129L;
    private static final int RECORDS = 30;
    private static final Map<Character, Character> ACCENTED =
            Map.of('a', '\u00e1', 'b', '\u1e03', 'c', '\u00c7', 'd', '\u010f', 'e', '\u00e8');
    private static final int QUERIES = Integer.getInteger("quarry.queryText.rounds", 120);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Random random = new Random(SEED);
    private final List<String> vocabulary = new ArrayList<>();
    private final Map<String, Map<String, List<String>>> records = new LinkedHashMap<>();

    @Test
    void everySearchReturnsTheRecordsTheOracleMatches() {
        for (int i = 0; i < 40; i++) {
            vocabulary.add(random.nextInt(8) == 0 ? digits() : letters());
        }
        for (int r = 0; r < RECORDS; r++) {
            Map<String, List<String>> attributes = new LinkedHashMap<>();
            attributes.put("title", words(1 + random.nextInt(4)));
            attributes.put("body", words(random.nextInt(4)));
            records.put("id" + r, attributes);
            ObjectNode record = JsonNodeFactory.instance.objectNode();
            attributes.forEach((name, words) -> record.put(name, dress(String.join(" ", words))));
            client.put("/1/indexes/words/id" + r, record.toString()).requireOk();
        }
        client.put("/1/indexes/words/settings", jq("{'searchableAttributes':['title','body']}"))
                .requireOk();
        for (int q = 0; q < QUERIES; q++) {
            String query = query();
            String typoTolerance =
                    List.of("true", "true", "false", "min", "strict").get(random.nextInt(5));
            String queryType = List.of("prefixLast", "prefixAll", "prefixNone").get(random.nextInt(3));
            int oneTypo = 1 + random.nextInt(5);
            // A two-typo size below the one-typo size is a 400 when sent together.
            int twoTypos = Math.max(oneTypo, 2 + random.nextInt(7));
            QueryTextOracle.Params params = new QueryTextOracle.Params(
                    typoTolerance,
                    queryType,
                    oneTypo,
                    twoTypos,
                    random.nextBoolean(),
                    random.nextBoolean(),
                    random.nextInt(4) == 0 ? words(1 + random.nextInt(3)) : List.of(),
                    List.of("none", "none", "lastWords", "firstWords", "allOptional")
                            .get(random.nextInt(5)));
            ObjectNode body = JsonNodeFactory.instance
                    .objectNode()
                    .put("query", query)
                    .put("hitsPerPage", 1000)
                    .put("typoTolerance", params.typoTolerance())
                    .put("removeWordsIfNoResults", params.removeWordsIfNoResults())
                    .put("queryType", params.queryType())
                    .put("minWordSizefor1Typo", params.oneTypo())
                    .put("minWordSizefor2Typos", params.twoTypos())
                    .put("advancedSyntax", params.advancedSyntax())
                    .put("allowTyposOnNumericTokens", params.allowTyposOnNumericTokens());
            params.optionalWords().forEach(body.putArray("optionalWords")::add);
            Set<String> expected = new QueryTextOracle(query, params).select(records);
            Set<String> actual = new TreeSet<>(
                    client.post("/1/indexes/words/query", body.toString()).hitIds());
            assertThat(actual)
                    .as("seed %d, query %d: %s against %s", SEED, q, body, records)
                    .isEqualTo(expected);
        }
    }

    /** The same words with some letters capitalised or accented, which searching must not tell apart. */
    private String dress(String text) {
        StringBuilder dressed = new StringBuilder();
        for (char c : text.toCharArray()) {
            int variant = random.nextInt(12);
            dressed.append(
                    variant == 0
                            ? Character.toUpperCase(c)
                            : variant == 1 && ACCENTED.containsKey(c) ? ACCENTED.get(c) : Character.valueOf(c));
        }
        return dressed.toString();
    }

    private String letters() {
        StringBuilder word = new StringBuilder();
        for (int n = 1 + random.nextInt(6); n > 0; n--) {
            word.append((char) ('a' + random.nextInt(5)));
        }
        return word.toString();
    }

    private String digits() {
        StringBuilder word = new StringBuilder();
        for (int n = 2 + random.nextInt(4); n > 0; n--) {
            word.append((char) ('0' + random.nextInt(3)));
        }
        return word.toString();
    }

    private List<String> words(int count) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            words.add(vocabulary.get(random.nextInt(vocabulary.size())));
        }
        return words;
    }

    /** One to three parts: a word (maybe misspelt or cut short), a quoted run of a record's words, or -word. */
    private String query() {
        List<String> parts = new ArrayList<>();
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
            int kind = random.nextInt(10);
            if (kind < 2) {
                List<String> value = recordValue();
                int start = random.nextInt(value.size());
                int end = Math.min(value.size(), start + 1 + random.nextInt(3));
                String phrase = String.join(" ", value.subList(start, end));
                parts.add('"'
                        + (random.nextInt(4) == 0 ? phrase + " " + words(1).get(0) : phrase)
                        + (random.nextInt(6) == 0 ? "" : "\""));
            } else if (kind < 3) {
                parts.add("-" + words(1).get(0));
            } else {
                parts.add(dress(misspell(words(1).get(0))));
            }
        }
        return String.join(" ", parts) + (random.nextInt(3) == 0 ? " " : "");
    }

    private List<String> recordValue() {
        List<Map<String, List<String>>> all = new ArrayList<>(records.values());
        Map<String, List<String>> record = all.get(random.nextInt(all.size()));
        return record.get("title");
    }

    private String misspell(String word) {
        StringBuilder text = new StringBuilder(word);
        switch (random.nextInt(6)) {
            case 0 -> text.setCharAt(random.nextInt(text.length()), (char) ('a' + random.nextInt(5)));
            case 1 -> text.insert(random.nextInt(text.length() + 1), (char) ('a' + random.nextInt(5)));
            case 2 -> {
                if (text.length() > 1) {
                    text.deleteCharAt(random.nextInt(text.length()));
                }
            }
            case 3 -> {
                if (text.length() > 1) {
                    int i = random.nextInt(text.length() - 1);
                    char c = text.charAt(i);
                    text.setCharAt(i, text.charAt(i + 1));
                    text.setCharAt(i + 1, c);
                }
            }
            case 4 -> text.setLength(1 + random.nextInt(text.length()));
            default -> {}
        }
        return text.toString();
    }
}
