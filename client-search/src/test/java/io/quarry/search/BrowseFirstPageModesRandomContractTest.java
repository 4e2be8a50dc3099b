package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The first page of a browse reads the same whether the parameters go in the body or in the URL, for seeded random
 * queries and for none: {@code browsePage(null, ...)} threw a {@code NullPointerException} with the parameters in
 * the body and read every record with them in the URL. No query reads as the empty one, in both forms, and so does
 * {@code browseObjects(null, ...)}.
 */
class BrowseFirstPageModesRandomContractTest {

    private static final long SEED = Long.getLong("quarry.browse.modes.seed", 24_117L);
    private static final int ROUNDS = Integer.getInteger("quarry.browse.modes.rounds", 12);
    private static final List<String> COLORS = List.of("red", "green", "blue");
    private static final List<String> WORDS = List.of("lamp", "desk", "chair", "shelf");

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey()).build());

    private final SearchIndex inBody = client.index("products");
    private final SearchIndex inUrl = inBody.withParametersInUrl();
    private final Random random = new Random(SEED);

    private void saveRandomRecords() {
        List<Map<String, Object>> records = IntStream.range(0, random.nextInt(40))
                .mapToObj(i -> Map.<String, Object>of(
                        "objectID",
                        "r" + i,
                        "name",
                        pick(WORDS) + " " + pick(WORDS),
                        "color",
                        pick(COLORS),
                        "rank",
                        random.nextInt(5)))
                .toList();
        inBody.setSettings(IndexSettings.of().attributesForFaceting("color").customRanking("desc(rank)"));
        inBody.saveObjects(records, BatchOptions.of().waitingForTasks().waitPolicy(FAST));
    }

    private <E> E pick(List<E> from) {
        return from.get(random.nextInt(from.size()));
    }

    /** {@return a random query, or null for none} */
    private SearchQuery randomQuery() {
        if (random.nextInt(4) == 0) {
            return null;
        }
        SearchQuery query = SearchQuery.of();
        if (random.nextBoolean()) {
            query = query.query(pick(WORDS));
        }
        if (random.nextBoolean()) {
            query = query.filters("color:" + pick(COLORS));
        }
        if (random.nextBoolean()) {
            query = query.hitsPerPage(1 + random.nextInt(15));
        }
        if (random.nextBoolean()) {
            query = query.attributesToRetrieve("name");
        }
        return query;
    }

    /** What a first page says, without what varies from call to call (processing time, the cursor's text). */
    private static List<Object> shown(SearchResponse<FreeFormRecord> page) {
        return List.of(
                page.records(),
                page.nbHits(),
                page.hitsPerPage(),
                page.query(),
                page.cursor().isPresent());
    }

    @Test
    void theFirstPageReadsTheSameInTheBodyAndInTheUrl() {
        saveRandomRecords();
        for (int round = 0; round < ROUNDS; round++) {
            SearchQuery query = randomQuery();
            String seen = "seed " + SEED + ", round " + round + ", query " + query;

            List<Object> body = shown(inBody.browsePage(query, FreeFormRecord.class));

            assertThat(shown(inUrl.browsePage(query, FreeFormRecord.class)))
                    .as(seen)
                    .isEqualTo(body);
            assertThat(shown(inBody.browsePageAsync(query, FreeFormRecord.class).join()))
                    .as(seen)
                    .isEqualTo(body);
            assertThat(shown(inUrl.browsePageAsync(query, FreeFormRecord.class).join()))
                    .as(seen)
                    .isEqualTo(body);
        }
    }

    @Test
    void noQueryReadsAsTheEmptyOneInBothForms() {
        saveRandomRecords();
        String seen = "seed " + SEED;
        for (SearchIndex index : List.of(inBody, inUrl)) {
            List<Object> empty = shown(index.browsePage(SearchQuery.of(), FreeFormRecord.class));

            assertThat(shown(index.browsePage(null, FreeFormRecord.class)))
                    .as(seen)
                    .isEqualTo(empty);
            assertThat(index.browseObjects(null, FreeFormRecord.class).toList())
                    .as(seen)
                    .isEqualTo(index.browseObjects(FreeFormRecord.class).toList());
            assertThat(index.browseObjectsAsync(null, FreeFormRecord.class).join())
                    .as(seen)
                    .isEqualTo(index.browseObjects(FreeFormRecord.class).toList());
        }
    }
}
