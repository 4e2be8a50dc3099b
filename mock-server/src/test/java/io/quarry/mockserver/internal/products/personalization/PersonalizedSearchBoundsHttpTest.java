package io.quarry.mockserver.internal.products.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.testing.AppServer;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Profiles at their bounds: more values than a search takes optional filters, records holding more values than
 * they give a profile, facet scores whose filter scores add up past the largest int, and a search's own malformed
 * optional filters.
 */
class PersonalizedSearchBoundsHttpTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    /** Records m0 to m10, each with 100 tags of its own: 1100 in all. */
    private static final int TAGGED_RECORDS = 11;
    /** Tags of the record {@code long}: more than a record gives a facet. */
    private static final int LONG_TAGS = 5000;

    // one server for the class: each test has its own user
    private static AppServer server;

    @BeforeAll
    static void start() {
        server = new AppServer(new MutableClock(NOW));
        ObjectNode seed = Json.object();
        ObjectNode shop = seed.putObject("indices").putObject("shop");
        shop.putObject("settings").putArray("attributesForFaceting").add("tags").add("color");
        ArrayNode records = shop.putArray("records");
        for (int r = 0; r < TAGGED_RECORDS; r++) {
            ArrayNode tags = records.addObject()
                    .put("objectID", "m" + r)
                    .put("name", "phone")
                    .putArray("tags");
            for (int i = 0; i < 100; i++) {
                tags.add(String.format("t%04d", r * 100 + i));
            }
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
        // its own index: each optional filter of a search costs work per value of its facet in the index
        ArrayNode longTags = seed.withObject("indices")
                .putObject("wide")
                .putArray("records")
                .addObject()
                .put("objectID", "long")
                .putArray("tags");
        for (int i = 0; i < LONG_TAGS; i++) {
            longTags.add(String.format("l%04d", i));
        }
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
                        + "'hitsPerPage':20,'attributesToRetrieve':['objectID'],'attributesToHighlight':[]" + extra
                        + "}");
    }

    private static int filtersScore(Reply search, String objectID) {
        for (JsonNode hit : search.body().get("hits")) {
            if (hit.get("objectID").asString().equals(objectID)) {
                return hit.at("/_rankingInfo/filters").asInt();
            }
        }
        throw new AssertionError(objectID + " not found in " + search);
    }

    @Test
    void aProfileKeepsTheBestValuesOfAFacetAndASearchTakesAsManyAsTheEngineAllows() {
        List<String> tagged = new ArrayList<>();
        for (int r = 0; r < TAGGED_RECORDS; r++) {
            tagged.add("m" + r);
        }
        event("view", "seen", "ann", tagged, List.of());
        event("conversion", "bought", "ann", List.of("fav"), List.of());

        Reply profile =
                server.send("GET", "/1/profiles/personalization/ann", null).requireOk();
        Reply search = personalizedSearch("ann", "").requireOk();
        Reply withOwn = personalizedSearch("ann", ",'optionalFilters':['tags:none',['tags:x','tags:y']]")
                .requireOk();

        // fav (10) and the first 999 tags in value order (5 each) of the 1100 tags
        assertThat(profile.body().at("/scores/tags").size()).isEqualTo(1000);
        assertThat(profile.body().at("/scores/tags/fav").asInt()).isEqualTo(10);
        assertThat(profile.body().at("/scores/tags/t0998").asInt()).isEqualTo(5);
        assertThat(profile.body().at("/scores/tags").has("t0999")).isFalse();
        // the profile's 1000 filters fill the room, 99 of them m9's; with 3 filters of its own the search keeps
        // fav and 996 tags, 96 of them m9's
        assertThat(filtersScore(search, "m0")).isEqualTo(100 * 5);
        assertThat(filtersScore(search, "m9")).isEqualTo(99 * 5);
        assertThat(filtersScore(search, "m10")).isZero();
        assertThat(filtersScore(search, "fav")).isEqualTo(10);
        assertThat(filtersScore(withOwn, "m9")).isEqualTo(96 * 5);
        assertThat(filtersScore(withOwn, "fav")).isEqualTo(10);
    }

    @Test
    @Timeout(120) // a hang guard: ProfileRecordReadsTest counts the record's reads (once, where it was 1,900 times)
    void aRecordGivesAFacetItsFirstHundredValuesAndIsReadOncePerProfile() {
        TrackedEvent[] events = new TrackedEvent[100];
        for (int i = 0; i < events.length; i++) {
            List<String> objectIDs = new ArrayList<>(Collections.nCopies(19, "long"));
            objectIDs.add("missing-" + i);
            events[i] = new TrackedEvent(
                    NOW.toEpochMilli(), "view", null, "seen", "wide", "dee", null, objectIDs, List.of(), List.of());
        }
        server.recordEvents(events);

        Reply profile =
                server.send("GET", "/1/profiles/personalization/dee", null).requireOk();

        assertThat(profile.body().at("/scores/tags").propertyNames())
                .hasSize(100)
                .contains("l0000", "l0099")
                .doesNotContain("l0100");
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
        assertThat(filtersScore(stringForm.requireOk(), "fav")).isEqualTo(10);
        assertThat(filtersScore(stringForm, "m0")).isEqualTo(1);
        assertThat(stringForm.hitIds()).startsWith("fav", "m0");
    }
}
