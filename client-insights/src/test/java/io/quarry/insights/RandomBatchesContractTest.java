package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.UnprocessableEntityException;
import io.quarry.insights.model.EventSubtype;
import io.quarry.insights.model.EventType;
import io.quarry.insights.model.EventsResponse;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * Seeded random batches of thousands of events through {@code send} and {@code sendAsync}, counted where they land:
 * the clicks and conversions of one search in the mock server's analytics. A bad event anywhere among 10,000 is
 * named by its place and nothing is sent; valid events, large and beyond ASCII, all arrive, split by count and by
 * the bytes their bodies really take; an event only the service refuses stops the send at its call, the calls
 * before it landing whole. Set {@code -Dquarry.insights.batchRounds=N} for longer runs.
 */
@ExtendWith(MockServerExtension.class)
class RandomBatchesContractTest {

    private static final long SEED = 20_261_130L;
    private static final int ROUNDS = Integer.getInteger("quarry.insights.batchRounds", 1);
    private static final String INDEX = "products";
    private static final EventsResponse OK = new EventsResponse(200, "OK");
    /** Text a body carries as UTF-8 of one to four bytes, as an escape of two or six, or as it is. */
    private static final String[] PIECES = {
        "a", "Z", "é", "漢", "\uD83D\uDE00", "\uD800", "\uDFFF", "\"", "\\", "\u0001", "\u2028", "%", "x".repeat(40)
    };

    @AutoClose
    private InsightsClient insights;

    private MockServer server;
    private MockServerCalls service;

    @BeforeEach
    void setUp(MockServer server) {
        this.server = server;
        insights = InsightsClient.create(MockServerClients.config(server));
        service = new MockServerCalls(server);
    }

    @Test
    void aBadEventAmongTenThousandIsNamedByItsPlaceAndNothingIsSent() {
        Random random = new Random(SEED);
        String queryID = "0123456789abcdef0123456789abcdef";
        for (int round = 0; round < ROUNDS; round++) {
            List<InsightsEvent> events = new ArrayList<>();
            for (int i = 0; i < 10_000; i++) {
                events.add(click(queryID, "item-" + i));
            }
            int bad = random.nextInt(events.size());
            InsightsEvent broken = broken(random, events.get(bad));
            events.set(bad, broken);
            String where = "seed " + SEED + ", round " + round + ", event " + bad + ": " + broken;

            Throwable thrown = thrownBy(events, round % 2 == 1);

            String problem = EventRules.problem(broken, System.currentTimeMillis());
            assertThat(thrown)
                    .as(where)
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessage(problem + " (event " + bad + " of 10000)");
        }
        RawCalls.Answer profile = new RawCalls(server).send("GET", "/1/profiles/personalization/user-1", null);
        assertThat(profile.status()).as("no event of user-1 arrived").isEqualTo(404);
    }

    @Test
    void largeBatchesBeyondAsciiArriveWholeInCallsOfAtMost2Megabytes() {
        Random random = new Random(SEED + 1);
        for (int round = 0; round < ROUNDS; round++) {
            server.reset();
            String queryID = search();
            List<InsightsEvent> events = randomValidEvents(random, queryID, 1001 + random.nextInt(500), true);
            List<List<InsightsEvent>> calls = insights.chunks(events);
            String where = "seed " + (SEED + 1) + ", round " + round + ", " + events.size() + " events";

            assertThat(thrownBy(events, round % 2 == 1)).as(where).isNull();

            assertThat(calls.subList(0, calls.size() - 1))
                    .as(where + ": a call full by its bytes before its count")
                    .anyMatch(call -> call.size() < EventRules.MAX_EVENTS_PER_CALL);
            assertThat(landed()).as(where).isEqualTo(counted(events));
        }
    }

    @Test
    void anEventOnlyTheServiceRefusesStopsTheSendAtItsCall() {
        Random random = new Random(SEED + 2);
        for (int round = 0; round < ROUNDS; round++) {
            server.reset();
            String queryID = search();
            List<InsightsEvent> events = randomValidEvents(random, queryID, 1001 + random.nextInt(1000), false);
            int bad = random.nextInt(events.size());
            events.set(
                    bad,
                    InsightsEvent.of(EventType.of("hover"), "Hovered", INDEX, "user-1")
                            .objectIDs(List.of("a")));
            List<List<InsightsEvent>> calls = insights.chunks(events);
            List<InsightsEvent> before = new ArrayList<>();
            for (List<InsightsEvent> call : calls) {
                if (call.contains(events.get(bad))) {
                    break;
                }
                before.addAll(call);
            }
            String where = "seed " + (SEED + 2) + ", round " + round + ", event " + bad + " of " + events.size();

            Throwable thrown = thrownBy(events, round % 2 == 0);

            assertThat(thrown).as(where).isInstanceOf(UnprocessableEntityException.class);
            assertThat(((UnprocessableEntityException) thrown).serviceMessage())
                    .as(where)
                    .startsWith("EventType must be one of");
            assertThat(landed()).as(where).isEqualTo(counted(before));
        }
    }

