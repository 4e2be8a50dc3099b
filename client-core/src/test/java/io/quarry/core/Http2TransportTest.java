package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.ScriptedHttp2Server.Reply;
import io.quarry.core.testing.LoopbackHttp;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.EventListener;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The transport over HTTP/2. Against WireMock's HTTPS port (Jetty with the JDK's ALPN), OkHttp negotiates h2 and
 * calls move from host to host as over HTTP/1.1. Against a server scripted frame by frame (cleartext HTTP/2 with prior
 * knowledge), a request the server says it did not process (its stream refused, or past the last stream of a GOAWAY)
 * is sent again on a new connection, even a write not safe to repeat, and applied once; one it read before the
 * connection failed is not.
 */
@Timeout(30)
class Http2TransportTest {

    private static final Endpoint GET = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");
    private static final Endpoint ADD = Endpoint.write("addObject", "POST", "/1/indexes/{indexName}");

    @RegisterExtension
    static final WireMockExtension FIRST = tlsWireMock();

    @RegisterExtension
    static final WireMockExtension SECOND = tlsWireMock();

    private static WireMockExtension tlsWireMock() {
        return WireMockExtension.newInstance()
                .options(wireMockConfig()
                        .dynamicPort()
                        .dynamicHttpsPort()
                        .bindAddress("127.0.0.1")
                        .containerThreads(20))
                .build();
    }

    /** The protocols of the connections the calls took. */
    private final Set<Protocol> protocols = ConcurrentHashMap.newKeySet();

    @Test
    void overTlsOkHttpNegotiatesHttp2() throws Exception {
        FIRST.stubFor(any(anyUrl()).willReturn(okJson("{\"objectID\":\"1\"}")));
        try (ApiClient api = overTls(FIRST)) {
            assertThat(get(api)).isEqualTo("1");
            assertThat(api.request(GET)
                            .path("indexName", "products")
                            .path("objectID", "1")
                            .executeAsync(FreeFormRecord.class)
                            .get(20, TimeUnit.SECONDS)
                            .objectID())
                    .contains("1");
        }
        assertThat(protocols).containsExactly(Protocol.HTTP_2);
        assertThat(FIRST.getAllServeEvents())
                .hasSize(2)
                .allSatisfy(e -> assertThat(e.getRequest().getProtocol()).isEqualTo("HTTP/2.0"));
    }

