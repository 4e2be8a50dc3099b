package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.FacetHit;
import io.quarry.search.model.FacetValuesQuery;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Facet values holding what the filter syntaxes, URLs and parameter strings give a meaning to, named in
 * {@code filters} (quoted, a backslash before a quote or a backslash) and {@code facetFilters} (a backslash before a
 * leading minus), reach the mock server's engine as written every way a search travels: in a JSON body, in the URL
 * ({@code withParametersInUrl()}), in a multi-search's parameter string and in a secured API key's restrictions. Each
 * filter selects the records a plain scan finds; facet counts and facet value search give each value back as written.
 */
class AwkwardFilterValuesContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK =
            MockServerExtension.builder().state(StatePolicy.KEPT_ACROSS_CLASS).build();

    private static final long SEED = 4_242L;
    private static final String INDEX = "awkward-brands";

    private static final List<String> VALUES = List.of(
            "a:b",
            "-lead",
            "say \"hi\"",
            "it's",
            "'visual studio'",
            "back\\slash",
            "trail\\",
            " padded ",
            "(paren)",
            "AND",
            "x OR y",
            "a,b",
            "100% +1 & a=b#?",
            "\u00c9lan",
            "elan",
            "\u65e5\u672c\u8a9e",
            "\ud83d\ude00",
            "\ud840\udc00",
            "",
            "<score=1>",
            "\u0131");

    private static final List<Map<String, Object>> RECORDS = new ArrayList<>();

    @AutoClose
    private static SearchClient admin;

    private static String parent;

    @BeforeAll
    static void index() {
        admin = SearchClient.create(MockServerClients.config(MOCK.server()));
        SearchIndex index = admin.index(INDEX);
        index.waitForTask(
                index.setSettings(IndexSettings.of().attributesForFaceting("searchable(brand)"))
                        .taskID(),
                FAST);
        Random random = new Random(SEED);
        for (int i = 0; i < 30; i++) {
            Set<String> brands = new LinkedHashSet<>();
            brands.add(i < VALUES.size() ? VALUES.get(i) : pick(random));
            if (random.nextBoolean()) {
                brands.add(pick(random));
            }
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("objectID", "r" + i);
            record.put("brand", List.copyOf(brands));
            RECORDS.add(record);
        }
        index.saveObjects(RECORDS, BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        parent = admin.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
        admin.apiKeys().waitForApiKey(parent, ApiKeyChange.ADD, null, FAST);
    }

    @Test
    void filtersNamingAwkwardValuesSelectTheSameRecordsInABodyTheUrlAndAMultiSearch() {
        Random random = new Random(SEED);
        for (String value : VALUES) {
            String other = pick(random);
            String third = pick(random);
            Predicate<Map<String, Object>> holds = r -> holds(r, value);
            Predicate<Map<String, Object>> combined =
                    holds.or(r -> holds(r, other)).and(r -> !holds(r, third));

            expectEverywhere(value, SearchQuery.of().filters("brand:" + quoted(value)), holds);
            expectEverywhere(
                    value,
                    SearchQuery.of()
                            .filters("(brand:" + quoted(value) + " OR brand:" + quoted(other) + ") AND NOT brand:"
                                    + quoted(third)),
                    combined);
            expectEverywhere(
                    value,
                    SearchQuery.of()
                            .facetFilters(List.of(List.of(facetFilter(value), facetFilter(other)), "brand:-" + third)),
                    combined);
        }
    }

    @Test
    void aSecuredKeysFiltersNamingAwkwardValuesAreAndedWithTheQuerys() {
        Random random = new Random(SEED + 1);
        for (String value : VALUES) {
            String third = pick(random);
            SecuredApiKeyRestrictions restrictions = SecuredApiKeyRestrictions.of()
                    .filters("brand:" + quoted(value))
                    .restrictIndices(INDEX);
            String key = SecuredApiKeys.generate(parent, restrictions);
            assertThat(SecuredApiKeys.decode(key).searchParams().params().get("filters"))
                    .as(seeded("decoded filters of " + show(value)))
                    .isEqualTo(restrictions.searchParams().params().get("filters"));
            try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
                SearchResponse<FreeFormRecord> page = client.index(INDEX)
                        .search(
                                SearchQuery.of().hitsPerPage(1000).filters("NOT brand:" + quoted(third)),
                                FreeFormRecord.class);
                assertThat(ids(page))
                        .as(seeded("secured key filters on " + show(value) + ", NOT " + show(third)))
                        .isEqualTo(expected(r -> holds(r, value) && !holds(r, third)));
            }
        }
        String forced = SecuredApiKeys.generate(
                parent,
                SecuredApiKeyRestrictions.of()
                        .searchParams(
                                SearchQuery.of().facetFilters(List.of(List.of(facetFilter("-lead"), "brand:a,b")))));
        try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server(), forced))) {
            assertThat(ids(client.index(INDEX).search(SearchQuery.of().hitsPerPage(1000), FreeFormRecord.class)))
                    .as(seeded("secured key facetFilters"))
                    .isEqualTo(expected(r -> holds(r, "-lead") || holds(r, "a,b")));
        }
    }

    @Test
    void anApiKeysQueryParametersCarryFiltersNamingAwkwardValues() {
        String filters = "brand:" + quoted("100% +1 & a=b#?") + " OR brand:" + quoted("say \"hi\"");
        String key = admin.apiKeys()
                .add(ApiKey.of(Acl.SEARCH).queryParameters(SearchQuery.of().filters(filters)))
                .key();
        admin.apiKeys().waitForApiKey(key, ApiKeyChange.ADD, null, FAST);
        try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
            assertThat(ids(client.index(INDEX).search(SearchQuery.of().hitsPerPage(1000), FreeFormRecord.class)))
                    .as(seeded("key queryParameters " + filters))
                    .isEqualTo(expected(r -> holds(r, "100% +1 & a=b#?") || holds(r, "say \"hi\"")));
        }
    }

    @Test
    void aBackslashThatEscapesNothingIsRefusedWithTheServicesBadRequest() {
        SearchQuery windowsPath = SearchQuery.of().filters("brand:\"C:\\temp\"");
        SearchIndex index = admin.index(INDEX);
        for (SearchIndex form : List.of(index, index.withParametersInUrl())) {
            assertThatThrownBy(() -> form.search(windowsPath, FreeFormRecord.class))
                    .isInstanceOfSatisfying(
                            BadRequestException.class,
                            e -> assertThat(e.serviceMessage()).startsWith("filters: invalid escape '\\t' at col 10"));
        }
        String key =
                SecuredApiKeys.generate(parent, SecuredApiKeyRestrictions.of().filters("brand:back\\slash"));
        try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
            assertThatThrownBy(() -> client.index(INDEX).search(SearchQuery.of(), FreeFormRecord.class))
                    .isInstanceOfSatisfying(
                            BadRequestException.class,
                            e -> assertThat(e.serviceMessage()).startsWith("filters: invalid escape '\\s' at col 11"));
        }
    }

    @Test
    void facetCountsAndFacetValueSearchGiveEachValueBackAsWritten() {
        Map<String, Long> counts = new HashMap<>();
        for (Map<String, Object> record : RECORDS) {
            brands(record).forEach(v -> counts.merge(v, 1L, Long::sum));
        }
        SearchIndex index = admin.index(INDEX);
        SearchQuery facets = SearchQuery.of().facets("brand").maxValuesPerFacet(1000);
        assertThat(index.search(facets, FreeFormRecord.class).facets().get("brand"))
                .as(seeded("facets in a body"))
                .isEqualTo(counts);
        assertThat(index.withParametersInUrl()
                        .search(facets, FreeFormRecord.class)
                        .facets()
                        .get("brand"))
                .as(seeded("facets in the URL"))
                .isEqualTo(counts);
        assertThat(facetHits(index.searchForFacetValues(
                                FacetValuesQuery.of("brand").facetQuery("").maxFacetHits(100))
                        .facetHits()))
                .as(seeded("facet value search"))
                .isEqualTo(counts);
        String value = "say \"hi\"";
        List<FacetHit> hits = admin.multiSearch(
                        List.of(IndexQuery.facet(
                                        INDEX, "brand", "hi", SearchQuery.of().filters("brand:" + quoted(value)))
                                .maxFacetHits(100)),
                        null,
                        FreeFormRecord.class)
                .get(0)
                .facetSearch()
                .orElseThrow()
                .facetHits();
        assertThat(facetHits(hits))
                .as(seeded("facet value search in a multi-search"))
                .containsEntry(value, counts.get(value));
    }

    private static void expectEverywhere(String value, SearchQuery query, Predicate<Map<String, Object>> reference) {
        SearchQuery all = query.hitsPerPage(1000);
        Set<String> expected = expected(reference);
        String what = show(value) + " in " + all.params();
        SearchIndex index = admin.index(INDEX);
        assertThat(ids(index.search(all, FreeFormRecord.class)))
                .as(seeded("body: " + what))
                .isEqualTo(expected);
        assertThat(ids(index.withParametersInUrl().search(all, FreeFormRecord.class)))
                .as(seeded("URL: " + what))
                .isEqualTo(expected);
        SearchResponse<FreeFormRecord> multi = admin.multiSearch(
                        List.of(IndexQuery.of(INDEX, all)), null, FreeFormRecord.class)
                .get(0)
                .search()
                .orElseThrow();
        assertThat(ids(multi)).as(seeded("multi-search: " + what)).isEqualTo(expected);
    }

    private static Set<String> expected(Predicate<Map<String, Object>> reference) {
        return RECORDS.stream()
                .filter(reference)
                .map(r -> (String) r.get("objectID"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> ids(SearchResponse<FreeFormRecord> page) {
        return page.records().stream()
                .map(r -> r.objectID().orElseThrow())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Map<String, Long> facetHits(List<FacetHit> hits) {
        Map<String, Long> counts = new HashMap<>();
        hits.forEach(h -> counts.put(h.value(), h.count()));
        return counts;
    }

    @SuppressWarnings("unchecked")
    private static List<String> brands(Map<String, Object> record) {
        return (List<String>) record.get("brand");
    }

    /** Facet filters ignore case and accents. */
    private static boolean holds(Map<String, Object> record, String value) {
        return brands(record).stream().anyMatch(v -> fold(v).equals(fold(value)));
    }

    private static String fold(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFD)
                .replaceAll("\\p{M}", "")
                .toLowerCase(Locale.ROOT);
    }

    private static String pick(Random random) {
        return VALUES.get(random.nextInt(VALUES.size()));
    }

    /** A value in {@code filters}: double-quoted, a backslash before each backslash and double quote. */
    private static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** A value in {@code facetFilters}: a leading minus escaped so that it does not negate. */
    private static String facetFilter(String value) {
        return "brand:" + (value.startsWith("-") ? "\\" + value : value);
    }

    private static String seeded(String what) {
        return what + " (seed " + SEED + ")";
    }

    private static String show(String value) {
        StringBuilder out = new StringBuilder("\"");
        value.codePoints()
                .forEach(cp ->
                        out.append(cp < 0x20 || cp > 0x7e ? String.format("\\u{%x}", cp) : Character.toString(cp)));
        return out.append('"').toString();
    }
}
