package io.quarry.examples.starter;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.TopSearch;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.model.Hit;
import io.quarry.search.model.SearchQuery;
import java.util.Collection;
import java.util.List;
import org.springframework.stereotype.Service;

/** The catalog's search: products written to and searched in one index, and what shoppers search for most. */
@Service
public class ProductCatalog {

    /** The index holding the products. */
    public static final String INDEX = "products";

    private final SearchClient search;
    private final AnalyticsClient analytics;

    /**
     * A catalog on the auto-configured clients.
     *
     * @param search    the search client
     * @param analytics the analytics client
     */
    public ProductCatalog(SearchClient search, AnalyticsClient analytics) {
        this.search = search;
        this.analytics = analytics;
    }

    /**
     * Saves products and waits until they are searchable.
     *
     * @param products the products
     */
    public void save(Collection<Product> products) {
        search.index(INDEX).saveObjects(products, BatchOptions.of().waitingForTasks());
    }

    /**
     * Searches the products.
     *
     * @param query what the shopper typed
     * @return the matching products, best first
     */
    public List<Product> find(String query) {
        return search.index(INDEX).search(SearchQuery.of(query), Product.class).hits().stream()
                .map(Hit::record)
                .toList();
    }

    /**
     * The most frequent searches of the last seven days.
     *
     * @return the searches, most frequent first
     */
    public List<TopSearch> topSearches() {
        return analytics.index(INDEX).topSearches(AnalyticsQuery.of().limit(5)).searches();
    }
}
