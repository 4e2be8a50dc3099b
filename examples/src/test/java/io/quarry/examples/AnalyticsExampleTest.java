package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.analytics.model.NoResultSearch;
import io.quarry.analytics.model.TopSearch;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClientsExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The analytics example reads back the searches just made: counts, top searches, searches without results. */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
class AnalyticsExampleTest {

    @Test
    void reportsTheSearchesOfTheIndex(SearchClient search, AnalyticsClient analytics) {
        SearchIndex shop = search.index("shop");
        shop.saveObjects(
                List.of(Map.of("objectID", "1", "name", "desk lamp"), Map.of("objectID", "2", "name", "office chair")),
                BatchOptions.of().waitingForTasks());
        for (String query : List.of("lamp", "lamp", "chair", "unicorn")) {
            shop.search(SearchQuery.of(query), Map.class);
        }

        AnalyticsExample.Report report = AnalyticsExample.lastWeek(analytics, "shop");

        assertThat(report.searches()).isEqualTo(4);
        assertThat(report.topSearches().get(0)).isEqualTo(new TopSearch("lamp", 2, 1));
        assertThat(report.topSearches()).extracting(TopSearch::search).contains("chair", "unicorn");
        assertThat(report.noResults()).extracting(NoResultSearch::search).containsExactly("unicorn");
    }
}
