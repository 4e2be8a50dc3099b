package io.quarry.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Region;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Facets whose names hold {@code :}, {@code \} or a leading {@code -}: {@link PersonalizationFilters} names them
 * whole, so a search with its filters ranks the user's record first, as the service's personalized search does.
 * Written as {@code facet:value}, {@code meta:brand:gold} named the facet {@code meta} and {@code -rank:gold}
 * negated a filter on {@code rank}, boosting every other record.
 */
class FacetNamesContractTest {

    private static final List<String> FACETS = List.of("meta:brand", "-rank", "dir\\name", "a:-b");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final PersonalizationClient client =
            PersonalizationClient.create(MockServerClients.config(MOCK.server()), Region.US);

    private final MockServerCalls calls = new MockServerCalls(MOCK.server());

    @Test
    void filtersOfSuchFacetsRankTheUsersRecordFirstAsThePersonalizedSearchDoes() {
        ObjectNode seed = JSON.createObjectNode();
        ObjectNode shop = seed.putObject("indices").putObject("shop");
        FACETS.forEach(shop.putObject("settings").putArray("attributesForFaceting")::add);
        for (String id : List.of("liked", "other")) {
            ObjectNode record =
                    shop.withArray("records").addObject().put("objectID", id).put("name", "item");
            FACETS.forEach(facet -> record.put(facet, id.equals("liked") ? "gold" : "tin"));
        }
        MOCK.server().seed(seed.toString());
        PersonalizationStrategy strategy = PersonalizationStrategy.of(
                List.of(EventScoring.of("Viewed", EventType.VIEW, 10)),
                FACETS.stream().map(facet -> FacetScoring.of(facet, 50)).toList(),
                100);
        client.setStrategy(strategy);
        calls.send(
                "POST",
                "/1/events",
                "{'events':[{'eventType':'view','eventName':'Viewed','index':'shop','userToken':'ann',"
                        + "'objectIDs':['liked']}]}");

        List<String> filters = PersonalizationFilters.optionalFilters(client.getUserProfile("ann"), strategy);
        ObjectNode query = JSON.createObjectNode().put("query", "item").put("getRankingInfo", true);
        filters.forEach(query.putArray("optionalFilters")::add);
        JsonNode withFilters = calls.send("POST", "/1/indexes/shop/query", query.toString());
        JsonNode personalized = calls.send(
                "POST",
                "/1/indexes/shop/query",
                "{'query':'item','getRankingInfo':true,'enablePersonalization':true,'userToken':'ann'}");

        assertThat(filters).contains("meta\\:brand:gold<score=5>", "\\-rank:gold<score=5>");
        for (JsonNode answer : List.of(withFilters, personalized)) {
            assertThat(answer.at("/hits/0/objectID").asString()).isEqualTo("liked");
            // each facet's filter: floor(10 x 50 / 100)
            assertThat(answer.at("/hits/0/_rankingInfo/filters").asInt()).isEqualTo(5 * FACETS.size());
            assertThat(answer.at("/hits/1/_rankingInfo/filters").asInt()).isZero();
        }
    }
}
