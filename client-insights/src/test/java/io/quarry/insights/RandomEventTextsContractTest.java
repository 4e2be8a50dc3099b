package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.UnprocessableEntityException;
import io.quarry.core.spi.JsonBodies;
import io.quarry.insights.model.EventType;
import io.quarry.insights.model.EventsResponse;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * Random events, thrown at the client and, around the client, at the mock server: both judge every batch alike
 * (the first bad event's first problem, in the same words), the client surfaces a refusal as its typed exception
 * with the message whole, and accepted events arrive as sent, read back from the users' personalization profiles
 * (the event names and types the strategy scores, the records named, the decoded filters, the timestamps). Through
 * the client they go by {@code send}, {@code sendAsync} or, for a lone event they can make, the one-user calls.
 */
@ExtendWith(MockServerExtension.class)
class RandomEventTextsContractTest {

    private static final long SEED = 20_261_129L;
    private static final int ROUNDS = 100;
    /** What the service checks and the client leaves to it: rules the service does not state in full. */
    private static final List<String> SERVICE_ONLY_RULES =
            List.of("EventType must be one of", "Index must be a valid index name");

    private static final EventsResponse OK = new EventsResponse(200, "OK");
    /** The facet whose value is each record's own objectID. */
    private static final String ITEM = "item";

    @AutoClose
    private InsightsClient insights;

    private MockServer server;
    private RawCalls raw;

    @BeforeEach
    void setUp(MockServer server) {
        this.server = server;
        insights = InsightsClient.create(MockServerClients.config(server));
        raw = new RawCalls(server);
    }

    @Test
    void clientAndServerJudgeRandomEventsAlikeAndAcceptedOnesArriveAsSent() {
        Random random = new Random(SEED);
        for (int round = 0; round < ROUNDS; round++) {
            long now = System.currentTimeMillis();
            List<InsightsEvent> events = new RandomEvents(random, now).batch();
            String where = "seed " + SEED + ", round " + round + ", events " + events;

            List<String> local = new ArrayList<>();
            events.forEach(event -> local.add(EventRules.problem(event, now)));
            int firstBadLocally = firstNonNull(local);
            String verdict = judgedAlike(where, events, local);
            server.reset(); // what the profiles show next came through the client alone
            if (firstBadLocally < 0) {
                prepareReadBack(events);
            }
            Throwable thrown = thrownBy(events, round % 2 == 1);

            if (firstBadLocally >= 0) {
                String problem = local.get(firstBadLocally);
                String named = events.size() == 1
                        ? problem
                        : problem + " (event " + firstBadLocally + " of " + events.size() + ")";
                assertThat(thrown)
                        .as(where)
                        .isInstanceOf(InvalidRequestException.class)
                        .hasMessage(named);
            } else if (verdict == null) {
                assertThat(thrown).as(where).isNull();
                assertArrivedAsSent(where, events);
            } else {
                assertThat(thrown).as(where).isInstanceOf(UnprocessableEntityException.class);
                assertThat(((UnprocessableEntityException) thrown).serviceMessage())
                        .as(where)
                        .isEqualTo(verdict);
                assertThat(thrown.getMessage()).as(where).endsWith(verdict);
            }
        }
    }

    /**
     * Sends the events around the client, together and each alone: each event's verdict is the client's problem
     * with it or one of the rules the client leaves to the service (which it may meet first); the batch's is the
     * first bad event's, all or nothing.
     *
     * @return the batch's verdict: the 422's message, or null for a 200
     */
    private String judgedAlike(String where, List<InsightsEvent> events, List<String> local) {
        String verdict = verdict(where, events);
        String firstAlone = null;
        for (int i = 0; i < events.size(); i++) {
            String alone = events.size() == 1 ? verdict : verdict(where, List.of(events.get(i)));
            String expected = local.get(i);
            assertThat(alone)
                    .as(where + ", event " + i)
                    .satisfiesAnyOf(
                            v -> assertThat(v).isEqualTo(expected),
                            v -> assertThat(SERVICE_ONLY_RULES).anyMatch(rule -> v != null && v.startsWith(rule)));
            firstAlone = firstAlone == null ? alone : firstAlone;
        }
        assertThat(verdict).as(where).isEqualTo(firstAlone);
        return verdict;
    }

    /** {@return the mock server's 422 message for the events sent around the client, or null for a 200} */
    private String verdict(String where, List<InsightsEvent> events) {
        RawCalls.Answer answer = raw.send("POST", "/1/events", JsonBodies.object("events", events));
        assertThat(answer.status()).as(where + ": " + answer.body()).isIn(200, 422);
        return answer.status() == 200 ? null : answer.message();
    }

    private static int firstNonNull(List<String> problems) {
        for (int i = 0; i < problems.size(); i++) {
            if (problems.get(i) != null) {
                return i;
            }
        }
        return -1;
    }

    /** {@return what sending the events through the client threw (a future's failure unwrapped), or null} */
    private Throwable thrownBy(List<InsightsEvent> events, boolean async) {
        try {
            CompletableFuture<EventsResponse> byUser = events.size() == 1 ? sentByUser(events.get(0), async) : null;
            if (byUser != null) {
                assertThat(byUser.join()).isEqualTo(OK);
            } else if (async) {
                assertThat(insights.sendAsync(events).join()).allMatch(answer -> answer.equals(OK));
            } else {
                assertThat(insights.send(events)).allMatch(answer -> answer.equals(OK));
            }
            return null;
        } catch (CompletionException e) {
            return async ? e.getCause() : e;
        } catch (RuntimeException e) {
            return e;
        }
    }

    /**
     * Sends the event through the one-user call that makes exactly it, if there is one (the event sets only what
     * those calls set); a blocking call's outcome comes as a completed future.
     *
     * @return the answer, or null when no such call makes the event
     */
    private CompletableFuture<EventsResponse> sentByUser(InsightsEvent event, boolean async) {
        boolean plain = event.timestamp() == null
                && event.eventSubtype() == null
                && event.queryID() == null
                && event.positions() == null
                && event.value() == null;
        boolean onRecords = event.objectIDs() != null && event.filters() == null;
        boolean onFilters = event.filters() != null && event.objectIDs() == null;
        if (!plain || !onRecords && !onFilters || event.userToken() == null) {
            return null;
        }
        InsightsUser anonymous = insights.user(event.userToken());
        InsightsUser user = event.authenticatedUserToken() == null
                ? anonymous
                : anonymous.authenticated(event.authenticatedUserToken());
        String name = event.eventName();
        String index = event.index();
        List<String> items = onRecords ? event.objectIDs() : event.filters();
        if (async) {
            return switch (event.eventType().name()) {
                case "click" ->
                    onRecords
                            ? user.clickedObjectIDsAsync(name, index, items)
                            : user.clickedFiltersAsync(name, index, items);
                case "view" ->
                    onRecords
                            ? user.viewedObjectIDsAsync(name, index, items)
                            : user.viewedFiltersAsync(name, index, items);
                case "conversion" ->
                    onRecords
                            ? user.convertedObjectIDsAsync(name, index, items)
                            : user.convertedFiltersAsync(name, index, items);
                default -> null;
            };
        }
        return switch (event.eventType().name()) {
            case "click" ->
                CompletableFuture.completedFuture(
                        onRecords
                                ? user.clickedObjectIDs(name, index, items)
                                : user.clickedFilters(name, index, items));
            case "view" ->
                CompletableFuture.completedFuture(
                        onRecords ? user.viewedObjectIDs(name, index, items) : user.viewedFilters(name, index, items));
            case "conversion" ->
                CompletableFuture.completedFuture(
                        onRecords
                                ? user.convertedObjectIDs(name, index, items)
                                : user.convertedFilters(name, index, items));
            default -> null;
        };
    }

    /** Records for the objectIDs named, and a strategy scoring every event name, type and facet sent. */
    private void prepareReadBack(List<InsightsEvent> events) {
        List<Object> requests = new ArrayList<>();
        List<Object> eventScores = new ArrayList<>();
        Set<String> facets = new TreeSet<>(Set.of(ITEM));
        for (InsightsEvent event : events) {
            for (String id : records(event)) {
                requests.add(JsonBodies.object(
                        "action", "updateObject", "body", JsonBodies.object("objectID", id, ITEM, id)));
            }
            if (scored(event)) {
                eventScores.add(JsonBodies.object(
                        "eventName",
                        event.eventName(),
                        "eventType",
                        event.eventType().name(),
                        "score",
                        1));
            }
            facets.addAll(decodedFilters(event).keySet());
        }
        if (!requests.isEmpty()) {
            RawCalls.Answer written =
                    raw.send("POST", "/1/indexes/" + RandomEvents.INDEX + "/batch", Map.of("requests", requests));
            assertThat(written.status()).as(written.body().toString()).isEqualTo(200);
        }
        List<Object> facetScores = new ArrayList<>();
        facets.forEach(facet -> facetScores.add(JsonBodies.object("facetName", facet, "score", 100)));
        RawCalls.Answer set = raw.send(
                "POST",
                "/1/strategies/personalization",
                JsonBodies.object(
                        "eventsScoring", eventScores, "facetsScoring", facetScores, "personalizationImpact", 100));
        assertThat(set.status()).as(set.body().toString()).isEqualTo(200);
    }

    /** Each user's profile holds exactly the values the user's events named, and the newest timestamp. */
    private void assertArrivedAsSent(String where, List<InsightsEvent> events) {
        Map<String, List<InsightsEvent>> byUser = new TreeMap<>();
        events.forEach(event -> byUser.computeIfAbsent(event.userToken(), user -> new ArrayList<>())
                .add(event));
        byUser.forEach((user, ofUser) -> {
            RawCalls.Answer profile = raw.send("GET", "/1/profiles/personalization/" + user, null);
            assertThat(profile.status()).as(where).isEqualTo(200);
            assertThat(valuesIn(profile.body().get("scores"))).as(where).isEqualTo(expectedValues(ofUser));
            Instant last = Instant.parse(profile.body().get("lastEventAt").asString());
            long newestSent = ofUser.stream()
                    .map(InsightsEvent::timestamp)
                    .filter(Objects::nonNull)
                    .mapToLong(Instant::toEpochMilli)
                    .max()
                    .orElse(Long.MIN_VALUE);
            if (ofUser.stream().allMatch(event -> event.timestamp() != null)) {
                assertThat(last.toEpochMilli()).as(where).isEqualTo(newestSent);
            } else {
                assertThat(last.toEpochMilli()).as(where).isGreaterThanOrEqualTo(newestSent);
            }
        });
    }

    private static Map<String, Set<String>> expectedValues(List<InsightsEvent> events) {
        Map<String, Set<String>> values = new TreeMap<>();
        for (InsightsEvent event : events) {
            if (!scored(event)) {
                continue;
            }
            for (String id : records(event)) {
                values.computeIfAbsent(ITEM, facet -> new TreeSet<>()).add(id);
            }
            decodedFilters(event)
                    .forEach((attribute, named) -> values.computeIfAbsent(attribute, facet -> new TreeSet<>())
                            .addAll(named));
        }
        return values;
    }

    private static Map<String, Set<String>> valuesIn(JsonNode scores) {
        Map<String, Set<String>> values = new TreeMap<>();
        scores.properties().forEach(facet -> {
            Set<String> named = new TreeSet<>(facet.getValue().propertyNames());
            facet.getValue().values().forEach(score -> assertThat(score.asInt()).isBetween(1, 20));
            values.put(facet.getKey(), named);
        });
        return values;
    }

    /** The strategy names an event only by a name with more than blanks, and the types it knows. */
    private static boolean scored(InsightsEvent event) {
        return !event.eventName().isBlank()
                && List.of(EventType.CLICK, EventType.VIEW, EventType.CONVERSION)
                        .contains(event.eventType());
    }

    private static Set<String> records(InsightsEvent event) {
        return event.objectIDs() == null || !event.index().equals(RandomEvents.INDEX)
                ? Set.of()
                : new LinkedHashSet<>(event.objectIDs());
    }

    /** A filter's attribute and value, each URL-decoded ({@code +} is itself). */
    private static Map<String, Set<String>> decodedFilters(InsightsEvent event) {
        Map<String, Set<String>> filters = new TreeMap<>();
        if (event.filters() != null) {
            for (String filter : event.filters()) {
                int colon = filter.indexOf(':');
                filters.computeIfAbsent(decoded(filter.substring(0, colon)), attribute -> new TreeSet<>())
                        .add(decoded(filter.substring(colon + 1)));
            }
        }
        return filters;
    }

    private static String decoded(String text) {
        return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
