package io.quarry.mockserver.internal.products.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.SearchHooks;
import io.quarry.mockserver.internal.products.ServiceContext;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.StateControl;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The search product serves every search endpoint, spelled as the service documents it, each with its right. */
class SearchProductTest {

    @Test
    void servesEveryEndpointOfTheSearchModule() {
        Application app = new Application(Clock.systemUTC(), Duration.ZERO);
        ServiceContext context = new ServiceContext(
                app, new SearchEngine(), new StateControl(app, List.of()), "test", false, new SearchHooks());
        List<Route> routes = new ProductRoutes()
                .register(new SearchProduct(context)).routes().stream()
                        .map(ProductRoutes.ProductRoute::route)
                        .toList();
        List<String> api = routes.stream()
                .filter(route -> route.access() != Access.CONTROL)
                .map(route -> route.method() + " " + route.template())
                .toList();
        assertThat(api)
                .containsExactlyInAnyOrder(
                        "POST /1/indexes/{indexName}/query",
                        "GET /1/indexes/{indexName}",
                        "POST /1/indexes/*/queries",
                        "POST /1/indexes/{indexName}/facets/{facetName}/query",
                        "POST /1/indexes/{indexName}/browse",
                        "GET /1/indexes/{indexName}/browse",
                        "POST /1/indexes/{indexName}",
                        "PUT /1/indexes/{indexName}/{objectID}",
                        "DELETE /1/indexes/{indexName}/{objectID}",
                        "POST /1/indexes/{indexName}/deleteByQuery",
                        "POST /1/indexes/{indexName}/clear",
                        "POST /1/indexes/{indexName}/{objectID}/partial",
                        "POST /1/indexes/{indexName}/batch",
                        "POST /1/indexes/*/batch",
                        "POST /1/indexes/*/objects",
                        "GET /1/indexes/{indexName}/{objectID}",
                        "GET /1/indexes/{indexName}/task/{taskID}",
                        "GET /1/task/{taskID}",
                        "GET /1/indexes",
                        "DELETE /1/indexes/{indexName}",
                        "GET /1/indexes/{indexName}/settings",
                        "PUT /1/indexes/{indexName}/settings",
                        "POST /1/indexes/{indexName}/operation",
                        "PUT /1/indexes/{indexName}/synonyms/{objectID}",
                        "POST /1/indexes/{indexName}/synonyms/batch",
                        "GET /1/indexes/{indexName}/synonyms/{objectID}",
                        "DELETE /1/indexes/{indexName}/synonyms/{objectID}",
                        "POST /1/indexes/{indexName}/synonyms/clear",
                        "POST /1/indexes/{indexName}/synonyms/search",
                        "POST /1/keys",
                        "PUT /1/keys/{key}",
                        "GET /1/keys",
                        "GET /1/keys/{key}",
                        "DELETE /1/keys/{key}",
                        "POST /1/keys/{key}/restore",
                        "POST /1/indexes/{indexName}/keys",
                        "PUT /1/indexes/{indexName}/keys/{key}",
                        "GET /1/indexes/{indexName}/keys",
                        "GET /1/indexes/*/keys",
                        "GET /1/indexes/{indexName}/keys/{key}",
                        "DELETE /1/indexes/{indexName}/keys/{key}",
                        "PUT /1/indexes/{indexName}/rules/{objectID}",
                        "POST /1/indexes/{indexName}/rules/batch",
                        "GET /1/indexes/{indexName}/rules/{objectID}",
                        "DELETE /1/indexes/{indexName}/rules/{objectID}",
                        "POST /1/indexes/{indexName}/rules/clear",
                        "POST /1/indexes/{indexName}/rules/search",
                        "POST /1/dictionaries/{dictionaryName}/batch",
                        "GET /1/dictionaries/{dictionaryName}/search",
                        "POST /1/dictionaries/{dictionaryName}/search",
                        "PUT /1/dictionaries/*/settings",
                        "GET /1/dictionaries/*/settings",
                        "GET /1/dictionaries/*/languages",
                        "POST /1/clusters/mapping",
                        "POST /1/clusters/mapping/batch",
                        "GET /1/clusters/mapping/top",
                        "GET /1/clusters/mapping/{userID}",
                        "GET /1/clusters",
                        "GET /1/clusters/mapping",
                        "DELETE /1/clusters/mapping/{userID}",
                        "POST /1/clusters/mapping/search",
                        "GET /1/clusters/mapping/pending",
                        "GET /1/logs");
        assertThat(routes).noneMatch(route -> route.access() == Access.CONTROL);
    }
}
