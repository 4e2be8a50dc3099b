package io.quarry.querysuggestions;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.Region;
import io.quarry.core.ServiceDomains;
import io.quarry.querysuggestions.model.BuildLogLevel;
import io.quarry.querysuggestions.model.BuildLogLine;
import io.quarry.querysuggestions.model.BuildStatus;
import io.quarry.querysuggestions.model.FacetAmount;
import io.quarry.querysuggestions.model.QuerySuggestionsConfig;
import io.quarry.querysuggestions.model.SourceIndex;
import io.quarry.testsupport.WireMockClients;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The seven query-suggestions endpoints on the wire, and the decoding of what the service answers. */
class QuerySuggestionsRequestShapeTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    private static final String OK = "{\"status\":200,\"message\":\"done\"}";

    @AutoClose
    private final QuerySuggestionsClient client = QuerySuggestionsClient.create(WireMockClients.config(WM), Region.US);

    private static QuerySuggestionsConfig config() {
        return QuerySuggestionsConfig.of(
                        "sugg",
                        SourceIndex.of("products")
                                .analyticsTags("mobile")
                                .facets(FacetAmount.of("brand", 3))
                                .minHits(7)
                                .minLetters(3)
                                .generate("brand", "color")
                                .generate("color")
                                .external("popular"))
                .languages("en", "fr")
                .exclude("cheap", "*free*");
    }

    private static final String SOURCE_JSON = "{\"indexName\":\"products\",\"analyticsTags\":[\"mobile\"],"
            + "\"facets\":[{\"attribute\":\"brand\",\"amount\":3}],\"minHits\":7,\"minLetters\":3,"
            + "\"generate\":[[\"brand\",\"color\"],[\"color\"]],\"external\":[\"popular\"]}";

    @Test
    void createSendsTheWholeConfigurationWithTheAdminCredentials() {
        WM.stubFor(post("/1/configs").willReturn(okJson(OK)));

        assertThat(client.createConfig(config()).message()).isEqualTo("done");

        WM.verify(postRequestedFor(urlEqualTo("/1/configs"))
                .withHeader("X-Service-Application-Id", equalTo(WireMockClients.APP_ID))
                .withHeader("X-Service-API-Key", equalTo(WireMockClients.API_KEY))
                .withRequestBody(equalToJson("{\"indexName\":\"sugg\",\"sourceIndices\":[" + SOURCE_JSON
                        + "],\"languages\":[\"en\",\"fr\"],\"exclude\":[\"cheap\",\"*free*\"]}")));
    }

    @Test
    void aConfigurationReadBackIsSentWithoutItsReadOnlyMembers() {
        WM.stubFor(get("/1/configs/sugg")
                .willReturn(okJson("{\"indexName\":\"sugg\",\"sourceIndices\":[{\"indexName\":\"products\","
                        + "\"minHit\":4,\"replicas\":true}],\"unknownMember\":1}")));
        WM.stubFor(put("/1/configs/sugg").willReturn(okJson(OK)));

        QuerySuggestionsConfig read = client.getConfig("sugg");
        assertThat(read.sourceIndices().get(0).replicas()).isTrue();
        assertThat(read.sourceIndices().get(0).minHits()).isEqualTo(4);
        client.replaceConfig(read);

        WM.verify(putRequestedFor(urlEqualTo("/1/configs/sugg"))
                .withRequestBody(equalToJson("{\"sourceIndices\":[{\"indexName\":\"products\",\"minHits\":4}]}")));
    }

    @Test
    void anyFacetAmountTheServiceSendsIsReadAndSentBackAsRead() {
        WM.stubFor(get("/1/configs/sugg")
                .willReturn(okJson("{\"indexName\":\"sugg\",\"sourceIndices\":[{\"indexName\":\"products\","
                        + "\"facets\":[{\"attribute\":\"brand\",\"amount\":0},"
                        + "{\"attribute\":\"color\",\"amount\":-1},{\"attribute\":\"\",\"amount\":2},"
                        + "{\"amount\":3}]}]}")));
        WM.stubFor(put("/1/configs/sugg").willReturn(okJson(OK)));

        QuerySuggestionsConfig read = client.getConfig("sugg");
        client.replaceConfig(read);

        assertThat(read.sourceIndices().get(0).facets())
                .containsExactly(
                        new FacetAmount("brand", 0),
                        new FacetAmount("color", -1),
                        new FacetAmount("", 2),
                        new FacetAmount(null, 3));
        WM.verify(putRequestedFor(urlEqualTo("/1/configs/sugg"))
                .withRequestBody(equalToJson("{\"sourceIndices\":[{\"indexName\":\"products\",\"facets\":["
                        + "{\"attribute\":\"brand\",\"amount\":0},{\"attribute\":\"color\",\"amount\":-1},"
                        + "{\"attribute\":\"\",\"amount\":2},{\"amount\":3}]}]}")));
        assertThatThrownBy(() -> FacetAmount.of("brand", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FacetAmount.of(" ", 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FacetAmount.of(null, 1)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void replaceDeleteListAndStatus() {
        WM.stubFor(put("/1/configs/my%20sugg").willReturn(okJson(OK)));
        WM.stubFor(delete("/1/configs/my%20sugg").willReturn(okJson(OK)));
        WM.stubFor(get("/1/configs")
                .willReturn(okJson("[{\"indexName\":\"a\",\"sourceIndices\":[]},{\"indexName\":\"b\"}]")));
        WM.stubFor(get("/1/configs/sugg/status")
                .willReturn(okJson("{\"indexName\":\"sugg\",\"isRunning\":true,"
                        + "\"lastBuiltAt\":\"2026-01-31T12:00:00.250Z\",\"lastSuccessfulBuiltAt\":null,"
                        + "\"lastSuccessfulBuildDuration\":\"3.5\"}")));

        client.replaceConfig(QuerySuggestionsConfig.of("my sugg", SourceIndex.of("products")));
        client.deleteConfig("my sugg");
        assertThat(client.listConfigs())
                .extracting(QuerySuggestionsConfig::indexName)
                .containsExactly("a", "b");
        BuildStatus status = client.getConfigStatus("sugg");

        WM.verify(putRequestedFor(urlEqualTo("/1/configs/my%20sugg"))
                .withRequestBody(equalToJson("{\"sourceIndices\":[{\"indexName\":\"products\"}]}")));
        WM.verify(deleteRequestedFor(urlEqualTo("/1/configs/my%20sugg")));
        WM.verify(getRequestedFor(urlEqualTo("/1/configs")));
        assertThat(status.running()).isTrue();
        assertThat(status.lastBuiltAt()).isEqualTo(Instant.parse("2026-01-31T12:00:00.250Z"));
        assertThat(status.lastSuccessfulBuiltAt()).isNull();
        assertThat(status.lastSuccessfulBuildDuration()).isEqualTo(Duration.ofMillis(3500));
    }

    @Test
    void durationsComeAsSecondsOrIso() {
        WM.stubFor(get("/1/configs/a/status")
                .willReturn(okJson("{\"indexName\":\"a\",\"isRunning\":false,\"lastSuccessfulBuildDuration\":2}")));
        WM.stubFor(get("/1/configs/b/status")
                .willReturn(okJson("{\"indexName\":\"b\",\"lastSuccessfulBuildDuration\":\"PT1M\"}")));

        assertThat(client.getConfigStatus("a").lastSuccessfulBuildDuration()).isEqualTo(Duration.ofSeconds(2));
        assertThat(client.getConfigStatus("a").lastBuilt()).isEmpty();
        assertThat(client.getConfigStatus("b").lastSuccessfulBuildDuration()).isEqualTo(Duration.ofMinutes(1));
        assertThat(client.getConfigStatus("b").running()).isFalse();
    }

    @Test
    void theLogIsReadLineByLineWithLevelsItDoesNotKnow() {
        WM.stubFor(get("/1/logs/sugg")
                .willReturn(aResponse()
                        .withHeader("Content-Type", "application/x-ndjson")
                        .withBody("{\"timestamp\":\"2026-01-31T12:00:00Z\",\"level\":\"INFO\",\"message\":\"start\","
                                + "\"contextLevel\":0}\n"
                                + "{\"timestamp\":\"2026-01-31T12:00:01Z\",\"level\":\"SKIP\",\"message\":\"ab\","
                                + "\"contextLevel\":1}\r\n\n"
                                + "{\"timestamp\":\"2026-01-31T12:00:02Z\",\"level\":\"DEBUG\",\"message\":\"x\","
                                + "\"contextLevel\":2,\"extra\":true}\n"
                                + "{\"timestamp\":\"2026-01-31T12:00:03Z\",\"level\":\"ERROR\",\"message\":\"bad\","
                                + "\"contextLevel\":1}")));

        List<BuildLogLine> log = client.getBuildLog("sugg");

        assertThat(log)
                .extracting(BuildLogLine::level)
                .containsExactly(
                        BuildLogLevel.INFO, BuildLogLevel.SKIP, BuildLogLevel.of("DEBUG"), BuildLogLevel.ERROR);
        assertThat(log.get(2).level().isKnown()).isFalse();
        assertThat(log.get(2).level().name()).isEqualTo("DEBUG");
        assertThat(log).extracting(BuildLogLine::contextLevel).containsExactly(0, 1, 2, 1);
        assertThat(log.get(0).timestamp()).isEqualTo(Instant.parse("2026-01-31T12:00:00Z"));
        assertThat(log.get(3).message()).isEqualTo("bad");
        assertThat(client.getBuildLogAsync("sugg").join()).isEqualTo(log);
    }

    @Test
    void waitForBuildPollsUntilABuildEndsAfterTheGivenTime() {
        WM.stubFor(get("/1/configs/sugg/status")
                .inScenario("build")
                .whenScenarioStateIs(com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED)
                .willReturn(okJson(
                        "{\"indexName\":\"sugg\",\"isRunning\":true," + "\"lastBuiltAt\":\"2026-01-31T11:00:00Z\"}"))
                .willSetStateTo("built"));
        WM.stubFor(get("/1/configs/sugg/status")
                .inScenario("build")
                .whenScenarioStateIs("built")
                .willReturn(okJson("{\"indexName\":\"sugg\",\"isRunning\":false,"
                        + "\"lastBuiltAt\":\"2026-01-31T12:00:00.100Z\"}")));

        // compared to the second: a build ending in the same second as the given time counts
        BuildStatus built = client.waitForBuild(
                "sugg", Instant.parse("2026-01-31T12:00:00.900Z"), io.quarry.testsupport.TestWaits.FAST);

        assertThat(built.lastBuiltAt()).isEqualTo(Instant.parse("2026-01-31T12:00:00.100Z"));
        WM.verify(2, getRequestedFor(urlEqualTo("/1/configs/sugg/status")));
    }

    @Test
    void waitForBuildWithoutATimeWaitsForABuildEndingAfterTheCallStarted() {
        WM.stubFor(get("/1/configs/sugg/status")
                .inScenario("next")
                .whenScenarioStateIs(com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED)
                .willReturn(okJson(
                        "{\"indexName\":\"sugg\",\"isRunning\":false," + "\"lastBuiltAt\":\"2026-01-31T11:59:58Z\"}"))
                .willSetStateTo("next"));
        WM.stubFor(get("/1/configs/sugg/status")
                .inScenario("next")
                .whenScenarioStateIs("next")
                .willReturn(okJson(
                        "{\"indexName\":\"sugg\",\"isRunning\":false," + "\"lastBuiltAt\":\"2026-01-31T12:00:05Z\"}")));
        ClientConfig config = WireMockClients.builder(Host.of(WireMockClients.url(WM)))
                .clock(Clock.fixed(Instant.parse("2026-01-31T12:00:00Z"), ZoneOffset.UTC))
                .build();
        try (QuerySuggestionsClient fixed = QuerySuggestionsClient.create(config, Region.US)) {
            assertThat(fixed.waitForBuildAsync("sugg").join().lastBuiltAt())
                    .isEqualTo(Instant.parse("2026-01-31T12:00:05Z"));
        }
        WM.verify(2, getRequestedFor(urlEqualTo("/1/configs/sugg/status")));
    }

    @Test
    void theDefaultHostIsTheRegionsHost() {
        assertThat(hostsOf(Region.US, ServiceDomains.of())).containsExactly("https://query-suggestions.us.quarry.io");
        assertThat(hostsOf(Region.EU, ServiceDomains.of())).containsExactly("https://query-suggestions.eu.quarry.io");
        assertThat(hostsOf(Region.EU, new ServiceDomains("a.test", "b.test", "c.test")))
                .containsExactly("https://query-suggestions.eu.c.test");
        ClientConfig config = ClientConfig.builder("APP", "key").build();
        assertThatThrownBy(() -> QuerySuggestionsClient.create(config, null)).isInstanceOf(NullPointerException.class);
    }

    private static List<String> hostsOf(Region region, ServiceDomains domains) {
        return QuerySuggestionsClient.module(region)
                .defaultHosts()
                .hosts(Optional.of("APP"), domains, new Random())
                .stream()
                .map(Host::toString)
                .toList();
    }
}
