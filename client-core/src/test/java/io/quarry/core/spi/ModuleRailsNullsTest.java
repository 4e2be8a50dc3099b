package io.quarry.core.spi;

import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiException;
import io.quarry.core.ApiResponse;
import io.quarry.core.ClientConfig;
import io.quarry.core.Endpoint;
import io.quarry.core.NamedValue;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * What a module author calls (and a lookup in the core's values) refuses a null it cannot take at once, naming the parameter, rather than failing later
 * with the JVM's message (or through a future, or by writing {@code null} as a body).
 */
class ModuleRailsNullsTest {

    @Test
    void aScopeNamesTheNullItIsGiven() {
        try (ApiClient api = client(config("key", host("a.test", 1)).build())) {
            CallScope scope = CallScope.of(api);
            assertThatNullPointerException()
                    .isThrownBy(() -> scope.compositeCall(null, s -> 1))
                    .withMessage("operation");
            assertThatNullPointerException()
                    .isThrownBy(() -> scope.compositeCall("x", null))
                    .withMessage("steps");
            assertThatNullPointerException()
                    .isThrownBy(() -> scope.compositeCallAsync(null, s -> CompletableFuture.completedFuture(1)))
                    .withMessage("operation");
            assertThatNullPointerException()
                    .isThrownBy(() -> scope.compositeCallAsync("x", null))
                    .withMessage("steps");
            assertThatNullPointerException()
                    .isThrownBy(() -> scope.startCompositeCall(null))
                    .withMessage("operation");
            assertThatNullPointerException()
                    .isThrownBy(() -> scope.pathParameter(null))
                    .withMessage("name");
        }
    }

    @Test
    void aClientNamesTheRecordItIsNotGiven() {
        try (ApiClient api = client(config("key", host("a.test", 1)).build())) {
            assertThatNullPointerException().isThrownBy(() -> api.prepare(null)).withMessage("value");
            assertThatNullPointerException()
                    .isThrownBy(() -> api.writesOwnObjectID(null))
                    .withMessage("record");
        }
    }

    @Test
    void anErrorWithoutDetailsIsRefusedNamingThem() {
        Endpoint endpoint = Endpoint.read("probe", "GET", "/1/probe");
        assertThatNullPointerException()
                .isThrownBy(() -> ApiException.of(endpoint, 422, "bad", "{}", Map.of(), null))
                .withMessage("details");
        assertThatNullPointerException()
                .isThrownBy(() -> ApiException.of(endpoint, "/1/probe", 400, "bad", "{}", Map.of(), null, null))
                .withMessage("details");
        ApiException.of(endpoint, 400, "bad", "{}", Map.of(), List.of()); // and takes an empty list
    }

    /** A named value of a module's own. */
    static final class Colour extends NamedValue {
        Colour(String name) {
            super(name);
        }
    }

    @Test
    void knownNamesNameTheMissingNameOrValue() {
        KnownNames<Colour> known = new KnownNames<>(Colour::new);

        assertThatNullPointerException().isThrownBy(() -> known.add(null)).withMessage("name");
        assertThatNullPointerException().isThrownBy(() -> known.contains(null)).withMessage("value");
    }

    @Test
    void aLookupOfTheCoresValuesNamesWhatIsMissing() {
        ApiResponse<String> response = new ApiResponse<>("x", 200, Map.of());
        assertThatNullPointerException().isThrownBy(() -> response.header(null)).withMessage("name");
        // with hosts of its own, the configuration never asks the rule: null was taken unseen
        ClientConfig config = config("key", host("a.test", 1)).build();
        assertThatNullPointerException()
                .isThrownBy(() -> config.resolveHosts(null))
                .withMessage("defaults");
    }
}
