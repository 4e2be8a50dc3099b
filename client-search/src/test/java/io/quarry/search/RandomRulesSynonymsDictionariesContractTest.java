package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Anchoring;
import io.quarry.search.model.DictionaryEntry;
import io.quarry.search.model.DictionaryName;
import io.quarry.search.model.DictionaryOperation;
import io.quarry.search.model.DictionaryQuery;
import io.quarry.search.model.Promotion;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleCondition;
import io.quarry.search.model.RuleConsequence;
import io.quarry.search.model.RuleQuery;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.Synonym;
import io.quarry.search.model.SynonymQuery;
import io.quarry.search.model.TimeRange;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Rules, synonyms and dictionary entries holding random awkward text (query syntax, quotes, backslashes, spaces
 * at the ends and doubled, facet placeholders, accents, combining marks, CJK, astral characters, long and empty
 * text) and objectIDs a path must encode are saved through the client and come back exactly as sent from a get,
 * a search and a listing of every one.
 */
class RandomRulesSynonymsDictionariesContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final long SEED = 20;

    private static final String[] PARTS = {
        "a",
        "b",
        " ",
        "  ",
        ":",
        "-",
        "\"",
        "'",
        "\\",
        "\\\"",
        ",",
        ";",
        ".",
        "!",
        "?",
        "(",
        ")",
        "*",
        "&",
        "%",
        "%20",
        "+",
        "#",
        "/",
        "<",
        ">",
        "{",
        "}",
        "{facet:brand}",
        "é",
        "e\u0301",
        "\u00df",
        "\u0130",
        "\u65e5\u672c",
        "\ud83d\ude00",
        "\ud83d\udc69\u200d\ud83d\udc67",
        "\t",
        "\u00a0",
        "NOT",
        "OR"
    };
    private static final String[] ID_PARTS = {
        "a", "/", " ", "%", "%2F", "?", "#", "+", "&", "=", "é", "\ud83d\ude00", ":", "\\", "\"", "..", "~"
    };

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final Random random = new Random(SEED);
    private int counter;

    @Test
    void rulesComeBackAsSent() {
        SearchIndex index = client.index("random-rules");
        List<Rule> sent = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            sent.add(rule(i));
        }
        index.waitForTask(index.rules().saveAll(sent).taskID(), FAST);
        Rule alone = rule(40);
        index.waitForTask(index.rules().save(alone).taskID(), FAST);
        sent.add(alone);

        for (Rule rule : sent) {
            assertThat(index.rules().get(rule.objectID()))
                    .as(seeded("get " + rule.objectID()))
                    .isEqualTo(rule);
            assertThat(index.rules().search(RuleQuery.of(rule.objectID())).hits())
                    .as(seeded("search " + rule.objectID()))
                    .contains(rule);
        }
        assertThat(index.rules().browse()).as(seeded("browse")).containsExactlyInAnyOrderElementsOf(sent);

        List<Rule> replacing = List.of(rule(41), rule(42));
        index.waitForTask(index.rules().replaceAll(replacing).taskID(), FAST);
        assertThat(index.rules().browse())
                .as(seeded("after replaceAll"))
                .containsExactlyInAnyOrderElementsOf(replacing);
    }

    @Test
    void synonymsComeBackAsSent() {
        SearchIndex index = client.index("random-synonyms");
        List<Synonym> sent = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            sent.add(synonym(i));
        }
        index.waitForTask(index.synonyms().saveAll(sent).taskID(), FAST);

        for (Synonym synonym : sent) {
            assertThat(index.synonyms().get(synonym.objectID()))
                    .as(seeded("get " + synonym.objectID()))
                    .isEqualTo(synonym);
            assertThat(index.synonyms()
                            .search(SynonymQuery.of(synonym.objectID()).hitsPerPage(1000))
                            .hits())
                    .as(seeded("search " + synonym.objectID()))
                    .contains(synonym);
        }
        assertThat(index.synonyms().browse()).as(seeded("browse")).containsExactlyInAnyOrderElementsOf(sent);

        List<Synonym> replacing = List.of(synonym(50), synonym(51));
        index.waitForTask(index.synonyms().replaceAll(replacing).taskID(), FAST);
        assertThat(index.synonyms().browse())
                .as(seeded("after replaceAll"))
                .containsExactlyInAnyOrderElementsOf(replacing);
    }

    @Test
    void dictionaryEntriesComeBackAsSent() {
        Dictionaries dictionaries = client.dictionaries();
        for (DictionaryName name :
                List.of(DictionaryName.STOPWORDS, DictionaryName.PLURALS, DictionaryName.COMPOUNDS)) {
            Map<String, DictionaryEntry> sent = new LinkedHashMap<>();
            for (int i = 0; i < 20; i++) {
                DictionaryEntry entry = entry(name, i);
                sent.put(entry.objectID(), entry);
            }
            client.waitForAppTask(
                    dictionaries
                            .replaceCustomEntries(
                                    name,
                                    sent.values().stream()
                                            .map(DictionaryOperation::add)
                                            .toList())
                            .taskID(),
                    FAST);
            String deleted = sent.keySet().iterator().next();
            client.waitForAppTask(
                    dictionaries
                            .batch(name, List.of(DictionaryOperation.delete(deleted)))
                            .taskID(),
                    FAST);
            sent.remove(deleted);

            for (DictionaryEntry entry : sent.values()) {
                String prefix = firstWord(entry);
                assertThat(dictionaries
                                .search(
                                        name,
                                        DictionaryQuery.of(prefix)
                                                .language(entry.language())
                                                .hitsPerPage(1000))
                                .hits())
                        .as(seeded(name + " search " + prefix))
                        .contains(asCustom(entry));
                assertThat(dictionaries.browse(name, entry.language()))
                        .as(seeded(name + " browse " + entry.language()))
                        .contains(asCustom(entry));
            }
        }
    }

    private Rule rule(int n) {
        List<RuleCondition> conditions = new ArrayList<>();
        for (int i = random.nextInt(3); i >= 0; i--) {
            Anchoring anchoring = List.of(Anchoring.IS, Anchoring.STARTS_WITH, Anchoring.ENDS_WITH, Anchoring.CONTAINS)
                    .get(random.nextInt(4));
            RuleCondition condition = RuleCondition.of(text(), anchoring);
            conditions.add(random.nextBoolean() ? condition : condition.context(context()));
        }
        SearchQuery params = SearchQuery.of()
                .filters("brand:\"" + text().replace("\\", "\\\\").replace("\"", "\\\"") + "\"");
        if (random.nextBoolean()) {
            params = params.param(
                    "query",
                    Map.of(
                            "edits",
                            List.of(
                                    Map.of("type", "remove", "delete", text()),
                                    Map.of("type", "replace", "delete", text(), "insert", text()))));
        }
        RuleConsequence consequence = RuleConsequence.params(params)
                .withPromotions(Promotion.of(id(), random.nextInt(10)), Promotion.together(List.of(id(), id()), 3))
                .withHidden(id(), id())
                .withUserData(Map.of("text", text(), "list", List.of(text(), "")));
        Instant now = Instant.now();
        return new Rule(
                id() + "-r" + n,
                conditions,
                consequence,
                n % 7 == 0 ? longText() : text(),
                random.nextBoolean(),
                List.of(
                        new TimeRange(Instant.MIN, Instant.MAX),
                        new TimeRange(Instant.MIN, null),
                        new TimeRange(null, Instant.MAX),
                        new TimeRange(now, now)),
                null);
    }

    private Synonym synonym(int n) {
        String id = id() + "-s" + n;
        return switch (n % 5) {
            case 0 -> Synonym.regular(id, text(), text(), n % 10 == 0 ? longText() : "");
            case 1 -> Synonym.oneWay(id, text(), text(), text());
            case 2 -> Synonym.altCorrection1(id, text(), text());
            case 3 -> Synonym.altCorrection2(id, text(), text(), text());
            default -> Synonym.placeholder(id, "<" + text() + ">", text(), text());
        };
    }

    private DictionaryEntry entry(DictionaryName name, int n) {
        String id = id() + "-d" + n;
        String language = List.of("en", "fr", "de", "pt-br", "zh", "nl").get(random.nextInt(6));
        String word = "zq" + n + text();
        if (name == DictionaryName.STOPWORDS) {
            DictionaryEntry entry = DictionaryEntry.stopword(id, language, word);
            return random.nextBoolean() ? entry : entry.enabled(random.nextBoolean());
        }
        if (name == DictionaryName.PLURALS) {
            return DictionaryEntry.plural(id, language, word, text(), longText());
        }
        return random.nextBoolean()
                ? DictionaryEntry.compound(id, language, word)
                : DictionaryEntry.compound(id, language, word, text(), text(), text());
    }

    /** An entry as the service lists it: a custom one, a stop word enabled unless it says otherwise. */
    private static DictionaryEntry asCustom(DictionaryEntry entry) {
        return new DictionaryEntry(
                entry.objectID(),
                entry.language(),
                entry.word(),
                entry.words(),
                entry.decomposition(),
                entry.word() != null && entry.decomposition() == null && entry.state() == null
                        ? "enabled"
                        : entry.state(),
                "custom");
    }

    /** The dictionary search finds an entry by the start of its word: the "zq" and number each word starts with. */
    private static String firstWord(DictionaryEntry entry) {
        String word = entry.word() != null ? entry.word() : entry.words().get(0);
        int end = 2;
        while (end < word.length() && Character.isDigit(word.charAt(end))) {
            end++;
        }
        return word.substring(0, end);
    }

    /** Up to eight random parts; sometimes none (an empty text). */
    private String text() {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(9); i > 0; i--) {
            text.append(PARTS[random.nextInt(PARTS.length)]);
        }
        return text.toString();
    }

    private String longText() {
        return text().repeat(1 + random.nextInt(3)) + "\ud83d\ude00".repeat(2_000) + "x".repeat(3_000);
    }

    /** A rule context: the service takes letters, digits, {@code _} and {@code -} only. */
    private String context() {
        String alphabet = "aZ09_-";
        StringBuilder context = new StringBuilder();
        for (int i = 1 + random.nextInt(12); i > 0; i--) {
            context.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return context.toString();
    }

    /** A unique objectID of random parts a path must encode, never only dots. */
    private String id() {
        StringBuilder id = new StringBuilder();
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
            id.append(ID_PARTS[random.nextInt(ID_PARTS.length)]);
        }
        return id.append(counter++).toString();
    }

    private static String seeded(String what) {
        return what + " (seed " + SEED + ")";
    }
}
