package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.Canary;
import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hostile input over real HTTP (loopback only): gzip bombs, oversized and truncated bodies, stalled and garbage
 * connections, handler errors. Each test also runs a {@link Canary}: the server must answer a small request within
 * {@link Canary#LIMIT} throughout.
 */
@Timeout(120)
class HostileInputHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    /**
     * Gzip that inflates to 16 MiB of zeros, past the 10 MB cap (the server stops there, so a larger bomb costs it
     * nothing more, only its making here); the soak profile sends 1 GiB bombs (1 MB of gzip each), as does
     * {@code -Dquarry.hostile.bombMegabytes=1024}.
     */
    private static final int BOMB_MEGABYTES = Integer.getInteger("quarry.hostile.bombMegabytes", 16);

    private static byte[] bomb;

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);
    private final TestClient anonymous = new TestClient(server, null, null);

    private static synchronized byte[] bomb() {
        if (bomb == null) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (GZIPOutputStream gzip = new GZIPOutputStream(out, 1 << 16)) {
                byte[] zeros = new byte[1 << 20];
                for (int i = 0; i < BOMB_MEGABYTES; i++) {
                    gzip.write(zeros);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            bomb = out.toByteArray();
        }
        return bomb;
    }

    private List<Integer> sendConcurrently(TestClient client, int count, byte[] body, String encoding) {
        List<CompletableFuture<HttpResponse<byte[]>>> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            HttpRequest.Builder request = client.request("POST", "/1/indexes/bombed/batch", null)
                    .timeout(Duration.ofSeconds(60))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body));
            if (encoding != null) {
                request.header("Content-Encoding", encoding);
            }
            sent.add(client.http().sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray()));
        }
        List<Integer> statuses = new ArrayList<>();
        for (CompletableFuture<HttpResponse<byte[]>> response : sent) {
            try {
                statuses.add(response.join().statusCode());
            } catch (RuntimeException e) {
                // the server may close a connection whose body it refused before reading it all
                statuses.add(-1);
            }
        }
        return statuses;
    }

    @Test
    void gzipBombsWithoutCredentialsAreRefusedBeforeTheBodyIsRead() throws InterruptedException {
        try (Canary canary = Canary.start(server)) {
            List<Integer> statuses = sendConcurrently(anonymous, 12, bomb(), "gzip");
            assertThat(statuses).allMatch(status -> status == 403 || status == -1);
            assertThat(statuses).contains(403);
            canary.waitForAnAnswer();
            assertThat(canary.problems()).isEmpty();
        }
        admin.get("/1/indexes").requireOk();
    }

    @Test
    void gzipBombsWithCredentialsAreRefusedAt10MegabytesInflated() throws InterruptedException {
        try (Canary canary = Canary.start(server)) {
            List<Integer> statuses = sendConcurrently(admin, 12, bomb(), "gzip");
            assertThat(statuses).allMatch(status -> status == 413 || status == -1);
            assertThat(statuses).contains(413);
            canary.waitForAnAnswer();
            assertThat(canary.problems()).isEmpty();
        }
        assertThat(admin.get("/1/indexes/bombed").status()).isEqualTo(404);
    }

    @Test
    void bodiesOver10MegabytesOnTheWireAre413() throws InterruptedException {
        byte[] large = new byte[11 * 1024 * 1024];
        Arrays.fill(large, (byte) ' ');
        try (Canary canary = Canary.start(server)) {
            List<Integer> statuses = sendConcurrently(admin, 4, large, null);
            assertThat(statuses).allMatch(status -> status == 413 || status == -1);
            assertThat(statuses).contains(413);
            canary.waitForAnAnswer();
            assertThat(canary.problems()).isEmpty();
        }
    }

    @Test
    void aTruncatedGzipBodyIs400() throws IOException {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write(TestClient.jq("{'requests':[{'action':'addObject','body':{'a':1}}]}")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        byte[] whole = zipped.toByteArray();
        Reply reply = admin.send(admin.request("POST", "/1/indexes/gz/batch", null)
                .header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Arrays.copyOf(whole, whole.length - 12)))
                .build());
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).contains("gzip");
    }

    @Test
    void stalledAndGarbageConnectionsHoldNoWorker() throws InterruptedException {
        List<RawConnection> stalled = new ArrayList<>();
        try (Canary canary = Canary.start(server)) {
            for (int i = 0; i < 8; i++) {
                // headers that never end
                stalled.add(connect().send("GET /1/indexes HTTP/1.1\r\nHost: localhost\r\nX-Slow: "));
                // a TLS ClientHello on the plain HTTP port
                stalled.add(connect().send(new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc}));
                // blank lines, no request line
                stalled.add(connect().send("\r\n\r\n\r\n\r\n"));
                // an authenticated body that never arrives
                stalled.add(connect()
                        .send("POST /1/indexes/slow/batch HTTP/1.1\r\nHost: localhost\r\n"
                                + "X-Service-Application-Id: " + server.applicationId() + "\r\n"
                                + "X-Service-API-Key: " + server.adminKey() + "\r\n"
                                + "Content-Length: 1000\r\n\r\n{\"requests\":"));
                // a bad chunk size
                stalled.add(connect()
                        .send("POST /1/indexes/slow/batch HTTP/1.1\r\nHost: localhost\r\n"
                                + "X-Service-Application-Id: " + server.applicationId() + "\r\n"
                                + "X-Service-API-Key: " + server.adminKey() + "\r\n"
                                + "Transfer-Encoding: chunked\r\n\r\nZZZZ\r\n"));
            }
            // a worker the stalled connections held would answer only once their 30 s head deadline closed them
            // (or never): a busy machine answers well within half of that
            for (int i = 0; i < 20; i++) {
                Reply reply = admin.send(admin.request("GET", "/1/indexes", null)
                        .timeout(Duration.ofSeconds(15))
                        .build());
                assertThat(reply.status()).isEqualTo(200);
            }
            canary.waitForAnAnswer();
            assertThat(canary.problems()).isEmpty();
            assertThat(canary.answered()).isPositive();
        } finally {
            stalled.forEach(RawConnection::close);
        }
    }

    @Test
    void garbageGetsAJsonErrorAndTheConnectionCloses() {
        try (RawConnection connection = connect()) {
            String answer = connection
                    .send("GARBAGE\u0001\u0002 /\\\\ HTTP/9.9\r\n\r\n")
                    .readTimeout(3000)
                    .readAvailable();
            assertThat(answer).startsWith("HTTP/1.1 4");
        }
    }

    @Test
    void aHandlerErrorIsAnsweredAndTheServerKeepsServing() throws InterruptedException {
        admin.put("/1/indexes/deep/r1", "{\"a\": 1}").requireOk();
        String deep = "(".repeat(200_000) + "a:1" + ")".repeat(200_000);
        try (Canary canary = Canary.start(server)) {
            for (int i = 0; i < 3; i++) {
                Reply reply = admin.post(
                        "/1/indexes/deep/query", "{\"filters\": " + TestClient.json("\"" + deep + "\"") + "}");
                assertThat(reply.status()).isIn(400, 500);
                assertThat(reply.body().get("message").isString()).isTrue();
            }
            canary.waitForAnAnswer();
            assertThat(canary.problems()).isEmpty();
        }
    }

    private RawConnection connect() {
        return new RawConnection(server.host(), server.port());
    }
}
