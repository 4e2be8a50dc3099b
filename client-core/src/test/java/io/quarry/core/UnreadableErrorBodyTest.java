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
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.LoopbackHttp;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An error answer whose status arrived but whose body cannot be read (here a body that says it is gzip and is not):
 * the status is the service's answer, so a 4xx is its typed error at once, a refused write is no write of unknown
 * outcome, and the host is not blamed; a 5xx still moves a read to the next host.
 */
class UnreadableErrorBodyTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    private static final Endpoint GET_OBJECT = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");
    private static final Endpoint ADD_OBJECT = Endpoint.write("addObject", "POST", "/1/indexes/{indexName}");

    private static ResponseDefinitionBuilder corruptGzip(int status) {
        return aResponse()
                .withStatus(status)
                .withHeader("Content-Type", "application/json")
                .withHeader("Content-Encoding", "gzip")
                .withBody("{\"message\":\"this is no gzip stream\"}");
    }

    private static void stub(String hostName, ResponseDefinitionBuilder response) {
        WM.stubFor(any(anyUrl()).withHeader("Host", containing(hostName + ":")).willReturn(response));
    }

    private static int requestsTo(String hostName) {
        return WM.findAll(anyRequestedFor(anyUrl()).withHeader("Host", containing(hostName + ":")))
                .size();
    }

    private static ApiClient twoHosts() {
        int port = WM.getPort();
        return client(config("key", host("first.test", port), host("second.test", port))
                .build());
    }

    private static ApiRequest getObject(ApiClient api) {
        return api.request(GET_OBJECT).path("indexName", "products").path("objectID", "1");
    }

    @Test
    void aReadAnswered404WithAnUnreadableBodyIsNotFoundAndBlamesNoHost() {
        stub("first.test", corruptGzip(404));
        stub("second.test", okJson("{\"objectID\":\"1\"}"));

        try (ApiClient api = twoHosts()) {
            assertThatThrownBy(() -> getObject(api).execute(String.class))
                    .isInstanceOfSatisfying(
                            NotFoundException.class,
                            e -> assertThat(e.statusCode()).isEqualTo(404))
                    .hasMessageContaining("body could not be read");
            assertThatThrownBy(() -> getObject(api).execute(String.class))
                    .as("the first host is still tried first")
                    .isInstanceOf(NotFoundException.class);
        }
        assertThat(requestsTo("first.test")).isEqualTo(2);
        assertThat(requestsTo("second.test")).isZero();
    }

    @Test
    void aWriteNotSafeToRepeatRefusedWithAnUnreadableBodyIsTheRefusalNotAnUnknownOutcome() {
        stub("first.test", corruptGzip(400));
        stub("second.test", okJson("{\"objectID\":\"1\",\"taskID\":1}"));

        try (ApiClient api = twoHosts()) {
            assertThatThrownBy(() -> api.request(ADD_OBJECT)
                            .path("indexName", "products")
                            .body(Map.of("title", "Emma"))
                            .notSafeToRepeat()
                            .execute(String.class))
                    .isInstanceOf(BadRequestException.class)
                    .hasMessageContaining("body could not be read");
        }
        assertThat(requestsTo("second.test")).isZero();
    }

    @Test
    void aReadAnswered503WithAnUnreadableBodyStillMovesToTheNextHost() {
        stub("first.test", corruptGzip(503));
        stub("second.test", okJson("{\"objectID\":\"1\"}"));

        try (ApiClient api = twoHosts()) {
            assertThat(getObject(api).execute(String.class)).contains("\"objectID\":\"1\"");
        }
        assertThat(requestsTo("second.test")).isEqualTo(1);
    }
}
