package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.CapturingLogProvider;
import io.quarry.core.testing.LoopbackHttp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.event.Level;

/**
 * Members masked as keys may be long: a record's {@code key} attribute, an error page's. Masking them took a
 * stack frame per character and overflowed the stack at about two thousand, failing the call with an error.
 */
class LongKeyMembersTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");
    static final Endpoint GET_KEY = Endpoint.read("getApiKey", "GET", "/1/keys/{key}");

    @BeforeEach
    void clearLogs() {
        CapturingLogProvider.clear();
    }

    @Test
    void aLongKeyAttributeInALoggedAnswerIsMasked() {
        String longValue = "k".repeat(60_000);
        WM.stubFor(any(urlPathMatching("/1/indexes/records/query"))
                .willReturn(okJson("{\"hits\":[{\"objectID\":\"1\",\"key\":\"" + longValue + "\"}]}")));
        try (ApiClient api = client(config("ADMIN", host("up.test", WM.getPort()))
                .logLevel(LogLevel.BODIES)
                .build())) {
            FreeFormRecord answer =
                    api.request(SEARCH).path("indexName", "records").execute(FreeFormRecord.class);
            assertThat(answer.toString()).contains("hits");
        }
        assertThat(CapturingLogProvider.events())
                .filteredOn(e -> e.level() == Level.TRACE && e.message().startsWith("<-- body"))
                .singleElement()
                .satisfies(
                        e -> assertThat(e.message()).contains("\"key\":\"***\"").doesNotContain("kkk"));
    }

    @Test
    void aLongKeyInAnErrorBodyIsMaskedAndTheErrorIsTyped() {
        String longKey = "s".repeat(12_000);
        WM.stubFor(any(urlPathMatching("/1/indexes/denied/query"))
                .willReturn(aResponse()
                        .withStatus(403)
                        .withBody("{\"message\":\"denied\",\"apiKey\":\"" + longKey + "\"}")));
        WM.stubFor(any(urlPathMatching("/1/keys/.*"))
                .willReturn(aResponse().withStatus(400).withBody("{\"value\":\"" + longKey + "\\\"\\\\\"}")));
        try (ApiClient api =
                client(config("ADMIN", host("up.test", WM.getPort())).build())) {
            Throwable denied = catchThrowable(
                    () -> api.request(SEARCH).path("indexName", "denied").execute(FreeFormRecord.class));
            assertThat(denied).isInstanceOf(ForbiddenException.class);
            assertThat(((ApiException) denied).rawBody())
                    .contains("\"apiKey\":\"***\"")
                    .doesNotContain("sss");

            Throwable refused =
                    catchThrowable(() -> api.request(GET_KEY).path("key", "k1").execute(FreeFormRecord.class));
            assertThat(refused).isInstanceOf(BadRequestException.class);
            assertThat(((ApiException) refused).rawBody()).isEqualTo("{\"value\":\"***\"}");
        }
    }

    @Test
    void aValueCutShortIsMaskedToTheEnd() {
        assertThat(io.quarry.core.internal.Redactor.maskKeyValues("{\"value\":\"abc\\\"de"))
                .isEqualTo("{\"value\":\"***");
        assertThat(io.quarry.core.internal.Redactor.maskKeyValues("[{\"value\" : \"a\"},{\"value\":1},\"value\"]"))
                .isEqualTo("[{\"value\" : \"***\"},{\"value\":1},\"value\"]");
    }
}