    @Test
    void overHttp2A503MovesAReadToTheNextHostAndEndsAWriteNotSafeToRepeat() throws Exception {
        FIRST.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(503).withBody("{\"message\":\"down\"}")));
        SECOND.stubFor(any(anyUrl()).willReturn(okJson("{\"objectID\":\"2\"}")));
        try (ApiClient api = overTls(FIRST, SECOND)) {
            assertThat(get(api)).isEqualTo("2");
        }
        try (ApiClient api = overTls(FIRST, SECOND)) {
            assertThatThrownBy(() -> add(api)).isInstanceOfSatisfying(WriteOutcomeUnknownException.class, e -> {
                assertThat(e.getMessage()).doesNotContain("SECRET-KEY");
            });
        }
        assertThat(protocols).containsExactly(Protocol.HTTP_2);
        assertThat(FIRST.getAllServeEvents()).hasSize(2);
        assertThat(SECOND.getAllServeEvents()).hasSize(1);
    }

    @Test
    void aStreamRefusedIsSentAgainEvenAWriteNotSafeToRepeatAndAppliedOnce() throws Exception {
        try (ScriptedHttp2Server server = new ScriptedHttp2Server(Reply.ANSWER, Reply.REFUSE);
                ScriptedHttp2Server spare = new ScriptedHttp2Server();
                ApiClient api = withPriorKnowledge(server, spare)) {
            assertThat(add(api)).isEqualTo("1");
            assertThat(add(api)).isEqualTo("2");
            assertThat(server.requests()).isEqualTo(3);
            assertThat(server.applied()).isEqualTo(2);
            assertThat(get(api)).isEqualTo("3");
            assertThat(spare.requests())
                    .as("the host refused one stream: not marked down")
                    .isZero();
        }
    }

    @Test
    void aWriteNotSafeToRepeatCrossedByAGoAwayIsSentAgainOnANewConnectionAndAppliedOnce() throws Exception {
        // the server's GOAWAY names the first stream the last it processed: the write, on the next, was not
        try (ScriptedHttp2Server server = new ScriptedHttp2Server(Reply.ANSWER, Reply.GO_AWAY_BEFORE_IT);
                ApiClient api = withPriorKnowledge(server)) {
            assertThat(add(api)).isEqualTo("1");
            assertThat(add(api)).isEqualTo("2");
            assertThat(server.applied()).isEqualTo(2);
            assertThat(server.connections()).isEqualTo(2);
        }
    }

    @Test
    void aConnectionTheServerLetGoWhileIdleWithAGoAwayIsNotUsedAgain() throws Exception {
        try (ScriptedHttp2Server server = new ScriptedHttp2Server(Reply.ANSWER_THEN_GO_AWAY);
                ApiClient api = withPriorKnowledge(server)) {
            assertThat(add(api)).isEqualTo("1");
            server.awaitGoAway();
            assertThat(add(api)).isEqualTo("2");
            assertThat(get(api)).isEqualTo("3");
            assertThat(server.applied()).isEqualTo(3);
            assertThat(server.connections()).isEqualTo(2);
        }
    }

    @Test
    void aWriteNotSafeToRepeatReadBeforeTheConnectionClosedIsNotSentAgain() throws Exception {
        try (ScriptedHttp2Server server = new ScriptedHttp2Server(Reply.ANSWER, Reply.APPLY_THEN_CLOSE);
                ApiClient api = withPriorKnowledge(server)) {
            assertThat(add(api)).isEqualTo("1");
            assertThatThrownBy(() -> add(api)).isInstanceOf(WriteOutcomeUnknownException.class);
            assertThat(server.applied()).isEqualTo(2);
            assertThat(server.connections()).isEqualTo(1);
        }
    }

    @Test
    void aReadOnAConnectionClosedAfterItWasReadIsSentAgainOnceOnANewConnection() throws Exception {
        // as over HTTP/1.1: a read, safe to repeat, goes again once when a pooled connection fails before any answer
        try (ScriptedHttp2Server server = new ScriptedHttp2Server(Reply.ANSWER, Reply.APPLY_THEN_CLOSE);
                ApiClient api = withPriorKnowledge(server)) {
            assertThat(get(api)).isEqualTo("1");
            assertThat(get(api)).isEqualTo("3");
            assertThat(server.connections()).isEqualTo(2);
        }
    }

    @Test
    void aStreamRefusedAgainOnTheNewConnectionMovesTheCallToTheNextHost() throws Exception {
        try (ScriptedHttp2Server refusing = new ScriptedHttp2Server(Reply.REFUSE, Reply.REFUSE);
                ScriptedHttp2Server healthy = new ScriptedHttp2Server();
                ApiClient api = withPriorKnowledge(refusing, healthy)) {
            assertThat(add(api)).isEqualTo("1");
            assertThat(refusing.requests()).isEqualTo(2);
            assertThat(refusing.applied()).isZero();
            assertThat(healthy.applied()).isEqualTo(1);
        }
    }

    @Test
    void overHttp2A503MovesAReadToTheNextHostWithPriorKnowledgeToo() throws Exception {
        try (ScriptedHttp2Server unavailable = new ScriptedHttp2Server(Reply.ANSWER_503);
                ScriptedHttp2Server healthy = new ScriptedHttp2Server();
                ApiClient api = withPriorKnowledge(unavailable, healthy)) {
            assertThat(get(api)).isEqualTo("1");
            assertThat(unavailable.requests()).isEqualTo(1);
        }
    }

    @Test
    void aReadWithoutAnswerOverHttp2TimesOutAndMovesToTheNextHost() throws Exception {
        try (ScriptedHttp2Server silent = new ScriptedHttp2Server(Reply.HOLD);
                ScriptedHttp2Server healthy = new ScriptedHttp2Server();
                ApiClient api = LoopbackHttp.client(LoopbackHttp.config(
                                "SECRET-KEY",
                                LoopbackHttp.host("silent.test", silent.port()),
                                LoopbackHttp.host("healthy.test", healthy.port()))
                        .httpClient(priorKnowledgeClient())
                        // the healthy host's new HTTP/2 connection answers within it on a busy machine too
                        .readTimeout(Duration.ofSeconds(1))
                        .build())) {
            assertThat(get(api)).isEqualTo("1");
            assertThat(silent.requests()).isEqualTo(1);
        }
    }

    @Test
    void aWriteNotSafeToRepeatWithoutAnswerOverHttp2EndsWithItsOutcomeUnknown() throws Exception {
        try (ScriptedHttp2Server silent = new ScriptedHttp2Server(Reply.HOLD);
                ScriptedHttp2Server healthy = new ScriptedHttp2Server();
                ApiClient api = LoopbackHttp.client(LoopbackHttp.config(
                                "SECRET-KEY",
                                LoopbackHttp.host("silent.test", silent.port()),
                                LoopbackHttp.host("healthy.test", healthy.port()))
                        .httpClient(priorKnowledgeClient())
                        .writeTimeout(Duration.ofMillis(300))
                        .build())) {
            assertThatThrownBy(() -> add(api)).isInstanceOf(WriteOutcomeUnknownException.class);
            assertThat(healthy.requests()).isZero();
        }
    }

    private ApiClient overTls(WireMockExtension... servers) throws Exception {
        Host[] hosts = new Host[servers.length];
        for (int i = 0; i < servers.length; i++) {
            hosts[i] = Host.of("https://host-" + i + ".test:" + servers[i].getHttpsPort());
        }
        return LoopbackHttp.client(ClientConfig.builder("test-app", "SECRET-KEY")
                .hosts(hosts)
                .httpClient(
                        TestTls.loopbackClient().eventListener(protocolsSeen()).build())
                .trustManager(TestTls.trustManager())
                .readTimeout(Duration.ofSeconds(10))
                .build());
    }

    private ApiClient withPriorKnowledge(ScriptedHttp2Server... servers) {
        Host[] hosts = new Host[servers.length];
        for (int i = 0; i < servers.length; i++) {
            hosts[i] = LoopbackHttp.host("host-" + i + ".test", servers[i].port());
        }
        return LoopbackHttp.client(LoopbackHttp.config("SECRET-KEY", hosts)
                .httpClient(priorKnowledgeClient())
                .readTimeout(Duration.ofSeconds(10))
                .build());
    }

    private OkHttpClient priorKnowledgeClient() {
        return LoopbackHttp.loopbackDnsClient()
                .newBuilder()
                .protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                .eventListener(protocolsSeen())
                .build();
    }

    private EventListener protocolsSeen() {
        return new EventListener() {
            @Override
            public void connectionAcquired(Call call, Connection connection) {
                protocols.add(connection.protocol());
            }
        };
    }

    private static String get(ApiClient api) {
        return api.request(GET)
                .path("indexName", "products")
                .path("objectID", "1")
                .execute(FreeFormRecord.class)
                .objectID()
                .orElseThrow();
    }

    private static String add(ApiClient api) {
        return api.request(ADD)
                .path("indexName", "products")
                .body(Map.of("name", "x"))
                .notSafeToRepeat()
                .execute(FreeFormRecord.class)
                .objectID()
                .orElseThrow();
    }
}
