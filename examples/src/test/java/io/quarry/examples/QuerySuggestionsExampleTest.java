package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.querysuggestions.QuerySuggestionsClient;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClientsExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The suggestions built by the example come from the searches that found products. */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
class QuerySuggestionsExampleTest {

    @Test
    void suggestsSearchesThatFoundProducts(SearchClient search, QuerySuggestionsClient suggestions) {
        SearchIndex shop = search.index("shop");
        shop.saveObjects(
                List.of(
                        Map.of("objectID", "1", "name", "phone case"),
                        Map.of("objectID", "2", "name", "phone charger"),
                        Map.of("objectID", "3", "name", "laptop stand")),
                BatchOptions.of().waitingForTasks());
        for (String query : List.of("phone", "phone", "phone charger", "laptop", "xylophone")) {
            shop.search(SearchQuery.of(query), Map.class);
        }

        QuerySuggestionsExample.build(suggestions, "shop", "shop_suggestions");

        // "phone", searched twice, comes before "phone charger"; "xylophone" found nothing.
        assertThat(QuerySuggestionsExample.suggest(search, "shop_suggestions", "pho"))
                .containsExactly("phone", "phone charger");
        assertThat(QuerySuggestionsExample.suggest(search, "shop_suggestions", "lap"))
                .containsExactly("laptop");
        assertThat(QuerySuggestionsExample.suggest(search, "shop_suggestions", "xyl"))
                .isEmpty();
    }
}
