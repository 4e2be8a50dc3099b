package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The HTTP front: gzip both ways, CORS, errors for unknown routes and methods, strict mode. */
class HttpFrontTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    /** Linux's shortest delayed ACK. */
    private static final Duration DELAYED_ACK = Duration.ofMillis(40);

    private final MockServer server = MOCK.server();
    private final TestClient client = new TestClient(server);

    private HttpRequest.Builder request(String path) {
        return client.request("GET", path, null);
    }

    @Test
    void smallResponsesDoNotWaitForDelayedAcks() {
        // an answer written in two parts with Nagle's algorithm on waits, on a kept-alive connection, for the
        // client's delayed ACK: at least 40 ms on Linux, a floor under every call that load cannot lower. Load
        // slows some calls, not all 50: the fastest tells a stalled server from a busy machine, where a total
        // did not
        client.get("/_mock/version");
        long fastest = Long.MAX_VALUE;
        for (int i = 0; i < 50; i++) {
            long started = System.nanoTime();
            client.get("/1/indexes").requireOk();
            fastest = Math.min(fastest, System.nanoTime() - started);
        }
        assertThat(Duration.ofNanos(fastest)).as("the fastest of 50 calls").isLessThan(DELAYED_ACK);
    }

    @Test
    void gzipRequestBodiesAreAccepted() throws IOException {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write(jq("{'title':'zipped'}").getBytes(StandardCharsets.UTF_8));
        }
        Reply reply = client.send(request("/1/indexes/gz/r1")
                .header("Content-Encoding", "gzip")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(zipped.toByteArray()))
                .build());
        assertThat(reply.status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/gz/r1").body().get("title").stringValue())
                .isEqualTo("zipped");

        Reply broken = client.send(request("/1/indexes/gz/r2")
                .header("Content-Encoding", "gzip")
                .PUT(HttpRequest.BodyPublishers.ofString("not gzip"))
                .build());
        assertThat(broken.status()).isEqualTo(400);
        Reply unknown = client.send(request("/1/indexes/gz/r2")
                .header("Content-Encoding", "br")
                .PUT(HttpRequest.BodyPublishers.ofString("{}"))
                .build());
        assertThat(unknown.status()).isEqualTo(415);
        assertThat(unknown.headers().firstValue("Accept-Encoding"))
                .as("the coding it takes")
                .hasValue("gzip");
    }

    @Test
    void gzipResponsesWhenAsked() throws Exception {
        HttpResponse<byte[]> response = client.http()
                .send(
                        request("/1/indexes")
                                .header("Accept-Encoding", "gzip")
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.headers().firstValue("Content-Encoding")).contains("gzip");
        byte[] json = new GZIPInputStream(new ByteArrayInputStream(response.body())).readAllBytes();
        assertThat(TestClient.json(new String(json, StandardCharsets.UTF_8)).has("items"))
                .isTrue();
        assertThat(response.headers().firstValue("Content-Type")).contains("application/json; charset=UTF-8");
    }

    @Test
    void corsPreflightNeedsNoCredentials() {
        Reply reply = new TestClient(server, null, null)
                .send(HttpRequest.newBuilder(URI.create(server.url() + "/1/indexes/x/query"))
                        .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                        .header("Origin", "http://localhost:3000")
                        .header("Access-Control-Request-Headers", "x-service-api-key, content-type")
                        .build());
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.headers().firstValue("Access-Control-Allow-Origin")).contains("*");
        assertThat(reply.headers().firstValue("Access-Control-Allow-Headers"))
                .contains("x-service-api-key, content-type");
        assertThat(reply.headers().firstValue("Access-Control-Allow-Methods").orElse(""))
                .contains("POST");
        assertThat(client.get("/1/indexes").headers().firstValue("Access-Control-Allow-Origin"))
                .contains("*");
    }

    @Test
    void unknownEndpointsAreA4xxThatSaysSo() {
        Reply keys = client.get("/2/abtests");
        assertThat(keys.status()).isEqualTo(404);
        assertThat(keys.body().get("message").stringValue()).contains("not supported by the mock server");
        assertThat(keys.body().get("status").intValue()).isEqualTo(404);
        assertThat(client.get("/2/whatever").status()).isEqualTo(404);
        Reply method = client.send("PATCH", "/1/indexes/x/query", "{}");
        assertThat(method.status()).isEqualTo(405);
        // the methods the path has, as a 405 must say (the record "query" is read, written and deleted there too)
        assertThat(method.headers().firstValue("Allow")).hasValue("DELETE, GET, POST, PUT");
        Reply head = client.send("HEAD", "/1/indexes", null);
        assertThat(head.status()).isEqualTo(405);
        assertThat(head.headers().firstValue("Allow")).hasValue("GET");
        assertThat(head.body()).isNull();
        assertThat(client.get("/1/indexes/").status())
                .as("an empty index name matches nothing")
                .isEqualTo(404);
    }

    @Test
    void strictModeRefusesUnknownUrlParameters() {
        try (MockServer strict = MockServer.builder().strict().start()) {
            TestClient strictClient = new TestClient(strict);
            strictClient.put("/1/indexes/i/r", "{}");
            Reply unknown = strictClient.get("/1/indexes/i/r?attributesToRetreive=x");
            assertThat(unknown.status()).isEqualTo(400);
            assertThat(unknown.body().get("message").stringValue()).contains("attributesToRetreive");
            assertThat(strictClient.get("/1/indexes/i/r?attributesToRetrieve=x").status())
                    .isEqualTo(200);
            assertThat(strictClient
                            .get("/1/indexes?x-service-api-key=" + strict.adminKey())
                            .status())
                    .isEqualTo(200);
            Reply setting = strictClient.put("/1/indexes/i/settings", jq("{'searchableAttribute':['a']}"));
            assertThat(setting.status()).isEqualTo(400);
            assertThat(setting.body().get("message").stringValue()).contains("searchableAttribute");
            assertThat(strictClient
                            .put("/1/indexes/i/settings", jq("{'searchableAttributes':['a']}"))
                            .status())
                    .isEqualTo(200);
        }
        assertThat(client.get("/1/indexes?whatever=1").status())
                .as("lenient by default")
                .isEqualTo(200);
        assertThat(client.put("/1/indexes/i/settings", jq("{'custom':1}")).status())
                .isEqualTo(200);
    }
}
