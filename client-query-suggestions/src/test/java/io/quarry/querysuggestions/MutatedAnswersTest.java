package io.quarry.querysuggestions;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.Host;
import io.quarry.core.Region;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.querysuggestions.model.FacetAmount;
import io.quarry.querysuggestions.model.QuerySuggestionsConfig;
import io.quarry.querysuggestions.model.SourceIndex;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.MutatedAnswers;
import io.quarry.testsupport.WireMockClients;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Odd success answers to every query-suggestions call: each read as a value or a typed failure. */
class MutatedAnswersTest {

    private static final long SEED = 20261129L;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final QuerySuggestionsClient client = QuerySuggestionsClient.create(
            MockServerClients.config(MOCK.server()).toBuilder()
                    .hosts(Host.of(WireMockClients.url(WM)))
                    .build(),
            Region.US);

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // liveness only: a hanging call is reported by the check itself
    void everyMutatedAnswerIsReadOrFailsTyped() {
        MOCK.server()
                .seed("{\"indices\":{\"products\":{\"settings\":{\"attributesForFaceting\":[\"brand\"]},\"records\":["
                        + "{\"objectID\":\"1\",\"name\":\"running shoes\",\"brand\":\"Acme\"},"
                        + "{\"objectID\":\"2\",\"name\":\"hiking boots\",\"brand\":\"Zeta\"}]}}}");
        QuerySuggestionsConfig config = QuerySuggestionsConfig.of(
                        "products_suggestions", SourceIndex.of("products").facets(FacetAmount.of("brand", 2)))
                .exclude("cheap")
                .languages("en");

        MutatedAnswers.of(WM, MOCK.server().url())
                .call("createConfig", () -> client.createConfig(config))
                .call("getConfig", () -> client.getConfig("products_suggestions"))
                .call("listConfigs", () -> client.listConfigs())
                .call("getConfigStatus", () -> client.getConfigStatus("products_suggestions"))
                .call("getBuildLog", () -> client.getBuildLog("products_suggestions"))
                .call("replaceConfig", () -> client.replaceConfig(config.exclude("hiking")))
                .call("listConfigsAsync", () -> client.listConfigsAsync().join())
                .call("deleteConfig", () -> client.deleteConfig("products_suggestions"))
                // a number of seconds or a text the SDK reads as it can
                .untyped("$.lastSuccessfulBuildDuration")
                .check(SEED, 110)
                .checkTypes(SEED, 40);
    }
}
