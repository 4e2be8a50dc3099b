package io.quarry.mockserver.internal.products;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.ProductRoutes.ProductRoute;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every route of every product declares its operation and kind of work where it is registered, so usage counts and
 * monitoring series cover a new route without a second list to update.
 */
class RouteTableTest {

    private final List<ProductRoute> routes = AllRoutes.registered();

    @Test
    void everyRouteDeclaresAnOperationAndAKindOfWork() {
        assertThat(routes).hasSizeGreaterThan(100).allSatisfy(r -> {
            assertThat(r.route().operation()).as(name(r)).isNotNull();
            assertThat(r.route().work()).as(name(r)).isNotNull();
        });
    }

    @Test
    void aGetNeverWrites() {
        assertThat(routes)
                .filteredOn(r -> r.route().method().equals("GET"))
                .allSatisfy(
                        r -> assertThat(r.route().work().writes()).as(name(r)).isFalse());
    }

    @Test
    void searchesAndIndexingAreSearchRoutesThatUsageCounts() {
        assertThat(routes)
                .filteredOn(r -> r.route().work() == Work.SEARCH || r.route().work() == Work.INDEXING)
                .isNotEmpty()
                .allSatisfy(r -> {
                    assertThat(r.product()).as(name(r)).isEqualTo("search");
                    assertThat(r.route().operation()).as(name(r)).isNotEqualTo(Operation.NOT_COUNTED);
                });
    }

    @Test
    void everyIndexKeyTaskAndLogRouteCountsAnOperation() {
        // only dictionaries and user mappings are outside the usage statistics in the search API
        assertThat(routes)
                .filteredOn(r -> r.product().equals("search"))
                .filteredOn(r -> !r.route().template().startsWith("/1/dictionaries/")
                        && !r.route().template().startsWith("/1/clusters"))
                .hasSizeGreaterThan(40)
                .allSatisfy(r -> assertThat(r.route().operation()).as(name(r)).isNotEqualTo(Operation.NOT_COUNTED));
    }

    @Test
    void theOperationsOfOtherProductsAreTheirOwn() {
        assertThat(routes)
                .filteredOn(r -> !r.product().equals("search"))
                .allSatisfy(r -> assertThat(r.route().operation().group())
                        .as(name(r))
                        .isIn(Operation.Group.NOT_COUNTED, Operation.Group.INSIGHTS, Operation.Group.ANSWERS));
    }

    private static String name(ProductRoute r) {
        return r.product() + " " + r.route().method() + " " + r.route().template();
    }
}
