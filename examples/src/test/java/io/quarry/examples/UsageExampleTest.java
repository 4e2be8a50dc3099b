package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClientsExtension;
import io.quarry.usage.UsageClient;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The usage example counts today's requests: the application's and one index's. */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
class UsageExampleTest {

    @Test
    void countsTodaysSearchesAndWrites(SearchClient search, UsageClient usage) {
        SearchIndex shop = search.index("shop");
        shop.saveObject("1", Map.of("name", "lamp"));
        shop.saveObject("2", Map.of("name", "chair"));
        for (String query : List.of("lamp", "chair", "desk")) {
            shop.search(SearchQuery.of(query), Map.class);
        }
        // Another index: it counts for the application, not for "shop".
        search.index("other").saveObject("1", Map.of("name", "lamp"));
        search.index("other").search(SearchQuery.of("lamp"), Map.class);

        UsageExample.Today today = UsageExample.today(usage, "shop", Clock.systemUTC());

        assertThat(today.searchRequests()).isEqualTo(4);
        assertThat(today.writeOperations()).isEqualTo(3);
        assertThat(today.indexSearches()).isEqualTo(3);
    }
}
