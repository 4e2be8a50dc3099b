package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Which host each call reaches, and how failures move a call to the next host. */
class HostRoutingTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");
    static final Endpoint SAVE = Endpoint.write("saveObject", "PUT", "/1/indexes/{indexName}/{objectID}");

    record Reply(String host) {}

    private int requestsTo(String hostName) {
        return WM.findAll(anyRequestedFor(anyUrl()).withHeader("Host", containing(hostName + ":")))
                .size();
    }

    private void answerWithHostName(String hostName) {
        WM.stubFor(any(anyUrl())
                .withHeader("Host", containing(hostName + ":"))
                .willReturn(okJson("{\"host\":\"" + hostName + "\"}")));
    }

    @Test
    void readCallsGoToTheReadHostAndWriteCallsToTheWriteHost() {
        int port = WM.getPort();
        answerWithHostName("read.test");
        answerWithHostName("write.test");
        try (ApiClient api = client(config(
                        "key",
                        host("read.test", port, CallType.READ),
                        host("write.test", port, CallType.WRITE),
                        host("fallback.test", port))
                .build())) {
            assertThat(api.request(SEARCH)
                            .path("indexName", "i")
                            .body(Map.of())
                            .execute(Reply.class)
                            .host())
                    .isEqualTo("read.test");
            assertThat(api.request(SAVE)
                            .path("indexName", "i")
                            .path("objectID", "1")
                            .body(Map.of())
                            .execute(Reply.class)
                            .host())
                    .isEqualTo("write.test");
        }
        assertThat(requestsTo("fallback.test")).isZero();
    }

    @Test
    void searchStyleDefaultHostsAreUsedWhenNoHostIsConfigured() {
        int port = WM.getPort();
        ClientModule module = new ClientModule(
                "Test",
                "1.0",
                (appId, domains, random) -> DefaultHosts.searchStyle().hosts(appId, domains, random).stream()
                        .map(h -> Host.of(
                                "http://" + h.hostname() + ":" + port,
                                h.callTypes().toArray(CallType[]::new)))
                        .toList());
        ClientConfig cfg = ClientConfig.builder("myapp", "key")
                .allowInsecureHttp()
                .domains(new ServiceDomains("primary.test", "fallback.test", "product.test"))
                .httpClient(LoopbackHttp.loopbackDnsClient())
                .build();
        answerWithHostName("myapp-dsn.primary.test");
        answerWithHostName("myapp.primary.test");
        try (ApiClient api = ApiClient.create(cfg, module)) {
            assertThat(api.request(SEARCH)
                            .path("indexName", "i")
                            .execute(Reply.class)
                            .host())
                    .isEqualTo("myapp-dsn.primary.test");
            assertThat(api.request(SAVE)
                            .path("indexName", "i")
                            .path("objectID", "1")
                            .body(Map.of())
                            .execute(Reply.class)
                            .host())
                    .isEqualTo("myapp.primary.test");
            assertThat(api.hosts()).hasSize(5);
        }
    }

    @Test
    void refusedHostIsSkippedNowAndOnLaterCallsUntilItsTtlPasses() {
        int port = WM.getPort();
        int closed = LoopbackHttp.closedPort();
        answerWithHostName("fallback.test");
        try (ApiClient api = client(config("key", host("down.test", closed), host("fallback.test", port))
                .build())) {
            assertThat(api.request(SEARCH)
                            .path("indexName", "i")
                            .execute(Reply.class)
                            .host())
                    .isEqualTo("fallback.test");
            assertThat(api.request(SEARCH)
                            .path("indexName", "i")
                            .execute(Reply.class)
                            .host())
                    .isEqualTo("fallback.test");
        }
        assertThat(requestsTo("fallback.test")).isEqualTo(2);
    }

    @Test
    void serverErrorIsRetriedOnTheNextHostExactlyOnce() {
        int port = WM.getPort();
        WM.stubFor(any(anyUrl())
                .withHeader("Host", containing("first.test:"))
                .willReturn(aResponse().withStatus(503).withBody("{\"message\":\"unavailable\"}")));
        answerWithHostName("second.test");
        try (ApiClient api = client(config("key", host("first.test", port), host("second.test", port))
                .build())) {
            assertThat(api.request(SAVE)
                            .path("indexName", "i")
                            .path("objectID", "1")
                            .body(Map.of("a", 1))
                            .execute(Reply.class)
                            .host())
                    .isEqualTo("second.test");
        }
        assertThat(requestsTo("first.test")).isEqualTo(1);
        assertThat(requestsTo("second.test")).isEqualTo(1);
    }

    @Test
    void clientErrorIsNeverRetried() {
        int port = WM.getPort();
        WM.stubFor(post(urlPathEqualTo("/1/indexes/missing/query"))
                .willReturn(aResponse()
                        .withStatus(404)
                        .withHeader("Content-Type", "application/json")
                        .withBody("{\"message\":\"Index does not exist\",\"status\":404}")));
        try (ApiClient api = client(config("key", host("first.test", port), host("second.test", port))
                .build())) {
            assertThatThrownBy(() -> api.request(SEARCH)
                            .path("indexName", "missing")
                            .body(Map.of())
                            .execute(Reply.class))
                    .isInstanceOfSatisfying(NotFoundException.class, e -> {
                        assertThat(e.statusCode()).isEqualTo(404);
                        assertThat(e.serviceMessage()).isEqualTo("Index does not exist");
                        assertThat(e.method()).isEqualTo("POST");
                        assertThat(e.pathTemplate()).isEqualTo("/1/indexes/{indexName}/query");
                        assertThat(e.rawBody()).isEqualTo("{\"message\":\"Index does not exist\",\"status\":404}");
                    });
        }
        assertThat(requestsTo("first.test")).isEqualTo(1);
        assertThat(requestsTo("second.test")).isZero();
    }

    @Test
    void whenEveryHostFailsOneErrorListsEachAttempt() {
        int port = WM.getPort();
        int closed = LoopbackHttp.closedPort();
        WM.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(500).withBody("{\"message\":\"boom\"}")));
        try (ApiClient api = client(config("SECRET-KEY-77", host("refused.test", closed), host("broken.test", port))
                .build())) {
            assertThatThrownBy(() -> api.request(SEARCH).path("indexName", "i").execute(Reply.class))
                    .isInstanceOfSatisfying(UnreachableHostsException.class, e -> {
                        List<UnreachableHostsException.Attempt> attempts = e.attempts();
                        assertThat(attempts)
                                .extracting(a -> a.host().hostname())
                                .containsExactly("refused.test", "broken.test");
                        assertThat(attempts.get(0).error()).isInstanceOf(TransportException.class);
                        assertThat(attempts.get(1).error())
                                .isInstanceOfSatisfying(
                                        ServerErrorException.class,
                                        s -> assertThat(s.serviceMessage()).isEqualTo("boom"));
                        assertThat(attempts)
                                .allSatisfy(a ->
                                        assertThat(a.duration().isNegative()).isFalse());
                        assertThat(e.getCause()).isSameAs(attempts.get(1).error());
                        assertThat(e.getMessage())
                                .contains("refused.test")
                                .contains("broken.test")
                                .contains("POST /1/indexes/i/query")
                                .doesNotContain("SECRET-KEY-77");
                    });
            // both hosts are now down: the next call tries them all again rather than failing without trying
            assertThatThrownBy(() -> api.request(SEARCH).path("indexName", "i").execute(Reply.class))
                    .isInstanceOfSatisfying(
                            UnreachableHostsException.class,
                            e -> assertThat(e.attempts()).hasSize(2));
        }
        assertThat(requestsTo("broken.test")).isEqualTo(2);
    }
}
