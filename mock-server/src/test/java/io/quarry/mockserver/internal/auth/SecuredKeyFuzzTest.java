package io.quarry.mockserver.internal.auth;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.KeyDefinition;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fuzzes the secured-key decoder: any key as sent, and any restriction string correctly signed by a stored key,
 * may only be accepted or refused with an {@link ApiException}. Under {@code mvn verify} this replays
 * {@code src/test/resources/io/quarry/mockserver/internal/auth/SecuredKeyFuzzTestInputs}; with
 * {@code JAZZER_FUZZ=1} it fuzzes.
 */
// Alone: Jazzer prepares its agent and options once per JVM, in static state its fuzz tests share.
@Isolated
class SecuredKeyFuzzTest {

    private static final Clock CLOCK = Clock.systemUTC();
    private static final Application APP = new Application(CLOCK, Duration.ZERO);
    private static final Authenticator AUTHENTICATOR = new Authenticator(
            "APP", "admin", new ProductCredentials("m", "u", "c", "k"), APP.keys(), APP.mappings(), CLOCK);
    private static final Route SEARCH = new Route(
            "POST",
            "/1/indexes/{indexName}/query",
            Access.SEARCH,
            null,
            Operation.NOT_COUNTED,
            Work.READ,
            request -> null);

    static {
        APP.keys()
                .put("parent", KeyDefinition.fromJson((ObjectNode) Json.parse("{\"acl\": [\"search\"]}"), null), null);
    }

    @FuzzTest(maxDuration = "60s")
    void anyKey(FuzzedDataProvider data) {
        boolean signed = data.consumeBoolean();
        String text = data.consumeRemainingAsString();
        String key = signed ? SecuredKeyFactory.sign("parent", text) : text;
        Request request = new Request(
                        "POST",
                        "/1/indexes/movies/query",
                        null,
                        Map.of("X-Service-Application-Id", "APP", "X-Service-API-Key", key),
                        new byte[0],
                        "10.1.2.3")
                .withPathParams(Map.of("indexName", "movies"));
        try {
            AUTHENTICATOR.check(request, SEARCH).get(Caller.class).searchContext("movies");
        } catch (ApiException expected) {
            // refused: the only failure allowed
        }
    }
}
