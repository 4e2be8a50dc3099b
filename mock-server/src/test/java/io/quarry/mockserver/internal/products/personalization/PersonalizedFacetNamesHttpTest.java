package io.quarry.mockserver.internal.products.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.testing.AppServer;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Facet names holding {@code :}, {@code \} or a leading {@code -}: a profile's optional filters name such a facet
 * whole, escaped as facet filters read it ({@code meta\:brand:acme}), so the user's values rank first. Unescaped,
 * {@code meta:brand:acme} named the facet {@code meta} and {@code -rank:gold} negated a filter on {@code rank}.
 */
class PersonalizedFacetNamesHttpTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final List<String> FACETS = List.of("meta:brand", "-rank", "dir\\name", "a:-b");

    private static AppServer server;

    @BeforeAll
    static void start() {
        server = new AppServer(new MutableClock(NOW));
        ObjectNode seed = Json.object();
        ObjectNode shop = seed.putObject("indices").putObject("shop");
        FACETS.forEach(shop.putObject("settings").putArray("attributesForFaceting")::add);
        for (String id : List.of("liked", "other")) {
            ObjectNode record =
                    shop.withArray("records").addObject().put("objectID", id).put("name", "phone");
            FACETS.forEach(facet -> record.put(facet, id.equals("liked") ? "gold" : "tin"));
        }
        // a record the unescaped filters would have boosted: 'meta' holds 'brand:gold', 'rank' is not 'gold'
        shop.withArray("records")
                .addObject()
                .put("objectID", "decoy")
                .put("name", "phone")
                .put("meta", "brand:gold")
                .put("rank", "tin");
        server.seed(seed.toString());
        StringBuilder facets = new StringBuilder();
        for (String facet : FACETS) {
            facets.append(facets.length() == 0 ? "" : ",")
                    .append(Json.object().put("facetName", facet).put("score", 100));
        }
        server.send(
                        "POST",
                        "/1/strategies/personalization",
                        "{\"eventsScoring\":[{\"eventName\":\"seen\",\"eventType\":\"view\",\"score\":5}],"
                                + "\"facetsScoring\":[" + facets + "],\"personalizationImpact\":100}")
                .requireOk();
        server.recordEvents(new TrackedEvent(
                NOW.toEpochMilli(), "view", null, "seen", "shop", "ann", null, List.of("liked"), List.of(), List.of()));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aProfileOfFacetsWithColonsOrMinusesRanksTheUsersValuesFirst() {
        Reply search = server.send(
                        "POST",
                        "/1/indexes/shop/query",
                        "{'query':'phone','userToken':'ann','enablePersonalization':true,'getRankingInfo':true}")
                .requireOk();

        assertThat(search.hitIds()).containsExactly("liked", "other", "decoy");
        // each facet's filter: floor(5 x 100 / 100)
        assertThat(filtersScore(search, "liked")).isEqualTo(5 * FACETS.size());
        assertThat(filtersScore(search, "decoy")).isZero();
    }

    @Test
    void facetFiltersReadTheEscapedNamesAsTheProfileWritesThem() {
        Reply search = server.send(
                        "POST",
                        "/1/indexes/shop/query",
                        "{\"query\":\"phone\",\"facetFilters\":[\"meta\\\\:brand:gold\",\"\\\\-rank:gold\","
                                + "\"dir\\\\\\\\name:gold\",\"a\\\\:-b:gold\"]}")
                .requireOk();
        Reply negated = server.send(
                        "POST",
                        "/1/indexes/shop/query",
                        "{\"query\":\"phone\",\"facetFilters\":[\"-meta\\\\:brand:gold\"]}")
                .requireOk();

        assertThat(search.hitIds()).containsExactly("liked");
        assertThat(negated.hitIds()).containsExactlyInAnyOrder("other", "decoy");
    }

    private static int filtersScore(Reply search, String objectID) {
        for (JsonNode hit : search.body().get("hits")) {
            if (hit.get("objectID").asString().equals(objectID)) {
                return hit.at("/_rankingInfo/filters").asInt();
            }
        }
        throw new AssertionError(objectID + " not found in " + search);
    }
}
