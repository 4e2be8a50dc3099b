package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code POST /1/events}: every rule, the first problem only, 401, 413 (what accepted events do: AnalyticsHttpTest). */
class InsightsHttpTest {

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    private static final String QID = "0123456789abcdef0123456789abcdef";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    private final TestClient admin = new TestClient(MOCK.server());

    private static String event(String members) {
        return "{'eventType':'click','eventName':'Clicked','index':'items','userToken':'u-1'" + members + "}";
    }

    private Reply send(String... events) {
        return admin.post("/1/events", jq("{'events':[" + String.join(",", events) + "]}"));
    }

    private void assertRefused(String message, String... events) {
        Reply reply = send(events);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(422);
        assertThat(reply.body().get("message").asString()).isEqualTo(message);
        assertThat(reply.body().get("status").asInt()).isEqualTo(422);
    }

    @Test
    void acceptsValidEventsOfEachKind() {
        Reply reply = send(
                event(",'objectIDs':['1','2'],'positions':[1,2],'queryID':'" + QID + "'"),
                "{'eventType':'conversion','eventSubtype':'purchase','eventName':'Bought','index':'items',"
                        + "'userToken':'u-1','objectIDs':['1'],'objectData':[{'price':3}],'currency':'EUR',"
                        + "'value':3,'timestamp':"
                        + CLOCK.millis() + "}",
                "{'eventType':'view','eventName':'Seen','index':'items','userToken':'u-1','filters':['brand:acme']}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.body().get("message").asString()).isEqualTo("OK");
    }

    @Test
    void batchRules() {
        assertRefused("No events to process");
        Reply none = admin.post("/1/events", "{}");
        assertThat(none.status()).isEqualTo(422);
        String many = IntStream.range(0, 1001)
                .mapToObj(i -> event(",'objectIDs':['" + i + "']"))
                .collect(Collectors.joining(","));
        assertRefused("Cannot process more than 1000 events in a batch", many);
        assertThat(send(many.substring(many.indexOf("},") + 2)).status()).isEqualTo(200);
    }

    @Test
    void aValueIsANumberOrTheTextOfOne() {
        for (String value : new String[] {"'NaN'", "'Infinity'", "' 5 '", "'5d'", "'0x1p3'", "'1e400'", "'five'"}) {
            assertRefused("Value must be a number", event(",'objectIDs':['1'],'value':" + value));
        }
        for (String value : new String[] {"19.9", "'19.90'", "'-0.5e2'", "'0'"}) {
            assertThat(send(event(",'objectIDs':['1'],'value':" + value)).status())
                    .as(value)
                    .isEqualTo(200);
        }
    }

    @Test
    void timesInTheFutureAndDuplicatedRecordsAreAccepted() {
        assertThat(send(event(",'objectIDs':['1','1'],'timestamp':" + Long.MAX_VALUE))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void eachRuleHasTheServiceMessage() {
        assertRefused(
                "EventName is required", "{'eventType':'click','index':'items','userToken':'u','objectIDs':['1']}");
        assertRefused(
                "EventName must be 1 to 64 ASCII characters without control characters",
                event(",'eventName':'" + "x".repeat(65) + "','objectIDs':['1']").replace("'eventName':'Clicked',", ""));
        assertRefused("Event should specify ObjectIDs or Filters, but not both", event(""));
        assertRefused(
                "Event should specify ObjectIDs or Filters, but not both",
                event(",'objectIDs':['1'],'filters':['a:b']"));
        assertRefused(
                "Event of type click with positions should specify a queryID",
                event(",'objectIDs':['1'],'positions':[1]"));
        assertRefused(
                "Event should have the same number of ObjectIDs and Positions",
                event(",'objectIDs':['1','2'],'positions':[1],'queryID':'" + QID + "'"));
        assertRefused(
                "Query ID must be a search query ID (32 characters hexadecimal string)",
                event(",'objectIDs':['1'],'queryID':'nothex'"));
        assertRefused(
                "UserToken must be 1 to 64 characters among a-z, A-Z, 0-9, _ and -",
                event(",'objectIDs':['1']").replace("u-1", "user one"));
        assertRefused(
                "Event cannot have more than 10 Filters",
                event(",'filters':['a:1','a:2','a:3','a:4','a:5'," + "'a:6','a:7','a:8','a:9','a:10','a:11']"));
        assertRefused(
                "Event cannot have more than 20 ObjectIDs",
                event(",'objectIDs':["
                        + IntStream.range(0, 21).mapToObj(i -> "'" + i + "'").collect(Collectors.joining(",")) + "]"));
        assertRefused(
                "Only events of type click can have positions",
                event(",'objectIDs':['1'],'positions':[1],'queryID':'" + QID + "'")
                        .replace("'click'", "'view'"));
        assertRefused(
                "Event timestamp is more than 4 days in the past",
                event(",'objectIDs':['1'],'timestamp':"
                        + (CLOCK.millis() - Duration.ofDays(4).toMillis() - 1)));
        assertRefused("Filters must be formatted as attribute:value", event(",'filters':['novalue']"));
    }

    @Test
    void aMemberOfTheWrongJsonTypeIsRefusedNotReadAsText() {
        assertRefused("EventName must be a string", event(",'objectIDs':['1']").replace("'Clicked'", "5"));
        assertRefused("EventName must be a string", event(",'objectIDs':['1']").replace("'Clicked'", "{'a':1}"));
        assertRefused("EventType must be a string", event(",'objectIDs':['1']").replace("'click'", "['click']"));
        assertRefused("UserToken must be a string", event(",'objectIDs':['1']").replace("'u-1'", "12345"));
        assertRefused("Index must be a string", event(",'objectIDs':['1']").replace("'items'", "true"));
        assertRefused("QueryID must be a string", event(",'objectIDs':['1'],'queryID':" + "1".repeat(32)));
        assertRefused(
                "AuthenticatedUserToken must be a string", event(",'objectIDs':['1'],'authenticatedUserToken':5"));
    }

    @Test
    void theIndexIsNamedAsTheSearchApiNamesIndices() {
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units, four UTF-8 bytes
        assertRefused(
                "Index must be a valid index name: it must hold at most 512 bytes",
                event(",'objectIDs':['1']").replace("'items'", "'" + emoji.repeat(129) + "'"));
        assertRefused(
                "Index must be a valid index name: it must not contain control characters",
                event(",'objectIDs':['1']").replace("'items'", "'a\u0085b'"));
        assertThat(send(event(",'objectIDs':['1']").replace("'items'", "'" + emoji.repeat(128) + "'"))
                        .status())
                .isEqualTo(200);
        assertThat(send(event(",'objectIDs':['1']").replace("'items'", "'" + "\u00e9".repeat(256) + "'"))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void filtersAreUrlEncodedAttributesAndValues() {
        assertRefused(
                "Filters must be URL-encoded attribute:value pairs (Malformed percent-encoding)",
                event(",'filters':['discount:10%']"));
        assertRefused(
                "Filters must be URL-encoded attribute:value pairs (Malformed UTF-8)",
                event(",'filters':['brand:ok','brand:%FF']"));
        assertRefused(
                "Filters must be URL-encoded attribute:value pairs (Malformed percent-encoding)",
                event(",'filters':['100%:x']"));
        // digits of other scripts and fullwidth ones are no hexadecimal digits of an escape
        assertRefused(
                "Filters must be URL-encoded attribute:value pairs (Malformed percent-encoding)",
                event(",'filters':['brand:%\u0664\u0661']"));
        assertRefused(
                "Filters must be URL-encoded attribute:value pairs (Malformed percent-encoding)",
                event(",'filters':['brand:%\uFF14\uFF11']"));
        assertThat(send(event(",'filters':['discount:10%25','time:10:30','caf%C3%A9:cr%C3%A8me','a+b:c+d']"))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void textWithoutAUtf8FormIsRefused() {
        assertRefused("ObjectIDs must not contain an unpaired surrogate", event(",'objectIDs':['1','a\\ud800']"));
        assertRefused(
                "Index must be a valid index name: it must not contain an unpaired surrogate",
                event(",'objectIDs':['1']").replace("'items'", "'\\udc00items'"));
        assertThat(send(event(",'objectIDs':['\\ud83d\\ude00']").replace("'items'", "'\\ud83d\\ude00'"))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void numbersBeyondTheirTypesAreRefused() {
        assertRefused(
                "Timestamp must be milliseconds since the Unix epoch",
                event(",'objectIDs':['1'],'timestamp':" + Long.MAX_VALUE + "0"));
        assertRefused(
                "Positions must be integers starting at 1",
                event(",'objectIDs':['1'],'positions':[" + (Integer.MAX_VALUE + 1L) + "],'queryID':'" + QID + "'"));
        assertThat(send(event(",'objectIDs':['1'],'positions':[" + Integer.MAX_VALUE + "],'queryID':'" + QID + "'"))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void onlyTheFirstProblemIsReported() {
        assertRefused(
                "EventName is required",
                event(",'objectIDs':['1']"),
                "{'eventType':'click','index':'items','userToken':'u','objectIDs':['1']}",
                event(""));
    }

    @Test
    void fourDaysOldIsStillAccepted() {
        Reply reply = send(event(",'objectIDs':['1'],'timestamp':"
                + (CLOCK.millis() - Duration.ofDays(4).toMillis())));
        assertThat(reply.status()).isEqualTo(200);
    }

    @Test
    void bodyOver2MegabytesIs413() {
        String big = event(",'objectIDs':['1'],'objectData':[{'blob':'" + "x".repeat(2 * 1024 * 1024) + "'}]");
        Reply reply = send(big);
        assertThat(reply.status()).isEqualTo(413);
    }

    @Test
    void credentialsAndTheSearchRight() {
        Reply anonymous = new TestClient(MOCK.server(), null, null).post("/1/events", jq("{'events':[]}"));
        assertThat(anonymous.status()).isEqualTo(401);
        String browseOnly = admin.createKey(jq("{'acl':['browse']}"));
        Reply refused =
                admin.withKey(browseOnly).post("/1/events", jq("{'events':[" + event(",'objectIDs':['1']") + "]}"));
        assertThat(refused.status()).isEqualTo(401);
        String searchKey = admin.createKey(jq("{'acl':['search']}"));
        Reply accepted =
                admin.withKey(searchKey).post("/1/events", jq("{'events':[" + event(",'objectIDs':['1']") + "]}"));
        assertThat(accepted.status()).isEqualTo(200);
    }
}
