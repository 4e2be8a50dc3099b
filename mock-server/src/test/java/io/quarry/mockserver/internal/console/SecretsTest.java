package io.quarry.mockserver.internal.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the journal keeps never holds a key: not in paths, not in bodies, not as the caller. */
class SecretsTest {

    private static final String ADMIN = "admin-key-0123456789abcdef";
    private static final String SENT = "sent-key-9876543210fedcba";

    private final Secrets secrets = new Secrets(ADMIN);

    @Test
    void masksTheKeyParameterWhateverItsCaseOrEncoding() {
        Request request = new Request(
                "GET",
                "/1/indexes",
                "x-service-api-KEY=" + SENT + "&page=2&X-Service-API%2DKey=" + ADMIN,
                Map.of(),
                new byte[0]);
        assertThat(secrets.path(request, null, 500))
                .isEqualTo("/1/indexes?x-service-api-KEY=••••&page=2&X-Service-API%2DKey=••••");
    }

    @Test
    void masksAKeyInThePathOfTheKeyEndpoints() {
        Route route = route("/1/keys/{key}", Operation.LIST_API_KEY);
        Request request = new Request("GET", "/1/keys/" + SENT, null, Map.of(), new byte[0]);
        assertThat(secrets.path(request, route, 500)).isEqualTo("/1/keys/••••");
    }

    @Test
    void masksKeyMembersInTheBodiesOfRoutesThatCarryKeys() {
        String answer = "{\"keys\":[{\"value\":\"" + SENT + "1\",\"acl\":[\"search\"]}],\"key\":\"" + SENT
                + "2\",\"crawler\":{\"apiKey\":\"" + SENT + "3\"}}";
        String shown = secrets.body(bytes(answer), true, null, 2_000);
        assertThat(shown).doesNotContain(SENT).contains("\"acl\":[\"search\"]").contains("••••");
        assertThat(secrets.body(bytes("<html>" + SENT), true, null, 2_000)).doesNotContain(SENT);
    }

    @Test
    void masksTheAdminKeyAndTheSentKeyAnywhereInAnyBody() {
        String body = "{\"note\":\"" + ADMIN + "\",\"other\":\"" + SENT + "\"}";
        assertThat(secrets.body(bytes(body), false, SENT, 2_000)).isEqualTo("{\"note\":\"••••\",\"other\":\"••••\"}");
    }

    @Test
    void routesThatCarryKeysAreTheKeyEndpointsSeedsStateAndTheCrawler() {
        assertThat(Secrets.carriesKeys(route("/1/keys", Operation.ADD_API_KEY))).isTrue();
        assertThat(Secrets.carriesKeys(route("/_mock/seed", Operation.NOT_COUNTED)))
                .isTrue();
        assertThat(Secrets.carriesKeys(route("/_mock/state", Operation.NOT_COUNTED)))
                .isTrue();
        assertThat(Secrets.carriesKeys(route("/1/indexes/{indexName}/query", Operation.QUERIES)))
                .isFalse();
    }

    private static Route route(String template, Operation operation) {
        return new Route("GET", template, Access.ADMIN, Set.of(), operation, Work.READ, request -> null);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
