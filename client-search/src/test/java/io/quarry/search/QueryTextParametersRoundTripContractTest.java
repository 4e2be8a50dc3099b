package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded random queries setting the text parameters (typed methods and {@link SearchQuery#param}), their text
 * holding what a URL must encode, mean the same to the service in each form the client sends them: a JSON body, a
 * URL (a GET search) and a multi-search's URL-encoded {@code params}. Each form finds the same records and echoes the
 * query as typed.
 */
class QueryTextParametersRoundTripContractTest {

    private static final long SEED = 20261129L;
    private static final List<String> WORDS = List.of(
            "apple",
            "apples",
            "aple",
            "pie",
            "tart",
            "the",
            "a+b",
            "50%",
            "c&d",
            "x=y",
            "#1",
            "\"pie",
            "-tart",
            "\u00e9t\u00e9",
            "[pie]",
            "true",
            "\u4e2d\u6587",
            "e\u0301");

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("texts");

    record Item(String name) {}

    @BeforeEach
    void seed() {
        MOCK.server()
                .seed(("{'indices':{'texts':{'records':["
                                + "{'objectID':'1','name':'apple pie the'},"
                                + "{'objectID':'2','name':'apples tart a+b'},"
                                + "{'objectID':'3','name':'50% c&d x=y #1'},"
                                + "{'objectID':'4','name':'\u00e9t\u00e9 [pie] true'},"
                                + "{'objectID':'5','name':'\u4e2d\u6587 tart pie'}]}}}")
                        .replace('\'', '"'));
    }

    @Test
    void everyFormOfAQueryFindsTheSameRecords() {
        Random random = new Random(SEED);
        for (int round = 0; round < 15; round++) {
            StringBuilder text = new StringBuilder();
            for (int n = 1 + random.nextInt(3); n > 0; n--) {
                text.append(WORDS.get(random.nextInt(WORDS.size()))).append(random.nextInt(4) == 0 ? "" : " ");
            }
            SearchQuery query =
                    parameters(random, SearchQuery.of(text.toString().trim()));
            SearchResponse<Item> body = index.search(query, Item.class);
            SearchResponse<Item> url = index.withParametersInUrl().search(query, Item.class);
            SearchResponse<Item> multi = client.multiSearch(List.of(IndexQuery.of("texts", query)), null, Item.class)
                    .get(0)
                    .search()
                    .orElseThrow();
            String context = "seed " + SEED + ", round " + round + ": " + query;
            assertThat(body.query()).as(context).isEqualTo(text.toString().trim());
            assertThat(ids(url)).as(context).isEqualTo(ids(body));
            assertThat(ids(multi)).as(context).isEqualTo(ids(body));
            assertThat(url.query()).as(context).isEqualTo(body.query());
            assertThat(multi.query()).as(context).isEqualTo(body.query());
        }
    }

    private static SearchQuery parameters(Random random, SearchQuery query) {
        SearchQuery q = query;
        if (random.nextBoolean()) {
            q = random.nextBoolean()
                    ? q.typoTolerance(random.nextBoolean())
                    : q.typoTolerance(List.of("true", "false", "min", "strict").get(random.nextInt(4)));
        }
        if (random.nextBoolean()) {
            q = q.queryType(List.of("prefixLast", "prefixAll", "prefixNone").get(random.nextInt(3)));
        }
        if (random.nextBoolean()) {
            int oneTypo = 1 + random.nextInt(5);
            // The service refuses a two-typo size below the one-typo size sent with it.
            q = q.minWordSizefor1Typo(oneTypo).minWordSizefor2Typos(Math.max(oneTypo, 3 + random.nextInt(6)));
        }
        if (random.nextBoolean()) {
            q = q.advancedSyntax(random.nextBoolean());
        }
        if (random.nextBoolean()) {
            q = q.optionalWords(WORDS.get(random.nextInt(WORDS.size())), "pie");
        }
        if (random.nextBoolean()) {
            q = q.removeWordsIfNoResults(
                    List.of("none", "lastWords", "firstWords", "allOptional").get(random.nextInt(4)));
        }
        if (random.nextBoolean()) {
            q = random.nextBoolean() ? q.ignorePlurals(random.nextBoolean()) : q.ignorePlurals("en", "fr");
        }
        if (random.nextBoolean()) {
            q = random.nextBoolean() ? q.removeStopWords(true) : q.removeStopWords("en");
        }
        if (random.nextBoolean()) {
            q = q.param("queryLanguages", List.of("en"))
                    .param("advancedSyntaxFeatures", List.of(random.nextBoolean() ? "exactPhrase" : "excludeWords"))
                    .param("disableTypoToleranceOnWords", List.of("aple"))
                    .param("allowTyposOnNumericTokens", random.nextBoolean())
                    .param(
                            "exactOnSingleWordQuery",
                            List.of("attribute", "word", "none").get(random.nextInt(3)));
        }
        return q;
    }

    private static List<String> ids(SearchResponse<Item> response) {
        return response.hits().stream().map(h -> h.objectID().orElseThrow()).toList();
    }
}
