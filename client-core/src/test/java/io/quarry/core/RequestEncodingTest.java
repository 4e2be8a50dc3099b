package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.quarry.core.testing.LoopbackHttp;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What goes on the wire: path and query encoding, headers, User-Agent, JSON bodies, gzip. */
class RequestEncodingTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint SAVE = Endpoint.write("saveObject", "PUT", "/1/indexes/{indexName}/{objectID}");
    static final Endpoint BATCH = Endpoint.write("batch", "POST", "/1/indexes/{indexName}/batch");

    record Reply(String objectID) {}

    record Item(String objectID, String name, Integer optional) {}

    private LoggedRequest onlyRequest() {
        List<LoggedRequest> requests = WM.findAll(anyRequestedFor(anyUrl()));
        assertThat(requests).hasSize(1);
        return requests.get(0);
    }

    private ApiClient api(ClientConfig.Builder builder) {
        return client(builder.build());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "a/b     | a%2Fb",
                "a?b     | a%3Fb",
                "a#b     | a%23b",
                "%2e%2e  | %252e%252e",
                "'a b'   | a%20b",
                "été/日本 | %C3%A9t%C3%A9%2F%E6%97%A5%E6%9C%AC"
            })
    void hostileIdsStayOneEncodedPathSegment(String id, String encoded) {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{}")));
        try (ApiClient api = api(config("key", host("a.test", WM.getPort())))) {
            api.request(SAVE)
                    .path("indexName", "my index")
                    .path("objectID", id)
                    .body(Map.of())
                    .execute(Void.class);
        }
        assertThat(onlyRequest().getUrl()).isEqualTo("/1/indexes/my%20index/" + encoded);
    }

    @Test
    void pathParametersFromAMapCombineWithSingleOnesWithoutChangingTheMap() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{}")));
        Map<String, Object> fixed = Map.of("indexName", "products", "objectID", "old");
        try (ApiClient api = api(config("key", host("a.test", WM.getPort())))) {
            api.request(SAVE)
                    .paths(fixed)
                    .path("objectID", "new")
                    .body(Map.of())
                    .execute(Void.class);
        }
        assertThat(onlyRequest().getUrl()).isEqualTo("/1/indexes/products/new");
        assertThat(fixed).containsEntry("objectID", "old");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", ".."})
    void pathChangingIdsAreRejectedBeforeAnyIo(String id) {
        try (ApiClient api = api(config("key", host("a.test", WM.getPort())))) {
            assertThatThrownBy(() -> api.request(SAVE)
                            .path("indexName", "i")
                            .path("objectID", id)
                            .body(Map.of())
                            .execute(Void.class))
                    .isInstanceOf(InvalidRequestException.class);
            assertThat(api.request(SAVE)
                            .path("indexName", "i")
                            .path("objectID", id)
                            .body(Map.of())
                            .executeAsync(Void.class))
                    .isCompletedExceptionally();
        }
        assertThat(WM.findAll(anyRequestedFor(anyUrl()))).isEmpty();
    }

    @Test
    void queryParametersAreEncodedWithPercentTwentyAndCommaJoinedLists() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{}")));
        try (ApiClient api = api(config("key", host("a.test", WM.getPort())))) {
            api.request(Endpoint.read("getTopSearches", "GET", "/2/searches"))
                    .query("index", "a b/é")
                    .query("tags", List.of("x", "y z"))
                    .query("clickAnalytics", true)
                    .query("limit", 5)
                    .options(RequestOptions.builder()
                            .queryParameter("extra", "1&2")
                            .build())
                    .execute(Void.class);
        }
        assertThat(onlyRequest().getUrl())
                .isEqualTo("/2/searches?index=a%20b%2F%C3%A9&tags=x,y%20z&clickAnalytics=true&limit=5&extra=1%262");
    }

    @Test
    void sendsServiceHeadersUserAgentAndJsonBodyWithoutNulls() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"objectID\":\"1\"}")));
        try (ApiClient api = api(config("the-key", host("a.test", WM.getPort()))
                .addUserAgentSegment("my-shop (2.1)")
                .defaultHeader("X-Team", "search"))) {
            Reply reply = api.request(SAVE)
                    .path("indexName", "i")
                    .path("objectID", "1")
                    .body(new Item("1", "n", null))
                    .options(RequestOptions.builder()
                            .forwardedFor("203.0.113.9")
                            .header("X-Extra", "yes")
                            .build())
                    .execute(Reply.class);
            assertThat(reply).isEqualTo(new Reply("1"));
        }
        LoggedRequest request = onlyRequest();
        assertThat(request.getHeader("X-Service-Application-Id")).isEqualTo("test-app");
        assertThat(request.getHeader("X-Service-API-Key")).isEqualTo("the-key");
        assertThat(request.getHeader("Content-Type")).isEqualTo("application/json; charset=UTF-8");
        assertThat(request.getHeader("Accept-Encoding")).isEqualTo("gzip");
        assertThat(request.getHeader("X-Team")).isEqualTo("search");
        assertThat(request.getHeader("X-Extra")).isEqualTo("yes");
        assertThat(request.getHeader("X-Forwarded-For")).isEqualTo("203.0.113.9");
        assertThat(request.getHeader("User-Agent"))
                .matches("Quarry for Java \\(\\d+\\.\\d+\\.\\d+[^)]*\\); JVM \\("
                        + java.util.regex.Pattern.quote(System.getProperty("java.version"))
                        + "\\); Test \\(1\\.0\\); my-shop \\(2\\.1\\)");
        assertThat(request.getBodyAsString()).isEqualTo("{\"objectID\":\"1\",\"name\":\"n\"}");
    }

    @Test
    void perRequestHeaderReplacesADefaultHeaderOnThatCallOnly() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"objectID\":\"1\"}")));
        try (ApiClient api = api(config("the-key", host("a.test", WM.getPort())).defaultHeader("X-Team", "search"))) {
            api.request(SAVE)
                    .path("indexName", "i")
                    .path("objectID", "1")
                    .body(new Item("1", "n", null))
                    .options(RequestOptions.builder().header("x-team", "ads").build())
                    .execute(Reply.class);
            api.request(SAVE)
                    .path("indexName", "i")
                    .path("objectID", "2")
                    .body(new Item("2", "n", null))
                    .execute(Reply.class);
        }
        List<LoggedRequest> requests = WM.getAllServeEvents().stream()
                .map(e -> e.getRequest())
                .sorted(java.util.Comparator.comparing(LoggedRequest::getUrl))
                .toList();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).getHeaders().getHeader("X-Team").values()).containsExactly("ads");
        assertThat(requests.get(1).getHeaders().getHeader("X-Team").values()).containsExactly("search");
        assertThat(requests).allSatisfy(r -> {
            assertThat(r.getHeader("X-Service-API-Key")).isEqualTo("the-key");
            assertThat(r.getHeader("User-Agent")).startsWith("Quarry for Java (");
            assertThat(r.getHeader("Accept")).isEqualTo("application/json");
        });
    }

    @Test
    void bodyUpToAMegabyteIsSentWithALength() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{}")));
        try (ApiClient api = api(config("key", host("a.test", WM.getPort())))) {
            api.request(BATCH)
                    .path("indexName", "i")
                    .body(Map.of("requests", items(1000)))
                    .execute(Void.class);
        }
        LoggedRequest request = onlyRequest();
        assertThat(request.getHeader("Transfer-Encoding")).isNull();
        assertThat(request.getHeader("Content-Length")).isEqualTo(Integer.toString(request.getBody().length));
        assertThat(request.getBodyAsString()).contains("{\"objectID\":\"999\",\"name\":\"name 999\",\"optional\":999}");
    }

    @Test
    void bodyOverAMegabyteIsStreamedRatherThanHeldInMemory() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{}")));
        try (ApiClient api = api(config("key", host("a.test", WM.getPort())))) {
            api.request(BATCH)
                    .path("indexName", "i")
                    .body(Map.of("requests", items(30_000)))
                    .execute(Void.class);
        }
        LoggedRequest request = onlyRequest();
        assertThat(request.getHeader("Transfer-Encoding")).isEqualTo("chunked");
        assertThat(request.getBody().length).isGreaterThan(1 << 20);
        assertThat(request.getBodyAsString())
                .endsWith("{\"objectID\":\"29999\",\"name\":\"name 29999\",\"optional\":29999}]}");
    }

    private static List<Item> items(int count) {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(new Item(Integer.toString(i), "name " + i, i));
        }
        return items;
    }

    @Test
    void gzipRequestBodyAndGzipResponseRoundTrip() throws IOException {
        WM.stubFor(any(anyUrl())
                .willReturn(aResponse()
                        .withStatus(200)
                        .withHeader("Content-Type", "application/json")
                        .withHeader("Content-Encoding", "gzip")
                        .withBody(gzip("{\"objectID\":\"zipped\"}"))));
        List<byte[]> wireBodies = new java.util.concurrent.CopyOnWriteArrayList<>();
        okhttp3.OkHttpClient recording = LoopbackHttp.loopbackDnsClient()
                .newBuilder()
                .addNetworkInterceptor(chain -> {
                    okio.Buffer copy = new okio.Buffer();
                    chain.request().body().writeTo(copy);
                    wireBodies.add(copy.readByteArray());
                    return chain.proceed(chain.request());
                })
                .build();
        String text = "é".repeat(100);
        try (ApiClient api = api(config("key", host("a.test", WM.getPort()))
                .httpClient(recording)
                .requestCompression(RequestCompression.GZIP))) {
            Reply reply = api.request(SAVE)
                    .path("indexName", "i")
                    .path("objectID", "1")
                    .body(FreeFormRecord.builder()
                            .objectID("1")
                            .put("text", text)
                            .build())
                    .execute(Reply.class);
            assertThat(reply).isEqualTo(new Reply("zipped"));
        }
        String expected = "{\"objectID\":\"1\",\"text\":\"" + text + "\"}";
        // the bytes sent are gzip, and they decompress to the JSON body ...
        assertThat(wireBodies).hasSize(1);
        assertThat(gunzip(wireBodies.get(0))).isEqualTo(expected);
        // ... which the server reads back after decompressing
        LoggedRequest request = onlyRequest();
        assertThat(request.getHeader("Content-Encoding")).isEqualTo("gzip");
        assertThat(request.getBodyAsString()).isEqualTo(expected);
    }

    @Test
    void bodyThatCannotBeSerialisedIsAnInvalidRequestAndNotRetried() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{}")));
        Object unserialisable = new Object() {
            @SuppressWarnings("unused")
            public String getBoom() {
                throw new IllegalStateException("no");
            }
        };
        int port = WM.getPort();
        try (ApiClient api = api(config("key", host("a.test", port), host("b.test", port)))) {
            assertThatThrownBy(() -> api.request(SAVE)
                            .path("indexName", "i")
                            .path("objectID", "1")
                            .body(unserialisable)
                            .execute(Void.class))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("cannot be serialised");
        }
        assertThat(WM.findAll(anyRequestedFor(anyUrl())).size()).isLessThanOrEqualTo(1);
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static String gunzip(byte[] data) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(data))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
