package io.quarry.mockserver.internal.routes;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.StateControl;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The route table serves exactly the endpoints of issue 3, with templates spelled as in the endpoint list. */
class RouteTableTest {

    @Test
    void servesTheIssue3EndpointsOfTheSearchModule() {
        Application app = new Application(Clock.systemUTC(), Duration.ZERO);
        List<Route> routes = RouteTable.build(app, new SearchEngine(), new StateControl(app, List.of()), "test", false)
                .routes();
        List<String> api = routes.stream().filter(route -> route.access() == Access.API)
                .map(route -> route.method() + " " + route.template()).toList();
        assertThat(api).containsExactlyInAnyOrder(
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
                "POST /1/indexes/{indexName}/synonyms/search");
        assertThat(routes).filteredOn(route -> route.access() == Access.CONTROL)
                .allMatch(route -> route.template().startsWith("/_mock/"));
    }
}
