package io.quarry.mockserver.internal.products.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.testing.AppServer;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Personalization over HTTP: the strategy (unset, validated, stored), profiles computed from the tracked events
 * (record and filter events, event and facet scores, the cap of 20, deletion) and their effect on searches.
 */
class PersonalizationHttpTest {

    private static final Instant START = Instant.parse("2026-03-01T10:00:00Z");
    private static final String STRATEGY = "{'eventsScoring':["
            + "{'eventName':'Product viewed','eventType':'view','score':2},"
            + "{'eventName':'Product bought','eventType':'conversion','score':10}],"
            + "'facetsScoring':[{'facetName':'brand','score':100},{'facetName':'color','score':50}],"
            + "'personalizationImpact':80}";

    private final MutableClock clock = new MutableClock(START);
    private AppServer server;

    @BeforeEach
    void start() {
        server = new AppServer(clock);
        server.seed("{'indices':{'shop':{'settings':{'searchableAttributes':['name'],"
                + "'attributesForFaceting':['brand','color']},'records':["
                + "{'objectID':'1','name':'phone one','brand':'Apple','color':'black'},"
                + "{'objectID':'2','name':'phone two','brand':'Samsung','color':'white'},"
                + "{'objectID':'3','name':'phone three','brand':'Acme','color':['red','blue']}]}}}");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static TrackedEvent event(String type, String name, String user, long at, List<String> ids) {
        return new TrackedEvent(at, type, null, name, "shop", user, null, ids, List.of(), List.of());
    }

    private static TrackedEvent filterEvent(String name, String user, long at, String... filters) {
        return new TrackedEvent(at, "view", null, name, "shop", user, null, List.of(), List.of(filters), List.of());
    }

    private Reply setStrategy(String json) {
        return server.send("POST", "/1/strategies/personalization", json);
    }

    @Test
    void theStrategyIsMissingUntilSetThenReadBackAsSet() {
        assertThat(server.send("GET", "/1/strategies/personalization", null).status())
                .isEqualTo(404);

        Reply set = setStrategy(STRATEGY).requireOk();

        assertThat(set.body().get("status").asInt()).isEqualTo(200);
        assertThat(set.body().get("message").asString()).isEqualTo("Strategy was successfully updated.");
        Reply read = server.send("GET", "/1/strategies/personalization", null).requireOk();
        assertThat(read.body())
                .isEqualTo(io.quarry.mockserver.testing.TestClient.json(
                        io.quarry.mockserver.testing.TestClient.jq(STRATEGY)));
    }

    @Test
    void anInvalidStrategyIsA422NamingTheMember() {
        assertThat(setStrategy("{'facetsScoring':[],'personalizationImpact':50}")
                        .body()
                        .get("message")
                        .asString())
                .isEqualTo("eventsScoring is required");
        Reply badType = setStrategy("{'eventsScoring':[{'eventName':'x','eventType':'purchase','score':1}],"
                + "'facetsScoring':[],'personalizationImpact':50}");
        assertThat(badType.status()).isEqualTo(422);
        assertThat(badType.body().get("message").asString())
                .contains("eventsScoring[0].eventType must be one of click, conversion, view");
        assertThat(setStrategy("{'eventsScoring':[],'facetsScoring':[],'personalizationImpact':101}")
                        .body()
                        .get("message")
                        .asString())
                .contains("personalizationImpact must be an integer from 0 to 100");
        assertThat(setStrategy("{'eventsScoring':[],'facetsScoring':[{'facetName':'brand','score':'high'}],"
                                + "'personalizationImpact':1}")
                        .status())
                .isEqualTo(422);
        assertThat(setStrategy("{'eventsScoring':[],'facetsScoring':[{'score':3}],'personalizationImpact':1}")
                        .body()
                        .get("message")
                        .asString())
                .contains("facetsScoring[0].facetName is required");
        assertThat(server.send("GET", "/1/strategies/personalization", null).status())
                .isEqualTo(404);
    }

    @Test
    void aProfileSumsTheEventScoresOnTheFacetValuesOfTheRecordsAndFiltersNamed() {
        setStrategy(STRATEGY).requireOk();
        long t = START.toEpochMilli();
        server.recordEvents(
                event("view", "Product viewed", "alice", t - 3000, List.of("1")),
                event("view", "Product viewed", "alice", t - 2000, List.of("1", "3")),
                event("conversion", "Product bought", "alice", t - 1000, List.of("3")),
                filterEvent("Product viewed", "alice", t - 500, "color:green"),
                // not scored: unknown name, wrong type, unscored facet, other user
                event("view", "Unknown", "alice", t, List.of("2")),
                event("click", "Product viewed", "alice", t, List.of("2")),
                filterEvent("Product viewed", "alice", t - 100, "size:L"),
                event("view", "Product viewed", "bob", t, List.of("2")));

        Reply profile =
                server.send("GET", "/1/profiles/personalization/alice", null).requireOk();

        assertThat(profile.body().get("userToken").asString()).isEqualTo("alice");
        assertThat(profile.body().get("lastEventAt").asString()).isEqualTo("2026-03-01T10:00:00.000Z");
        assertThat(profile.body().get("scores"))
                .isEqualTo(io.quarry.mockserver.testing.TestClient.json(io.quarry.mockserver.testing.TestClient.jq(
                        "{'brand':{'Acme':12,'Apple':4},'color':{'black':4,'blue':12,'green':2,'red':12}}")));
    }

    @Test
    void scoresAreCappedAtTwenty() {
        setStrategy(STRATEGY).requireOk();
        long t = START.toEpochMilli();
        server.recordEvents(
                event("conversion", "Product bought", "carol", t, List.of("1")),
                event("conversion", "Product bought", "carol", t, List.of("1")),
                event("conversion", "Product bought", "carol", t, List.of("1")));

        Reply profile =
                server.send("GET", "/1/profiles/personalization/carol", null).requireOk();

        assertThat(profile.body().at("/scores/brand/Apple").asInt()).isEqualTo(20);
    }

    @Test
    void aUserWithoutEventsIsA404AndADeletedProfileIgnoresEarlierEvents() {
        setStrategy(STRATEGY).requireOk();
        assertThat(server.send("GET", "/1/profiles/personalization/nobody", null)
                        .status())
                .isEqualTo(404);
        assertThat(server.send("DELETE", "/1/profiles/nobody", null).status()).isEqualTo(404);
        long t = START.toEpochMilli();
        server.recordEvents(event("view", "Product viewed", "dave", t - 1000, List.of("1")));

        Reply deleted = server.send("DELETE", "/1/profiles/dave", null).requireOk();

        assertThat(deleted.body().get("userToken").asString()).isEqualTo("dave");
        assertThat(deleted.body().get("deletedUntil").asString()).isEqualTo("2026-03-01T10:00:00.000Z");
        assertThat(server.send("GET", "/1/profiles/personalization/dave", null).status())
                .isEqualTo(404);

        clock.advance(Duration.ofMinutes(1));
        server.recordEvents(event("view", "Product viewed", "dave", clock.millis(), List.of("2")));
        Reply fresh =
                server.send("GET", "/1/profiles/personalization/dave", null).requireOk();
        assertThat(fresh.body().get("scores").get("brand").propertyNames()).containsExactly("Samsung");
    }

    @Test
    void aDeletionAlsoDropsEventsReceivedBeforeItButTimestampedAfterIt() {
        setStrategy(STRATEGY).requireOk();
        long t = START.toEpochMilli();
        server.recordEvents(
                event("view", "Product viewed", "fay", t + Duration.ofHours(1).toMillis(), List.of("1")));

        server.send("DELETE", "/1/profiles/fay", null).requireOk();

        assertThat(server.send("GET", "/1/profiles/personalization/fay", null).status())
                .isEqualTo(404);
        clock.advance(Duration.ofMinutes(1));
        server.recordEvents(event("view", "Product viewed", "fay", clock.millis(), List.of("2")));
        Reply fresh =
                server.send("GET", "/1/profiles/personalization/fay", null).requireOk();
        assertThat(fresh.body().get("scores").get("brand").propertyNames()).containsExactly("Samsung");
    }

    @Test
    void anEventReceivedAfterADeletionStartsANewProfileEvenInTheDeletionsMillisecond() {
        setStrategy(STRATEGY).requireOk();
        long t = START.toEpochMilli();
        server.recordEvents(event("view", "Product viewed", "hal", t, List.of("1")));

        Reply deleted = server.send("DELETE", "/1/profiles/hal", null).requireOk();
        // the clock has not moved: the new event's default timestamp is the deletion's time
        server.send(
                        "POST",
                        "/1/events",
                        "{'events':[{'eventType':'view','eventName':'Product viewed','index':'shop',"
                                + "'userToken':'hal','objectIDs':['2']}]}")
                .requireOk();

        assertThat(deleted.body().get("deletedUntil").asString()).isEqualTo("2026-03-01T10:00:00.000Z");
        Reply fresh =
                server.send("GET", "/1/profiles/personalization/hal", null).requireOk();
        assertThat(fresh.body().get("scores").get("brand").propertyNames()).containsExactly("Samsung");
    }

    @Test
    void aPersonalizedSearchRanksTheUsersPreferredValuesFirst() {
        setStrategy(STRATEGY).requireOk();
        long t = START.toEpochMilli();
        server.recordEvents(
                event("conversion", "Product bought", "erin", t, List.of("3")),
                event("view", "Product viewed", "erin", t, List.of("2")));
        String query = "{'query':'phone','getRankingInfo':true,'userToken':'erin'";

        List<String> plain =
                server.send("POST", "/1/indexes/shop/query", query + "}").hitIds();
        List<String> personalized = server.send(
                        "POST", "/1/indexes/shop/query", query + ",'enablePersonalization':true}")
                .hitIds();
        List<String> disabledByImpact = server.send(
                        "POST",
                        "/1/indexes/shop/query",
                        query + ",'enablePersonalization':true,'personalizationImpact':0}")
                .hitIds();
        List<String> otherUser = server.send(
                        "POST",
                        "/1/indexes/shop/query",
                        "{'query':'phone','userToken':'nobody','enablePersonalization':true}")
                .hitIds();

        assertThat(plain).containsExactly("1", "2", "3");
        // erin: Acme 10 (brand 100%) + red/blue 10 x 50% = 15 for record 3; Samsung 2 + white 1 = 3 for record 2
        assertThat(personalized).containsExactly("3", "2", "1");
        assertThat(disabledByImpact).isEqualTo(plain);
        assertThat(otherUser).isEqualTo(plain);
    }

    @Test
    void theIndexSettingTurnsPersonalizationOnWhenTheSearchDoesNotSay() {
        server.seed("{'indices':{'tuned':{'settings':{'attributesForFaceting':['brand'],'enablePersonalization':true},"
                + "'records':[{'objectID':'1','name':'phone','brand':'Apple'},"
                + "{'objectID':'2','name':'phone','brand':'Samsung'}]}}}");
        setStrategy(STRATEGY).requireOk();
        server.recordEvents(filterEvent("Product viewed", "gus", START.toEpochMilli(), "brand:Samsung"));
        String query = "{'query':'phone','userToken':'gus'";

        List<String> bySetting =
                server.send("POST", "/1/indexes/tuned/query", query + "}").hitIds();
        List<String> turnedOff = server.send(
                        "POST", "/1/indexes/tuned/query", query + ",'enablePersonalization':false}")
                .hitIds();

        assertThat(bySetting).containsExactly("2", "1");
        assertThat(turnedOff).containsExactly("1", "2");
    }

    @Test
    void personalizationKeepsTheSearchsOwnOptionalFilters() {
        setStrategy(STRATEGY).requireOk();
        server.recordEvents(event("view", "Product viewed", "finn", START.toEpochMilli(), List.of("2")));

        Reply reply = server.send(
                        "POST",
                        "/1/indexes/shop/query",
                        "{'params':'query=phone&optionalFilters=brand%3AAcme%3Cscore%3D9%3E&getRankingInfo=true"
                                + "&enablePersonalization=true&userToken=finn'}")
                .requireOk();

        assertThat(reply.hitIds()).containsExactly("3", "2", "1");
        assertThat(reply.body().at("/hits/0/_rankingInfo/filters").asInt()).isEqualTo(9);
        assertThat(reply.body().at("/hits/1/_rankingInfo/filters").asInt()).isEqualTo(3);
    }
}
