package io.quarry.mockserver.internal.products.usage;

import static io.quarry.mockserver.internal.products.AllRoutes.route;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.products.AllRoutes;
import io.quarry.mockserver.internal.products.ProductRoutes.ProductRoute;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The statistics a request counts in, read from the operation and kind of work its route declares. */
class UsageStatisticsTest {

    @Test
    void aSearchCountsItsOperationGroupSearchRequestsAndReads() {
        assertThat(UsageStatistics.of(route("POST", "/1/indexes/{indexName}/query")))
                .containsExactlyInAnyOrder(
                        "queries_operations",
                        "total_search_operations",
                        "total_search_requests",
                        "total_read_operations",
                        "total_operations");
        assertThat(UsageStatistics.of(route("POST", "/1/indexes/{indexName}/facets/{facetName}/query")))
                .as("a facet value search is no search request and has no statistic of its own")
                .containsExactlyInAnyOrder("total_search_operations", "total_read_operations", "total_operations");
    }

    @Test
    void writesCountTheirGroupAndWrites() {
        assertThat(UsageStatistics.of(route("PUT", "/1/indexes/{indexName}/settings")))
                .containsExactlyInAnyOrder(
                        "set_settings_operations",
                        "total_indexing_operations",
                        "total_write_operations",
                        "total_operations");
        assertThat(UsageStatistics.of(route("POST", "/1/keys/{key}/restore")))
                .containsExactlyInAnyOrder(
                        "add_api_key_operations", "total_acl_operations", "total_write_operations", "total_operations");
    }

    @Test
    void eventsAndAnswersCountTheirOwnAndOtherProductsNothing() {
        assertThat(UsageStatistics.of(route("POST", "/1/events"))).containsExactly("insights_operations");
        assertThat(UsageStatistics.of(route("POST", "/1/answers/{indexName}/prediction")))
                .containsExactly("total_answers_requests", "total_operations");
        assertThat(UsageStatistics.of(route("GET", "/2/searches"))).isEmpty();
        assertThat(UsageStatistics.of(route("POST", "/_mock/reset"))).isEmpty();
        assertThat(UsageStatistics.of(route("POST", "/1/dictionaries/{dictionaryName}/batch")))
                .isEmpty();
    }

    @Test
    void everyStatisticARouteCountsIsOneTheUsageApiAnswers() {
        Set<String> known = new HashSet<>(UsageCatalog.expand("*", false));
        known.addAll(UsageCatalog.expand("*", true));
        for (ProductRoute r : AllRoutes.registered()) {
            assertThat(known)
                    .as(r.route().method() + " " + r.route().template())
                    .containsAll(UsageStatistics.of(r.route()));
        }
    }
}