    /**
     * Clicks and conversions after the search, most small, a few holding up to half a megabyte of odd text; with
     * {@code rowOfLarge}, three in a row hold 0.7 MB or more each, more than one call can carry.
     */
    private static List<InsightsEvent> randomValidEvents(Random random, String queryID, int count, boolean rowOfLarge) {
        List<InsightsEvent> events = new ArrayList<>();
        int large = rowOfLarge ? random.nextInt(count - 2) : -3;
        for (int i = 0; i < count; i++) {
            InsightsEvent event = random.nextInt(3) == 0
                    ? InsightsEvent.conversion("Bought", INDEX, "user-" + random.nextInt(50))
                            .objectIDs(List.of(text(random, 1 + random.nextInt(8))
                                    .replace("\uD800", "d")
                                    .replace("\uDFFF", "f")))
                            .queryID(queryID)
                            .subtype(EventSubtype.PURCHASE)
                    : click(queryID, "item-" + i);
            boolean inTheRow = i >= large && i < large + 3;
            if (inTheRow || random.nextInt(200) == 0) {
                String piece = text(random, 300); // about 1,200 characters, 1,800 bytes in a body
                // in the row, 700,000 characters or more: at least as many bytes, three pass 2 MB
                int times = inTheRow ? 700_000 / piece.length() + 1 : random.nextInt(200);
                event = event.currency(piece.repeat(times))
                        .objectData(List.of(Map.of("note", piece.repeat(random.nextInt(100)))));
            }
            events.add(event);
        }
        return events;
    }

    private static String text(Random random, int pieces) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            text.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return text.toString();
    }

    private static InsightsEvent click(String queryID, String objectID) {
        return InsightsEvent.click("Clicked", INDEX, "user-1")
                .objectIDs(List.of(objectID))
                .positions(List.of(1))
                .queryID(queryID);
    }

    /** The event with one of the service's rules broken. */
    private static InsightsEvent broken(Random random, InsightsEvent event) {
        return switch (random.nextInt(10)) {
            case 0 -> event.objectIDs(List.of("a", "\uDC00"));
            case 1 -> event.queryID("0123");
            case 2 -> event.positions(List.of(0));
            case 3 -> event.positions(List.of(1, 2));
            case 4 -> event.filters(List.of("discount:10%"));
            case 5 -> event.timestamp(java.time.Instant.now().minus(Duration.ofDays(5)));
            case 6 -> event.authenticatedUserToken("signed in");
            case 7 -> event.value(Double.NaN);
            case 8 -> event.subtype(EventSubtype.PURCHASE);
            default -> InsightsEvent.click("x".repeat(65), INDEX, "user-1").objectIDs(List.of("a"));
        };
    }

    /** {@return what sending the events threw (a future's failure unwrapped), or null when every call was OK} */
    private Throwable thrownBy(List<InsightsEvent> events, boolean async) {
        try {
            List<EventsResponse> answers = async ? insights.sendAsync(events).join() : insights.send(events);
            assertThat(answers).isNotEmpty().allMatch(OK::equals);
            return null;
        } catch (CompletionException e) {
            return e.getCause();
        } catch (RuntimeException e) {
            return e;
        }
    }

    /** {@return the query ID of a new search made with click analytics} */
    private String search() {
        service.send("PUT", "/1/indexes/" + INDEX + "/a", "{'name':'shoe'}");
        return service.send("POST", "/1/indexes/" + INDEX + "/query", "{'query':'','clickAnalytics':true}")
                .get("queryID")
                .asString();
    }

    /**
     * The click and conversion events counted on the search.
     *
     * @param clicks the clicks
     * @param conversions the conversions
     */
    private record Landed(long clicks, long conversions) {}

    private Landed landed() {
        JsonNode row = service.send("GET", "/2/searches?index=" + INDEX + "&clickAnalytics=true", null)
                .get("searches")
                .get(0);
        return new Landed(
                row.get("clickCount").asLong(), row.get("conversionCount").asLong());
    }

    private static Landed counted(List<InsightsEvent> events) {
        long clicks = events.stream()
                .filter(event -> event.eventType().equals(EventType.CLICK))
                .count();
        long conversions = events.stream()
                .filter(event -> event.eventType().equals(EventType.CONVERSION))
                .count();
        return new Landed(clicks, conversions);
    }
}
