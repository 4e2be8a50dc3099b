package io.quarry.mockserver.internal.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.journal.AnswerJournal;
import io.quarry.mockserver.internal.journal.JournaledAnswer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the console shows of the journal never holds a key: not in paths, not in bodies, not as the caller. */
class SecretsTest {

    private static final String ADMIN = "admin-key-0123456789abcdef";
    private static final String SENT = "sent-key-9876543210fedcba";

    private static final String OTHER = "other-key-00112233445566";

    private final Secrets secrets = new Secrets(ADMIN, OTHER::equals);
    private final AnswerJournal journal = new AnswerJournal(Clock.systemUTC(), null);

    @Test
    void masksTheKeyParameterWhateverItsCaseOrEncoding() {
        JournaledAnswer answer = record(
                new Request(
                        "GET",
                        "/1/indexes",
                        "x-service-api-KEY=" + SENT + "&page=2&X-Service-API%2DKey=" + ADMIN,
                        Map.of(),
                        new byte[0]),
                null,
                "");
        assertThat(secrets.path(answer)).isEqualTo("/1/indexes?x-service-api-KEY=••••&page=2&X-Service-API%2DKey=••••");
        assertThat(Secrets.caller(answer)).isEqualTo("refused key");
    }

    @Test
    void masksTheAdminKeyAndTheSentKeyWhereverThePathOrQueryHoldsThem() {
        // a mistyped parameter name: the key is sent as another parameter, the request refused, the URL journaled
        JournaledAnswer mistyped = record(
                new Request("GET", "/1/indexes", "apiKey=" + ADMIN + "&page=0", Map.of(), new byte[0]), null, "");
        assertThat(secrets.path(mistyped)).isEqualTo("/1/indexes?apiKey=••••&page=0");
        JournaledAnswer encoded = record(
                new Request(
                        "GET",
                        "/1/indexes/" + SENT.replace("-", "%2D"),
                        "q=x" + SENT.replace("-", "%2d") + "&page=0",
                        Map.of("X-Service-API-Key", SENT),
                        new byte[0]),
                null,
                "");
        assertThat(secrets.path(encoded)).isEqualTo("/1/indexes/••••?q=••••&page=0");
        JournaledAnswer another = record(
                new Request("GET", "/1/indexes", "apiKey=" + OTHER.replace("-", "%2D"), Map.of(), new byte[0]),
                null,
                "");
        assertThat(secrets.path(another)).as("one of the application's keys").isEqualTo("/1/indexes?apiKey=••••");
        String path = "/1/indexes/" + "p".repeat(AnswerJournal.PATH_CHARS - 30);
        for (int cutInside = 0; cutInside < 30; cutInside++) {
            String query = "a".repeat(cutInside) + "&token=" + ADMIN;
            String shown = secrets.path(record(new Request("GET", path, query, Map.of(), new byte[0]), null, ""));
            for (int length = 4; length <= ADMIN.length(); length++) {
                assertThat(shown).as(query).doesNotContain(ADMIN.substring(0, length));
            }
        }
    }

    @Test
    void masksAKeyInThePathOfTheKeyEndpoints() {
        Route route = route("/1/keys/{key}", Operation.LIST_API_KEY);
        JournaledAnswer answer = record(new Request("GET", "/1/keys/" + SENT, null, Map.of(), new byte[0]), route, "");
        assertThat(secrets.path(answer)).isEqualTo("/1/keys/••••");
    }

    @Test
    void masksAKeyInAPathUnderTheKeyEndpointsThatNoRouteServed() {
        for (String path : new String[] {"/1/keys/" + SENT + "/acl", "/1/Keys/" + SENT, "//1/%6Beys/" + SENT + "/"}) {
            String echo = "{\"message\":\"The endpoint GET " + path + " is not supported by the mock server\"}";
            JournaledAnswer answer = record(new Request("GET", path, null, Map.of(), new byte[0]), null, echo);
            assertThat(secrets.path(answer)).as(path).doesNotContain(SENT).contains("••••");
            assertThat(secrets.body(answer, answer.responseStart(), answer.responseBytes()))
                    .as("the 404 echoing the path")
                    .doesNotContain(SENT)
                    .contains("••••");
        }
        String encoded = "/1/keys/" + SENT.replace("-", "%2D");
        JournaledAnswer routed = record(
                new Request("PATCH", encoded, null, Map.of(), new byte[0]),
                route("/1/keys/{key}", Operation.LIST_API_KEY),
                "{\"message\":\"Method PATCH is not allowed on " + encoded + " or " + SENT + "\"}");
        assertThat(secrets.body(routed, routed.responseStart(), routed.responseBytes()))
                .isEqualTo("{\"message\":\"Method PATCH is not allowed on /1/keys/•••• or ••••\"}");
        JournaledAnswer other = record(new Request("GET", "/1/indexes/keys/x", null, Map.of(), new byte[0]), null, "");
        assertThat(secrets.path(other)).isEqualTo("/1/indexes/keys/x");
    }

