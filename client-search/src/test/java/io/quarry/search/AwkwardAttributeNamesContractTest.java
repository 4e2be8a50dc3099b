package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.FacetValuesQuery;
import io.quarry.search.model.HighlightResult;
import io.quarry.search.model.Hit;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Attribute names holding what settings, parameter lists and URLs give a meaning to (commas, {@code :}, parentheses
 * that look like modifiers, a leading {@code _}, spaces, {@code & = % + # ?}, non-ASCII, a dot) reach the mock server's engine as written, in
 * a JSON body, in the URL ({@code withParametersInUrl()}) and in a multi-search's parameter string: retrieval,
 * searchable attributes, facets, highlighting, snippets and custom ranking each give what a plain scan of the
 * records expects.
 */
class AwkwardAttributeNamesContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK =
            MockServerExtension.builder().state(StatePolicy.KEPT_ACROSS_CLASS).build();

    private static final long SEED = 2_026L;
    private static final String INDEX = "awkward-attributes";
    private static final String DOTTED = "a.b";

    /** Top-level attribute names, each holding one word of a small vocabulary per record. */
    static final List<String> NAMES = List.of(
            "with space",
            "a:b",
            "a,b",
            "(paren)",
            "searchable(x)",
            "unordered(u)",
            "desc(p)",
            "\u65e5\u672c\u8a9e",
            "\ud83d\ude00",
            "l".repeat(300),
            "_private",
            "plain",
            "p&q=r%2B +#?",
            "x/y\\z",
            DOTTED);

    private static final List<String> WORDS = List.of("amber", "birch", "cedar", "dune");

    private static final List<Map<String, Object>> RECORDS = new ArrayList<>();

    @AutoClose
    private static SearchClient admin;

    @BeforeAll
    static void index() {
        admin = SearchClient.create(MockServerClients.config(MOCK.server()));
        Random random = new Random(SEED);
        for (int i = 0; i < 24; i++) {
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("objectID", "r" + i);
            for (String name : NAMES) {
                if (random.nextInt(4) > 0) {
                    record.put(name, WORDS.get(random.nextInt(WORDS.size())));
                }
            }
            record.put("rank", i);
            record.put("n", Map.of("x y", WORDS.get(random.nextInt(WORDS.size())), "other", "plain"));
            RECORDS.add(record);
        }
        admin.index(INDEX)
                .saveObjects(RECORDS, BatchOptions.of().waitingForTasks().waitPolicy(FAST));
    }

    @Test
    void attributesToRetrieveReturnEachAwkwardNameAsWritten() {
        Random random = new Random(SEED);
        for (int round = 0; round < 6; round++) {
            List<String> wanted = pickSome(random, NAMES);
            SearchQuery query = SearchQuery.of().hitsPerPage(1000).attributesToRetrieve(wanted.toArray(String[]::new));
            Map<String, Map<String, Object>> expected = new TreeMap<>();
            for (Map<String, Object> record : RECORDS) {
                Map<String, Object> kept = new TreeMap<>();
                record.forEach((name, value) -> {
                    if (wanted.contains(name) || name.equals("objectID")) {
                        kept.put(name, value);
                    }
                });
                expected.put((String) record.get("objectID"), kept);
            }
            everyForm(query, page -> byId(page, AwkwardAttributeNamesContractTest::stored))
                    .forEach((form, got) -> assertThat(got)
                            .as(seeded(form + ": attributesToRetrieve " + wanted))
                            .isEqualTo(expected));
        }
    }

    @Test
    void aListWrittenAsOneStringSplitsAtEveryCommaWhileAnArrayKeepsTheNameWhole() {
        SearchQuery array = SearchQuery.of().hitsPerPage(1000).attributesToRetrieve("a,b");
        assertThat(array.toParamString()).contains("attributesToRetrieve=%5B%22a%2Cb%22%5D");
        SearchQuery joined = SearchQuery.of().hitsPerPage(1000).param("attributesToRetrieve", "plain, with space");
        Map<String, Set<String>> whole = new TreeMap<>();
        Map<String, Set<String>> split = new TreeMap<>();
        for (Map<String, Object> record : RECORDS) {
            String id = (String) record.get("objectID");
            whole.put(id, keys(record, Set.of("a,b", "objectID")));
            split.put(id, keys(record, Set.of("plain", "with space", "objectID")));
        }
        everyForm(array, page -> byId(page, hit -> new TreeSet<>(stored(hit).keySet())))
                .forEach((form, got) ->
                        assertThat(got).as(seeded(form + ": [\"a,b\"]")).isEqualTo(whole));
        everyForm(joined, page -> byId(page, hit -> new TreeSet<>(stored(hit).keySet())))
                .forEach((form, got) -> assertThat(got)
                        .as(seeded(form + ": \"plain, with space\""))
                        .isEqualTo(split));
    }

    @Test
    void unretrievableAwkwardNamesNeverLeaveTheServer() {
        SearchIndex index = admin.index(INDEX + "-unretrievable");
        index.saveObjects(RECORDS, BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        List<String> hidden = List.of(DOTTED, "with space", "a,b", "_private", "n.x y");
        index.waitForTask(
                index.setSettings(IndexSettings.of().unretrievableAttributes(hidden.toArray(String[]::new)))
                        .taskID(),
                FAST);
        Map<String, Map<String, Object>> expected = new TreeMap<>();
        for (Map<String, Object> record : RECORDS) {
            Map<String, Object> shown = new TreeMap<>(record);
            shown.keySet().removeAll(hidden);
            shown.put("n", Map.of("other", "plain"));
            expected.put((String) record.get("objectID"), shown);
        }
        // The admin key sees unretrievable attributes; a search key does not.
        String key = admin.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
        admin.apiKeys().waitForApiKey(key, ApiKeyChange.ADD, null, FAST);
        try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
            SearchIndex searched = client.index(index.name());
            SearchQuery query = SearchQuery.of().hitsPerPage(1000).attributesToHighlight();
            everyForm(client, searched, query, page -> byId(page, AwkwardAttributeNamesContractTest::stored))
                    .forEach((form, got) -> assertThat(got)
                            .as(seeded(form + ": unretrievable " + hidden))
                            .isEqualTo(expected));
            assertThat(stored(searched.getObject("r0", FreeFormRecord.class)))
                    .as(seeded("a record read by objectID"))
                    .isEqualTo(expected.get("r0"));
        }
    }

    @Test
    void searchableAttributesNamingAwkwardAttributesFindTheRecordsHoldingTheWord() {
        Random random = new Random(SEED + 1);
        SearchIndex index = admin.index(INDEX + "-searchable");
        index.saveObjects(RECORDS, BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        for (int round = 0; round < 4; round++) {
            List<String> searchable = pickSome(
                    random, NAMES.stream().filter(n -> !n.contains(",")).toList());
            List<String> entries = new ArrayList<>();
            for (int i = 0; i < searchable.size(); i++) {
                String name = searchable.get(i);
                if (i + 1 < searchable.size() && random.nextBoolean()) {
                    // Two names of one priority, comma-joined, as the setting allows.
                    entries.add(searchable(name, random) + "," + searchable(searchable.get(++i), random));
                } else {
                    entries.add(searchable(name, random));
                }
            }
            index.waitForTask(
                    index.setSettings(IndexSettings.of().searchableAttributes(entries.toArray(String[]::new)))
                            .taskID(),
                    FAST);
            String word = WORDS.get(random.nextInt(WORDS.size()));
            Set<String> expected = ids(r -> searchable.stream().anyMatch(n -> word.equals(r.get(n))));
            everyForm(
                            index,
                            SearchQuery.of(word).hitsPerPage(1000),
                            page -> byId(page, h -> true).keySet())
                    .forEach((form, got) -> assertThat(got)
                            .as(seeded(form + ": searchableAttributes " + entries + ", query " + word))
                            .isEqualTo(expected));
        }
    }

    @Test
    void facetsOnAwkwardNamesCountEveryValue() {
        SearchIndex index = admin.index(INDEX + "-facets");
        index.saveObjects(RECORDS, BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        List<String> declared = new ArrayList<>();
        for (String name : NAMES) {
            declared.add(declared.size() % 2 == 0 ? "searchable(" + name + ")" : "afterDistinct(" + name + ")");
        }
        declared.add("n.x y");
        index.waitForTask(
                index.setSettings(IndexSettings.of().attributesForFaceting(declared.toArray(String[]::new)))
                        .taskID(),
                FAST);
        List<String> facets = new ArrayList<>(NAMES);
        facets.add("n.x y");
        Map<String, Map<String, Long>> expected = new TreeMap<>();
        for (String facet : facets) {
            Map<String, Long> counts = new TreeMap<>();
            for (Map<String, Object> record : RECORDS) {
                Object value = facet.equals("n.x y") ? ((Map<?, ?>) record.get("n")).get("x y") : record.get(facet);
                if (value != null) {
                    counts.merge((String) value, 1L, Long::sum);
                }
            }
            expected.put(facet, counts);
        }
        SearchQuery query =
                SearchQuery.of().facets(facets.toArray(String[]::new)).maxValuesPerFacet(100);
        everyForm(index, query, page -> new TreeMap<>(page.facets()))
                .forEach((form, got) ->
                        assertThat(got).as(seeded(form + ": facets " + facets)).isEqualTo(expected));
        for (int i = 0; i < NAMES.size(); i += 2) {
            String facet = NAMES.get(i);
            Map<String, Long> values = new TreeMap<>();
            index.searchForFacetValues(FacetValuesQuery.of(facet).facetQuery("").maxFacetHits(100))
                    .facetHits()
                    .forEach(h -> values.put(h.value(), h.count()));
            assertThat(values).as(seeded("facet value search on " + facet)).isEqualTo(expected.get(facet));
        }
    }

    @Test
    void highlightsAndSnippetsNameEachAwkwardAttribute() {
        Random random = new Random(SEED + 2);
        for (int round = 0; round < 4; round++) {
            List<String> names = pickSome(random, NAMES);
            String word = WORDS.get(random.nextInt(WORDS.size()));
            SearchQuery query = SearchQuery.of(word)
                    .hitsPerPage(1000)
                    .attributesToHighlight(names.toArray(String[]::new))
                    .attributesToSnippet(names.stream().map(n -> n + ":3").toArray(String[]::new));
            Map<String, Map<String, String>> expected = new TreeMap<>();
            for (Map<String, Object> record : RECORDS) {
                if (record.values().stream().anyMatch(word::equals)
                        || record.get("n").toString().contains(word)) {
                    Map<String, String> marked = new TreeMap<>();
                    for (String name : names) {
                        if (record.containsKey(name)) {
                            String value = (String) record.get(name);
                            String shown = value.equals(word) ? "<em>" + value + "</em>" : value;
                            marked.put("h " + name, shown);
                            marked.put("s " + name, shown);
                        }
                    }
                    expected.put((String) record.get("objectID"), marked);
                }
            }
            everyForm(query, page -> byId(page, AwkwardAttributeNamesContractTest::marked))
                    .forEach((form, got) -> assertThat(got)
                            .as(seeded(form + ": highlight and snippet " + names + " for " + word))
                            .isEqualTo(expected));
        }
    }

    @Test
    void customRankingOnAwkwardNamesOrdersTheHits() {
        SearchIndex index = admin.index(INDEX + "-ranking");
        List<Map<String, Object>> records = new ArrayList<>();
        Random random = new Random(SEED + 3);
        for (int i = 0; i < 12; i++) {
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("objectID", "k" + i);
            for (String name : NAMES) {
                record.put(name, random.nextInt(5));
            }
            records.add(record);
        }
        index.saveObjects(records, BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        for (String name : NAMES) {
            for (String order : List.of("asc", "desc")) {
                String criterion = order + "(" + name + ")";
                // The criterion in customRanking, or as a sort criterion at the head of ranking.
                Map<String, Object> sent = new LinkedHashMap<>();
                sent.put("customRanking", order.equals("asc") ? List.of(criterion) : null);
                sent.put("ranking", order.equals("asc") ? null : List.of(criterion, "typo", "custom"));
                IndexSettings settings = IndexSettings.of(sent);
                index.waitForTask(index.setSettings(settings).taskID(), FAST);
                List<Integer> ranks =
                        index.search(SearchQuery.of().hitsPerPage(100), FreeFormRecord.class).records().stream()
                                .map(r -> ((Number) r.get(name)).intValue())
                                .toList();
                List<Integer> sorted = new ArrayList<>(ranks);
                sorted.sort(order.equals("asc") ? null : Collections.reverseOrder());
                assertThat(ranks).as(seeded(settings.values().toString())).isEqualTo(sorted);
            }
        }
    }

    /** A searchable attribute, unordered or not; a name that reads as the modifier is wrapped once more. */
    private static String searchable(String name, Random random) {
        boolean looksLikeTheModifier = name.startsWith("unordered(") && name.endsWith(")");
        return looksLikeTheModifier || random.nextBoolean() ? "unordered(" + name + ")" : name;
    }

    /** The hit's attributes without the members the engine adds (a record's own {@code _private} stays). */
    private static Map<String, Object> stored(Hit<FreeFormRecord> hit) {
        return stored(hit.raw());
    }

    private static Map<String, Object> stored(FreeFormRecord record) {
        Map<String, Object> stored = new TreeMap<>(record.attributes());
        stored.keySet().removeAll(Set.of("_highlightResult", "_snippetResult", "_rankingInfo"));
        stored.replaceAll((name, value) -> value instanceof FreeFormRecord nested ? nested.attributes() : value);
        return stored;
    }

    private static Map<String, String> marked(Hit<FreeFormRecord> hit) {
        Map<String, String> marked = new TreeMap<>();
        for (String name : NAMES) {
            hit.highlight(name).map(HighlightResult::value).ifPresent(v -> marked.put("h " + name, v));
            hit.snippet(name).map(HighlightResult::value).ifPresent(v -> marked.put("s " + name, v));
        }
        return marked;
    }

    private static <T> Map<String, T> everyForm(SearchQuery query, Function<SearchResponse<FreeFormRecord>, T> read) {
        return everyForm(admin.index(INDEX), query, read);
    }

    /** The same search as a JSON body, in the URL and in a multi-search's parameter string. */
    private static <T> Map<String, T> everyForm(
            SearchIndex index, SearchQuery query, Function<SearchResponse<FreeFormRecord>, T> read) {
        return everyForm(admin, index, query, read);
    }

    private static <T> Map<String, T> everyForm(
            SearchClient client,
            SearchIndex index,
            SearchQuery query,
            Function<SearchResponse<FreeFormRecord>, T> read) {
        Map<String, T> out = new LinkedHashMap<>();
        out.put("body", read.apply(index.search(query, FreeFormRecord.class)));
        out.put("URL", read.apply(index.withParametersInUrl().search(query, FreeFormRecord.class)));
        SearchResponse<FreeFormRecord> multi = client.multiSearch(
                        List.of(IndexQuery.of(index.name(), query)), null, FreeFormRecord.class)
                .get(0)
                .search()
                .orElseThrow();
        out.put("multi-search", read.apply(multi));
        return out;
    }

    private static <T> Map<String, T> byId(SearchResponse<FreeFormRecord> page, Function<Hit<FreeFormRecord>, T> read) {
        Map<String, T> out = new TreeMap<>();
        page.hits().forEach(hit -> out.put(hit.objectID().orElseThrow(), read.apply(hit)));
        return out;
    }

    private static Set<String> ids(java.util.function.Predicate<Map<String, Object>> reference) {
        return RECORDS.stream()
                .filter(reference)
                .map(r -> (String) r.get("objectID"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> keys(Map<String, Object> record, Set<String> names) {
        Set<String> keys = new TreeSet<>(record.keySet());
        keys.retainAll(names);
        return keys;
    }

    private static List<String> pickSome(Random random, List<String> names) {
        List<String> shuffled = new ArrayList<>(names);
        Collections.shuffle(shuffled, random);
        return List.copyOf(shuffled.subList(0, 1 + random.nextInt(shuffled.size())));
    }

    private static String seeded(String what) {
        return what + " (seed " + SEED + ")";
    }
}
