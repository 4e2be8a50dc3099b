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
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Profiles at their bounds in searches: a profile holding more values than a search takes optional filters, facet
 * scores whose filter scores add up past the largest int, and a search's own malformed optional filters.
 */
class PersonalizedSearchBoundsHttpTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final int TAGS = 1010;

    // one server for the class: each test has its own user
    private static AppServer server;

    @BeforeAll
    static void start() {
        server = new AppServer(new MutableClock(NOW));
        ObjectNode seed = Json.object();
        ObjectNode shop = seed.putObject("indices").putObject("shop");
        shop.putObject("settings").putArray("attributesForFaceting").add("tags").add("color");
        ArrayNode records = shop.putArray("records");
        ArrayNode tags =
                records.addObject().put("objectID", "many").put("name", "phone").putArray("tags");
        for (int i = 0; i < TAGS; i++) {
            tags.add(String.format("t%04d", i));
        }
        records.addObject()
                .put("objectID", "fav")
                .put("name", "phone")
                .putArray("tags")
                .add("fav");
        ArrayNode colors = records.addObject()
                .put("objectID", "rainbow")
                .put("name", "phone")
                .putArray("color");
        List.of("a", "b", "c", "d", "e", "f").forEach(colors::add);
        server.seed(seed.toString());
        server.send(
                        "POST",
                        "/1/strategies/personalization",
                        "{'eventsScoring':[{'eventName':'seen','eventType':'view','score':5},"
                                + "{'eventName':'bought','eventType':'conversion','score':10}],"
                                + "'facetsScoring':[{'facetName':'tags','score':100},"
                                + "{'facetName':'color','score':2147483647}],'personalizationImpact':100}")
                .requireOk();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void event(String type, String name, String user, List<String> objectIDs, List<String> filters) {
        server.recordEvents(new TrackedEvent(
                NOW.toEpochMilli(), type, null, name, "shop", user, null, objectIDs, filters, List.of()));
    }

    private static Reply personalizedSearch(String user, String extra) {
        return server.send(
                "POST",
                "/1/indexes/shop/query",
                "{'query':'phone','userToken':'" + user + "','enablePersonalization':true,'getRankingInfo':true,"
                        + "'attributesToRetrieve':['objectID'],'attributesToHighlight':[]" + extra + "}");
    }

    @Test
    void aProfileKeepsTheBestValuesOfAFacetAndASearchTakesAsManyAsTheEngineAllows() {
        event("view", "seen", "ann", List.of("many"), List.of());
        event("conversion", "bought", "ann", List.of("fav"), List.of());

        Reply profile =
                server.send("GET", "/1/profiles/personalization/ann", null).requireOk();
        Reply search = personalizedSearch("ann", "").requireOk();
        Reply withOwn = personalizedSearch("ann", ",'optionalFilters':['tags:none',['tags:x','tags:y']]")
                .requireOk();

        // fav (10) and the first 999 tags in value order (5 each) of the 1010 tags
        assertThat(profile.body().at("/scores/tags").size()).isEqualTo(1000);
        assertThat(profile.body().at("/scores/tags/fav").asInt()).isEqualTo(10);
        assertThat(profile.body().at("/scores/tags/t0998").asInt()).isEqualTo(5);
        assertThat(profile.body().at("/scores/tags").has("t0999")).isFalse();
        // the profile's 1000 filters fill the room; with 3 filters of its own the search keeps fav and 996 tags
        assertThat(search.hitIds()).startsWith("many", "fav");
        assertThat(search.body().at("/hits/0/_rankingInfo/filters").asInt()).isEqualTo(999 * 5);
        assertThat(withOwn.body().at("/hits/0/_rankingInfo/filters").asInt()).isEqualTo(996 * 5);
        assertThat(withOwn.body().at("/hits/1/_rankingInfo/filters").asInt()).isEqualTo(10);
    }

    @Test
    void filterScoresAddingUpPastTheLargestIntStillRankTheUsersValuesFirst() {
        List<String> allColors = List.of("color:a", "color:b", "color:c", "color:d", "color:e", "color:f");
        for (int i = 0; i < 4; i++) {
            event("view", "seen", "bo", List.of(), allColors);
        }

        Reply search = personalizedSearch("bo", "").requireOk();

        // six filters of floor(20 x 2147483647 / 100) each: their sum is capped, not wrapped negative
        assertThat(search.hitIds()).first().isEqualTo("rainbow");
        assertThat(search.body().at("/hits/0/_rankingInfo/filters").asInt()).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void aSearchsOwnMalformedOptionalFiltersAreRefusedAsWithoutPersonalization() {
        event("conversion", "bought", "cy", List.of("fav"), List.of());

        Reply unclosed = personalizedSearch("cy", ",'optionalFilters':'(tags:x'");
        Reply stringForm = personalizedSearch("cy", ",'optionalFilters':'tags:t0001,(tags:x,tags:y)'");

        assertThat(unclosed.status()).isEqualTo(400);
        assertThat(unclosed.body().get("message").asString()).contains("unclosed parenthesis");
        assertThat(stringForm.requireOk().hitIds()).containsExactly("fav", "many", "rainbow");
        assertThat(stringForm.body().at("/hits/0/_rankingInfo/filters").asInt()).isEqualTo(10);
    }
}
