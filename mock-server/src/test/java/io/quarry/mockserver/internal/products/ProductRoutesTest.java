package io.quarry.mockserver.internal.products;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Router;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.StateControl;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Products share one port: no two products may serve the same request. */
class ProductRoutesTest {

    private static Product product(String name, String... routes) {
        return new Product() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void register(ProductRoutes registry) {
                for (String route : routes) {
                    String[] parts = route.split(" ");
                    registry.add(new Route(
                            parts[0],
                            parts[1],
                            Access.SEARCH,
                            Set.of(),
                            Operation.NOT_COUNTED,
                            Work.READ,
                            r -> Response.ok(null)));
                }
            }
        };
    }

    @Test
    void theProductsOfTheServerDoNotCollide() {
        Application app = new Application(Clock.systemUTC(), Duration.ZERO);
        ServiceContext context = new ServiceContext(
                app, new SearchEngine(), new StateControl(app, List.of()), "test", false, new SearchHooks());

        ProductRoutes routes = Products.routesOf(Products.all(context));

        assertThat(routes.routes())
                .extracting(ProductRoutes.ProductRoute::product)
                .contains("search", "control");
        assertThat(routes.router().routes()).hasSameSizeAs(routes.routes());
    }

    @Test
    void aPlaceholderOfOneProductCollidesWithALiteralOfAnother() {
        ProductRoutes routes = new ProductRoutes().register(product("search", "GET /1/indexes/{indexName}"));

        assertThatThrownBy(() -> routes.register(product("other", "GET /1/indexes/special")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("other route GET /1/indexes/special collides with search route");
    }

    @Test
    void theSameTemplateTwiceIsRefusedEvenInOneProduct() {
        assertThatThrownBy(() -> new ProductRoutes().register(product("a", "GET /1/x/{id}", "GET /1/x/{id}")))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void pathsThatCannotMeetDoNotCollide() {
        ProductRoutes routes = new ProductRoutes()
                .register(product("search", "GET /1/logs", "GET /1/indexes/{indexName}", "POST /1/indexes/{i}"))
                .register(product("suggestions", "GET /1/logs/{indexName}", "GET /1/configs/{indexName}"))
                .register(product("monitoring", "GET /1/status", "GET /1/status/{servers}"))
                .register(product("crawler", "GET /api/1/crawlers/{id}", "POST /api/1/crawlers"));

        assertThat(routes.routes()).hasSize(9);
    }

    @Test
    void withinOneProductTheMostSpecificRouteWins() {
        assertThat(new ProductRoutes()
                        .register(product(
                                "search",
                                "PUT /1/indexes/{indexName}/{objectID}",
                                "PUT /1/indexes/{indexName}/settings"))
                        .routes())
                .hasSize(2);
    }

    private static Product headers(String name, String segment, Map<String, String> headers) {
        return new Product() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void register(ProductRoutes registry) {
                registry.headersUnder(segment, () -> headers);
            }
        };
    }

    @Test
    void headersUnderAFirstSegmentGoOnItsPathsAloneAndAreGivenByOneProduct() {
        ProductRoutes routes = new ProductRoutes().register(headers("analytics", "2", Map.of("X-A", "1")));
        Router router = routes.router();

        for (String path : List.of("/2", "/2/searches", "/2/no/such/path", "/%32/searches")) {
            assertThat(router.headersOf(path)).as(path).containsEntry("X-A", "1");
        }
        for (String path : List.of("/1/indexes", "/20/x", "/", "/%ZZ/x", "/_mock/2")) {
            assertThat(router.headersOf(path)).as(path).isEmpty();
        }
        assertThatThrownBy(() -> routes.register(headers("other", "2", Map.of())))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("other gives headers under /2");
    }

    private static Product invalidRequestStatus(String name, String prefix, int status) {
        return new Product() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void register(ProductRoutes registry) {
                registry.invalidRequestStatusUnder(prefix, status);
            }
        };
    }

    @Test
    void anInvalidRequestsStatusGoesOnThePathsUnderItsPrefixAloneAndIsGivenByOneProduct() {
        ProductRoutes routes = new ProductRoutes().register(invalidRequestStatus("usage", "/1/usage", 422));
        Router router = routes.router();

        for (String path : List.of("/1/usage", "/1/usage/", "/1/usage/%ZZ", "/1/us%61ge/x/y", "/%31/usage/x")) {
            assertThat(router.invalidRequestStatusOf(path)).as(path).isEqualTo(422);
        }
        for (String path :
                List.of("/1/usages/x", "/1/indexes/usage", "/2/usage", "/1", "/", "/1/us%ZZage/x", "usage")) {
            assertThat(router.invalidRequestStatusOf(path)).as(path).isEqualTo(400);
        }
        assertThatThrownBy(() -> routes.register(invalidRequestStatus("other", "/1/usage", 400)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("other gives a status under /1/usage");
    }
}
