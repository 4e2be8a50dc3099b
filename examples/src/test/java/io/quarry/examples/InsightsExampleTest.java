package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.TopSearchWithClickAnalytics;
import io.quarry.insights.InsightsClient;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClientsExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The insights example's click and purchase show up in analytics, tied to the search they followed. */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
class InsightsExampleTest {

    /** A product as the test reads it. */
    record Mug(String name) {}

    @Test
    void aClickAndAPurchaseCountForTheirSearch(
            SearchClient search, InsightsClient insights, AnalyticsClient analytics) {
        SearchIndex shop = search.index("shop");
        shop.saveObjects(
                List.of(Map.of("objectID", "red", "name", "red mug"), Map.of("objectID", "blue", "name", "blue mug")),
                BatchOptions.of().waitingForTasks());
        SearchQuery mug = SearchQuery.of("mug").clickAnalytics(true).userToken("user-1");
        SearchResponse<Mug> first = shop.search(mug, Mug.class);
        shop.search(mug, Mug.class);

        String bought = InsightsExample.clickThenBuy(insights, "user-1", "shop", first, 1);

        assertThat(bought).isEqualTo(first.hits().get(1).objectID().orElseThrow());
        TopSearchWithClickAnalytics row = analytics
                .index("shop")
                .topSearchesWithClickAnalytics(AnalyticsQuery.of())
                .searches()
                .get(0);
        assertThat(row.search()).isEqualTo("mug");
        assertThat(row.trackedSearchCount()).isEqualTo(2);
        assertThat(row.clickCount()).isEqualTo(1);
        assertThat(row.conversionCount()).isEqualTo(1);
        assertThat(row.clickThroughRate()).isEqualTo(0.5);
        assertThat(row.averageClickPosition()).isEqualTo(2.0);
    }
}