    @Test
    void aPathCutBeforeItsKeyParameterEndsShowsNoneOfTheKey() {
        String path = "/1/indexes/" + "p".repeat(AnswerJournal.PATH_CHARS - 40);
        for (String name : new String[] {"x-service-api-key", "X-Service-API%2DKey"}) {
            for (int cutInside = 0; cutInside < 40; cutInside++) {
                String query = "a".repeat(cutInside) + "&" + name + "=" + SENT;
                String shown = secrets.path(record(new Request("GET", path, query, Map.of(), new byte[0]), null, ""));
                assertThat(shown).hasSizeLessThanOrEqualTo(AnswerJournal.PATH_CHARS);
                for (int length = 4; length <= SENT.length(); length++) {
                    assertThat(shown).doesNotContain(SENT.substring(0, length));
                }
            }
        }
    }

    @Test
    void masksKeyMembersInTheBodiesOfRoutesThatCarryKeys() {
        String answer = "{\"keys\":[{\"value\":\"" + SENT + "1\",\"acl\":[\"search\"]}],\"key\":\"" + SENT
                + "2\",\"crawler\":{\"apiKey\":\"" + SENT + "3\"}}";
        Route route = route("/1/keys", Operation.LIST_API_KEY);
        JournaledAnswer kept = record(new Request("GET", "/1/keys", null, Map.of(), new byte[0]), route, answer);
        assertThat(secrets.text(kept.responseStart(), kept.responseBytes(), kept.sentKey()))
                .doesNotContain(SENT)
                .contains("\"acl\":[\"search\"]")
                .contains("••••");
        JournaledAnswer notJson =
                record(new Request("GET", "/1/keys", null, Map.of(), new byte[0]), route, "<html>" + SENT);
        assertThat(secrets.text(notJson.responseStart(), notJson.responseBytes(), notJson.sentKey()))
                .doesNotContain(SENT);
    }

    @Test
    void masksTheAdminKeyAndTheSentKeyAnywhereInAnyBody() {
        String body = "{\"note\":\"" + ADMIN + "\",\"other\":\"" + SENT + "\"}";
        JournaledAnswer answer = record(
                new Request("POST", "/1/indexes/a/query", null, Map.of("x-service-api-key", SENT), bytes(body)),
                null,
                body);
        String expected = "{\"note\":\"••••\",\"other\":\"••••\"}";
        assertThat(secrets.text(answer.requestStart(), answer.requestBytes(), answer.sentKey()))
                .isEqualTo(expected);
        assertThat(secrets.text(answer.responseStart(), answer.responseBytes(), answer.sentKey()))
                .isEqualTo(expected);
        assertThat(answer.toString()).doesNotContain(SENT);
    }

    @Test
    void masksTheStartOfAKeyThatTheCutOfABodyLeavesAtItsEnd() {
        for (String key : new String[] {ADMIN, SENT}) {
            for (int kept = 1; kept < key.length(); kept++) {
                String body = "x".repeat(AnswerJournal.BODY_CHARS - kept) + key + "\"}";
                JournaledAnswer answer = record(
                        new Request("POST", "/1/indexes/a/query", null, Map.of("x-service-api-key", SENT), bytes(body)),
                        null,
                        body);
                String shown = secrets.text(answer.requestStart(), answer.requestBytes(), answer.sentKey());
                assertThat(shown).as("%d characters kept", kept).endsWith("x••••");
                assertThat(secrets.text(answer.responseStart(), answer.responseBytes(), answer.sentKey()))
                        .isEqualTo(shown);
            }
        }
        String whole = "{\"q\":\"" + ADMIN.substring(0, 6) + "\"}";
        assertThat(secrets.text(bytes(whole), whole.length(), null))
                .as("a body kept whole ends as it ended")
                .isEqualTo(whole);
    }

    private JournaledAnswer record(Request request, Route route, String answer) {
        journal.written(request, route, 200, bytes(answer), null, 0, 1_000);
        return journal.newestFirst(entry -> true, 1).get(0);
    }

    private static Route route(String template, Operation operation) {
        return new Route("GET", template, Access.ADMIN, Set.of(), operation, Work.READ, request -> null);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
