package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Network faults move a call to the next host; bad bodies give readable, typed errors. */
class TransportFaultsTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint GET_OBJECT = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");

    record Product(String objectID, List<Variant> variants) {}

    record Variant(int stock) {}

    private void stub(String hostName, ResponseDefinitionBuilder response) {
        WM.stubFor(any(anyUrl()).withHeader("Host", containing(hostName + ":")).willReturn(response));
    }

    private int requestsTo(String hostName) {
        return WM.findAll(anyRequestedFor(anyUrl()).withHeader("Host", containing(hostName + ":")))
                .size();
    }

    private ApiClient twoHosts() {
        int port = WM.getPort();
        return client(config("key", host("first.test", port), host("second.test", port))
                .build());
    }

    private Product get(ApiClient api) {
        return api.request(GET_OBJECT)
                .path("indexName", "products")
                .path("objectID", "1")
                .execute(Product.class);
    }

    private void assertFirstFailsAndSecondAnswers(Fault fault) {
        stub("first.test", aResponse().withFault(fault));
        stub("second.test", okJson("{\"objectID\":\"1\"}"));
        try (ApiClient api = twoHosts()) {
            assertThat(get(api).objectID()).isEqualTo("1");
        }
        assertThat(requestsTo("first.test")).isEqualTo(1);
        assertThat(requestsTo("second.test")).isEqualTo(1);
    }

    @Test
    void connectionResetMovesToTheNextHost() {
        assertFirstFailsAndSecondAnswers(Fault.CONNECTION_RESET_BY_PEER);
    }

    @Test
    void emptyResponseMovesToTheNextHost() {
        assertFirstFailsAndSecondAnswers(Fault.EMPTY_RESPONSE);
    }

    @Test
    void garbageThenCloseMovesToTheNextHost() {
        assertFirstFailsAndSecondAnswers(Fault.RANDOM_DATA_THEN_CLOSE);
    }

    @Test
    void responseCutMidBodyMovesToTheNextHost() {
        assertFirstFailsAndSecondAnswers(Fault.MALFORMED_RESPONSE_CHUNK);
    }

    @Test
    void refusedConnectionIsATransportFailure() {
        int closed = LoopbackHttp.closedPort();
        try (ApiClient api = client(config("key", host("refused.test", closed)).build())) {
            assertThatThrownBy(() -> get(api)).isInstanceOfSatisfying(UnreachableHostsException.class, e -> {
                assertThat(e.attempts()).hasSize(1);
                assertThat(e.attempts().get(0).error())
                        .isInstanceOfSatisfying(
                                TransportException.class,
                                t -> assertThat(t.isTimeout()).isFalse());
                assertThat(e.getMessage()).contains("refused.test");
            });
        }
    }

    @Test
    void readTimeoutMovesToTheNextHostAndLaterCallsTryTheSlowHostLast() {
        stub("first.test", okJson("{\"objectID\":\"slow\"}").withFixedDelay(3_000));
        stub("second.test", okJson("{\"objectID\":\"1\"}"));
        int port = WM.getPort();
        // a second for the healthy host to answer in, on a busy machine too; still well under the slow host's 3 s
        ClientConfig cfg = config("key", host("first.test", port), host("second.test", port))
                .readTimeout(Duration.ofSeconds(1))
                .build();
        try (ApiClient api = client(cfg)) {
            assertThat(get(api).objectID()).isEqualTo("1");
            // timed out: the next call goes to the other host first instead of waiting on the slow one again
            assertThat(get(api).objectID()).isEqualTo("1");
            assertThat(requestsTo("first.test")).isEqualTo(1);
            assertThat(requestsTo("second.test")).isEqualTo(2);
            // but the slow host is still up: it answers when the other host fails
            stub("first.test", okJson("{\"objectID\":\"fast\"}"));
            stub("second.test", aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER));
            assertThat(get(api).objectID()).isEqualTo("fast");
        }
    }

    @Test
    void readTimeoutIsReportedAsATimeout() {
        stub("first.test", okJson("{}").withFixedDelay(3_000));
        int port = WM.getPort();
        try (ApiClient api = client(config("key", host("first.test", port))
                .readTimeout(Duration.ofMillis(200))
                .build())) {
            assertThatThrownBy(() -> get(api))
                    .isInstanceOfSatisfying(
                            UnreachableHostsException.class,
                            e -> assertThat(e.attempts().get(0).error())
                                    .isInstanceOfSatisfying(
                                            TransportException.class,
                                            t -> assertThat(t.isTimeout()).isTrue()));
        }
    }

    @Test
    void malformedSuccessBodyNamesTypeAndPathAndIsNotRetried() {
        stub("first.test", okJson("{\"objectID\":\"1\",\"variants\":[{\"stock\":3},{\"stock\":\"many\"}]}"));
        stub("second.test", okJson("{\"objectID\":\"1\"}"));
        try (ApiClient api = twoHosts()) {
            assertThatThrownBy(() -> get(api)).isInstanceOfSatisfying(DeserializationException.class, e -> {
                assertThat(e.targetType()).isEqualTo(Product.class.getName());
                assertThat(e.jsonPath()).isEqualTo("$.variants[1].stock");
            });
        }
        assertThat(requestsTo("second.test")).isZero();
    }

    @Test
    void aNumberOutOfItsFieldsRangeIsWellFormedJsonAndIsNotRetried() {
        // the parser refuses it (a coercion failure), yet every host would send the same document
        stub("first.test", okJson("{\"objectID\":\"1\",\"variants\":[{\"stock\":99999999999}]}"));
        stub("second.test", okJson("{\"objectID\":\"1\"}"));
        try (ApiClient api = twoHosts()) {
            assertThatThrownBy(() -> get(api))
                    .isInstanceOfSatisfying(
                            DeserializationException.class,
                            e -> assertThat(e.jsonPath()).isEqualTo("$.variants[0].stock"));
        }
        assertThat(requestsTo("second.test")).isZero();
    }

    @Test
    void truncatedJsonOnOneHostMovesTheReadToTheNextHost() {
        stub("first.test", okJson("{\"objectID\":\"1\",\"variants\":[{\"stock\":"));
        stub("second.test", okJson("{\"objectID\":\"1\"}"));
        try (ApiClient api = twoHosts()) {
            assertThat(get(api).objectID()).isEqualTo("1");
        }
    }

    @Test
    void truncatedJsonOnEveryHostListsDeserializationAttempts() {
        stub("first.test", okJson("{\"objectID\":\"1\",\"variants\":[{\"stock\":"));
        stub("second.test", okJson("{\"objectID\":\"1\",\"variants\":[{\"stock\":"));
        try (ApiClient api = twoHosts()) {
            assertThatThrownBy(() -> get(api)).isInstanceOfSatisfying(UnreachableHostsException.class, e -> {
                assertThat(e.attempts()).hasSize(2);
                assertThat(e.attempts().get(0).error())
                        .isInstanceOf(DeserializationException.class)
                        .hasMessageContaining(Product.class.getName())
                        .hasMessageContaining("malformed JSON");
            });
        }
    }

    @Test
    void htmlSuccessBodyMovesTheReadToTheNextHost() {
        stub(
                "first.test",
                aResponse()
                        .withStatus(200)
                        .withHeader("Content-Type", "text/html")
                        .withBody("<html><body>Welcome to the captive portal</body></html>"));
        stub("second.test", okJson("{\"objectID\":\"1\"}"));
        try (ApiClient api = twoHosts()) {
            assertThat(get(api).objectID()).isEqualTo("1");
            // the portal host is marked down: the next call goes straight to the second host
            assertThat(get(api).objectID()).isEqualTo("1");
        }
        assertThat(requestsTo("first.test")).isEqualTo(1);
        assertThat(requestsTo("second.test")).isEqualTo(2);
    }

    @Test
    void htmlErrorPageGivesAReadableMessage() {
        stub(
                "first.test",
                aResponse()
                        .withStatus(403)
                        .withHeader("Content-Type", "text/html")
                        .withBody("<html><head><title>Access denied</title></head><body>nope</body></html>"));
        try (ApiClient api = twoHosts()) {
            assertThatThrownBy(() -> get(api))
                    .isInstanceOfSatisfying(
                            ForbiddenException.class,
                            e -> assertThat(e.getMessage())
                                    .isEqualTo(
                                            "HTTP 403 on GET /1/indexes/products/1: non-JSON answer (text/html): Access denied"));
        }
    }

    @Test
    void htmlGatewayErrorIsRetriedAndReadable() {
        stub(
                "first.test",
                aResponse()
                        .withStatus(502)
                        .withHeader("Content-Type", "text/html")
                        .withBody("<html><title>502 Bad Gateway</title></html>"));
        stub(
                "second.test",
                aResponse()
                        .withStatus(502)
                        .withHeader("Content-Type", "text/html")
                        .withBody("<html><title>502 Bad Gateway</title></html>"));
        try (ApiClient api = twoHosts()) {
            assertThatThrownBy(() -> get(api))
                    .isInstanceOfSatisfying(
                            UnreachableHostsException.class,
                            e -> assertThat(e.getMessage()).contains("502 Bad Gateway"));
        }
    }

    @Test
    void emptySuccessBodyIsADeserializationErrorAndVoidIgnoresTheBody() {
        stub("first.test", aResponse().withStatus(200));
        stub("second.test", aResponse().withStatus(200));
        try (ApiClient api = twoHosts()) {
            assertThatThrownBy(() -> get(api))
                    .isInstanceOfSatisfying(
                            UnreachableHostsException.class,
                            e -> assertThat(e.attempts().get(0).error())
                                    .isInstanceOf(DeserializationException.class)
                                    .hasMessageContaining("empty body"));
            assertThat(api.request(GET_OBJECT)
                            .path("indexName", "i")
                            .path("objectID", "1")
                            .execute(Void.class))
                    .isNull();
        }
    }

    @Test
    void aNullSuccessAnswerIsADeserializationErrorWithoutAnotherTry() {
        stub("first.test", okJson("null"));
        stub("second.test", okJson("{\"objectID\":\"1\"}"));
        try (ApiClient api = twoHosts()) {
            assertThatThrownBy(() -> get(api))
                    .isInstanceOfSatisfying(
                            DeserializationException.class,
                            e -> assertThat(e.jsonPath()).isEqualTo("$"))
                    .hasMessageContaining("the success answer is null");
        }
        assertThat(requestsTo("second.test")).isZero();
    }

    @Test
    void stringTargetGivesTheRawBody() {
        stub("first.test", aResponse().withStatus(200).withBody("{\"level\":\"INFO\"}\n{\"level\":\"ERROR\"}\n"));
        try (ApiClient api = twoHosts()) {
            assertThat(api.request(GET_OBJECT)
                            .path("indexName", "i")
                            .path("objectID", "1")
                            .execute(String.class))
                    .isEqualTo("{\"level\":\"INFO\"}\n{\"level\":\"ERROR\"}\n");
        }
    }
}
