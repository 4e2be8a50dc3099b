package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.BodyLimits;
import io.quarry.mockserver.internal.http.wire.WireDeadlines;
import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.TricklingSocket;
import io.quarry.mockserver.testing.WireAnswer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.GZIPOutputStream;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The wire against RFC 9112 and RFC 9110, over HTTP and HTTPS alike: each case a raw exchange that asserts the
 * status, whether the connection was closed (or carries a next request), and that the server then answers a
 * normal request. Where the RFC leaves the answer to the server, the case names the section it follows. The
 * exchanges run on a server whose deadlines they never meet, however loaded the machine: a test of a slow client
 * starts a server of its own that shortens only the deadline it tests, and waits for the connection to close, never
 * on the clock. Bodies over the limit meet a limit shortened too. One suite per scheme
 * ({@link WireConformanceHttpTest}, {@link WireConformanceHttpsTest}), so that each class stays short. The exchanges
 * share nothing but the server and mostly wait on it, so they run at once.
 */
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Execution(ExecutionMode.CONCURRENT)
abstract class WireConformance {

    enum Scheme {
        HTTP,
        HTTPS
    }

    /**
     * The exchanges' deadlines: each step may take 30 s (the defaults), which no exchange meets even with its
     * handshake starved of CPU beside the other cases. The linger stays at 300 ms: each TLS connection closed after
     * an answer waits it out, so a longer one would lengthen every such case.
     */
    private static final WireDeadlines UNHURRIED = new WireDeadlines(30_000, 30_000, 30_000, 30_000, 300, 5_000);

    /** Only the wait for a request is short: the handshake before it is not. */
    private static final WireDeadlines IDLE_CUT = new WireDeadlines(500, 30_000, 30_000, 30_000, 300, 5_000);

    /**
     * The wait for a request and its head are hurried, not the handshake: a head trickled at
     * {@link #TRICKLE_MILLIS} takes over 10 s. Over TLS nothing of the head is read before its whole record has
     * come, so there the wait for the request ends it.
     */
    private static final WireDeadlines HEAD_CUT = new WireDeadlines(500, 30_000, 300, 30_000, 300, 5_000);

    /**
     * Only the handshake is hurried: a ClientHello (about 440 bytes) trickled at {@link #TRICKLE_MILLIS} takes
     * about 11 s, a whole handshake on a loaded machine far less than the 2 s.
     */
    static final WireDeadlines HANDSHAKE_CUT = new WireDeadlines(30_000, 2_000, 30_000, 30_000, 300, 5_000);

    /** A slow client's pace: far inside every deadline, so only a deadline on the whole step closes it. */
    static final long TRICKLE_MILLIS = 25;

    private static final String BODY = "{\"requests\":[]}";

    /**
     * The body limit here: 64 KB on the wire and inflated, so a body over it is a few kilobytes, not 10 MB (which
     * {@code HostileInputHttpTest} sends against the default limit).
     */
    private static final int BODY_LIMIT = 64 * 1024;

    private static final BodyLimits LIMITS = new BodyLimits(
            BODY_LIMIT,
            BODY_LIMIT,
            BodyLimits.defaults().maxBufferedBytes(),
            BodyLimits.defaults().readTimeoutMillis());

    /**
     * 64 gzip members of 1 MB of zeros each, about 64 KB on the wire: far more than is read before the limit is
     * crossed. Members one after the other, as gzip allows, take a millisecond to make where one 64 MB member takes
     * seconds on a loaded machine.
     */
    private static final byte[] BOMB = repeated(gzip(new byte[1 << 20]), 64);

    private final Scheme scheme;
    private MockServer server;

    /**
     * The suite's own threads for a client's side that blocks while the test reads (a body written, a handshake): on
     * JDK 25 with two processors the common pool has one thread, shared by the suite's exchanges and the other class.
     */
    final ExecutorService threads = Executors.newCachedThreadPool();

    /** @param scheme what the suite's server speaks */
    WireConformance(Scheme scheme) {
        this.scheme = scheme;
    }

    @BeforeAll
    void start() {
        server = start(UNHURRIED);
    }

    /**
     * @param deadlines the server's deadlines
     * @return a server of the suite's scheme and body limit, which the caller closes
     */
    MockServer start(WireDeadlines deadlines) {
        MockServer.Builder builder =
                MockServer.builder().wireDeadlines(deadlines).bodyLimits(LIMITS);
        return (scheme == Scheme.HTTPS ? builder.https() : builder).start();
    }

    @AfterAll
    void stop() {
        threads.shutdownNow();
        server.close();
    }

    /**
     * One exchange of the table.
     *
     * @param name what is sent
     * @param rfc the section the answer follows
     * @param request the bytes, {@code {auth}} standing for the credentials' headers
     * @param status the status answered
     * @param closes whether the connection is closed after the answer
     */
    record Case(String name, String rfc, String request, int status, boolean closes) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final String HOST = "Host: localhost\r\n";
    private static final String BATCH = "POST /1/indexes/conformance/batch HTTP/1.1\r\n" + HOST + "{auth}";
    private static final String CHUNKED = BATCH + "Transfer-Encoding: chunked\r\n\r\n";
    private static final String GET = "GET /1/indexes HTTP/1.1\r\n" + HOST + "{auth}";

    static List<Case> table() {
        return List.of(
                // lenient until now
                new Case(
                        "Content-Length then a vertical tab",
                        "RFC 9110 5.5, RFC 9112 6.3",
                        BATCH + "Content-Length: 15\u000b\r\n\r\n" + BODY,
                        400,
                        true),
                new Case(
                        "Content-Length then a form feed",
                        "RFC 9110 5.5, RFC 9112 6.3",
                        BATCH + "Content-Length: 15\f\r\n\r\n" + BODY,
                        400,
                        true),
                new Case(
                        "Transfer-Encoding chunked then a vertical tab",
                        "RFC 9110 5.5, RFC 9112 6.1",
                        BATCH + "Transfer-Encoding: chunked\u000b\r\n\r\nf\r\n" + BODY + "\r\n0\r\n\r\n",
                        400,
                        true),
                new Case(
                        "a carriage return inside a chunk size",
                        "RFC 9112 7.1",
                        CHUNKED + "1\r0\r\n" + BODY + "\r\n0\r\n\r\n",
                        400,
                        true),
                new Case("HTTP/1.1 without Host", "RFC 9112 3.2", "GET /1/indexes HTTP/1.1\r\n{auth}\r\n", 400, true),
                new Case("two Host lines", "RFC 9112 3.2", GET + HOST + "\r\n", 400, true),
                new Case(
                        "an invalid Host",
                        "RFC 9112 3.2",
                        "GET /1/indexes HTTP/1.1\r\nHost: local/host\r\n{auth}\r\n",
                        400,
                        true),
                new Case(
                        "Connection keep-alive then close",
                        "RFC 9110 7.6.1, 5.3",
                        GET + "Connection: keep-alive\r\nConnection: close\r\n\r\n",
                        200,
                        true),
                new Case(
                        "a bare LF ending a chunk size line",
                        "RFC 9112 7.1 (2.2's bare LF is for the head only)",
                        CHUNKED + "f\n" + BODY + "\r\n0\r\n\r\n",
                        400,
                        true),
                new Case(
                        "a bare LF after chunk data",
                        "RFC 9112 7.1",
                        CHUNKED + "f\r\n" + BODY + "\n0\r\n\r\n",
                        400,
                        true),
                new Case(
                        "garbage after a chunk size",
                        "RFC 9112 7.1.1",
                        CHUNKED + "f x\r\n" + BODY + "\r\n0\r\n\r\n",
                        400,
                        true),
                new Case(
                        "a chunk extension, ignored",
                        "RFC 9112 7.1.1",
                        CHUNKED + "f;name=\"value\"\r\n" + BODY + "\r\n0\r\nX-Trailer: 1\r\n\r\n",
                        200,
                        false),
                new Case(
                        "a lower-case method",
                        "RFC 9110 9.1 (case-sensitive), 15.6.2",
                        "get /1/indexes HTTP/1.1\r\n" + HOST + "{auth}\r\n",
                        501,
                        false),
                new Case(
                        "101 header lines",
                        "RFC 9110 5.4, RFC 6585 5",
                        GET + "X-Line: 1\r\n".repeat(98) + "\r\n",
                        431,
                        true),
                new Case("100 header lines", "RFC 9110 5.4", GET + "X-Line: 1\r\n".repeat(97) + "\r\n", 200, false),
                new Case(
                        "a Content-Length over the body limit, no body",
                        "RFC 9110 15.5.14",
                        BATCH + "Content-Length: 1000000000000000\r\n\r\n",
                        413,
                        true),
                // held before
                new Case(
                        "Content-Length with Transfer-Encoding",
                        "RFC 9112 6.1 (reject, close)",
                        BATCH + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                        400,
                        true),
                new Case(
                        "two different lengths",
                        "RFC 9112 6.3",
                        BATCH + "Content-Length: 15\r\nContent-Length: 16\r\n\r\n" + BODY,
                        400,
                        true),
                new Case(
                        "the same length twice",
                        "RFC 9110 8.6",
                        BATCH + "Content-Length: 15\r\nContent-Length: 15\r\n\r\n" + BODY,
                        200,
                        false),
                new Case(
                        "a length of 20 digits",
                        "RFC 9112 6.3",
                        BATCH + "Content-Length: 99999999999999999999\r\n\r\n",
                        400,
                        true),
                new Case(
                        "a chunk size of 17 hex digits",
                        "RFC 9112 7.1",
                        CHUNKED + "fffffffffffffffff\r\n" + BODY,
                        400,
                        true),
                new Case("a folded header line", "RFC 9112 5.2", GET + "X-A: 1\r\n folded\r\n\r\n", 400, true),
                new Case("a space before the colon", "RFC 9112 5.1", GET + "X-A : 1\r\n\r\n", 400, true),
                new Case("a NUL in a value", "RFC 9110 5.5", GET + "X-A: a\u0000b\r\n\r\n", 400, true),
                new Case(
                        "a request line over 64 KB",
                        "RFC 9112 3",
                        "GET /" + "a".repeat(70_000) + " HTTP/1.1\r\n" + HOST + "\r\n",
                        414,
                        true),
                new Case(
                        "headers over 64 KB",
                        "RFC 6585 5",
                        GET + "X-Big: " + "a".repeat(70_000) + "\r\n\r\n",
                        431,
                        true),
                new Case(
                        "Transfer-Encoding gzip", "RFC 9112 6.1", BATCH + "Transfer-Encoding: gzip\r\n\r\n", 501, true),
                new Case(
                        "Transfer-Encoding on HTTP/1.0",
                        "RFC 9112 6.1",
                        "POST /1/indexes/conformance/batch HTTP/1.0\r\n{auth}Transfer-Encoding: chunked\r\n\r\n"
                                + "0\r\n\r\n",
                        400,
                        true),
                new Case("HTTP/1.0 without Host", "RFC 9112 9.3", "GET /1/indexes HTTP/1.0\r\n{auth}\r\n", 200, true),
                new Case(
                        "HTTP/2.0 in a request line",
                        "RFC 9110 15.6.6",
                        "GET / HTTP/2.0\r\n" + HOST + "\r\n",
                        505,
                        true),
                new Case(
                        "head lines ending with a bare LF",
                        "RFC 9112 2.2 (may accept)",
                        "GET /1/indexes HTTP/1.1\nHost: localhost\n{auth}\n",
                        200,
                        false),
                new Case("an unknown expectation", "RFC 9110 10.1.1", GET + "Expect: teapot\r\n\r\n", 417, true),
                new Case(
                        "HEAD, which no endpoint has (the service's 405), answered without content",
                        "RFC 9110 9.3.2",
                        "HEAD /1/indexes HTTP/1.1\r\n" + HOST + "{auth}\r\n",
                        405,
                        false),
                new Case("a chunked body", "RFC 9112 7.1", CHUNKED + "f\r\n" + BODY + "\r\n0\r\n\r\n", 200, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void answersAsTheRfcSays(Case each) {
        try (RawConnection connection = connect()) {
            WireAnswer answer = connection
                    .send(withAuth(each.request()))
                    .readAnswer(each.request().startsWith("HEAD"));
            assertThat(answer.status()).as(each.name() + ", " + each.rfc()).isEqualTo(each.status());
            if (each.request().startsWith("HEAD")) {
                assertThat(answer.body()).isEmpty();
            } else if (each.status() >= 400) {
                assertThat(answer.body()).as("a refusal says why").contains("\"message\"");
            }
            assertClosedOrKept(connection, answer, each.closes());
        }
        assertServes();
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() {
        try (RawConnection connection = connect()) {
            connection.send(withAuth(GET + "\r\n" + "GET /1/no-such-endpoint HTTP/1.1\r\n" + HOST + "{auth}\r\n"
                    + "HEAD /1/indexes HTTP/1.1\r\n" + HOST + "{auth}\r\n" + GET + "Connection: close\r\n\r\n"));
            assertThat(connection.readAnswer(false).status()).isEqualTo(200);
            assertThat(connection.readAnswer(false).status()).isEqualTo(404);
            assertThat(connection.readAnswer(true).status()).isEqualTo(405);
            WireAnswer last = connection.readAnswer(false);
            assertThat(last.status()).isEqualTo(200);
            assertThat(last.body()).contains("items");
            assertThat(connection.closedByServer()).isTrue();
        }
        assertServes();
    }

    /** RFC 9110 10.1.1: the interim 100, then the final answer; none when the length alone is refused. */
    @Test
    void expectContinueIsAnsweredWithAn100UnlessTheBodyIsRefusedAnyway() {
        try (RawConnection connection = connect()) {
            connection.send(withAuth(BATCH + "Expect: 100-continue\r\nContent-Length: 15\r\n\r\n"));
            assertThat(connection.readAnswer(false).status()).isEqualTo(100);
            WireAnswer answer = connection.send(BODY).readAnswer(false);
            assertThat(answer.status()).isEqualTo(200);
            assertClosedOrKept(connection, answer, false);
        }
        try (RawConnection connection = connect()) {
            connection.send(withAuth(BATCH + "Expect: 100-continue\r\nContent-Length: 20000000\r\n\r\n"));
            WireAnswer answer = connection.readAnswer(false);
            assertThat(answer.status()).isEqualTo(413);
            assertClosedOrKept(connection, answer, true);
        }
        assertServes();
    }

    /** RFC 9110 8.6 and 15.3.5, 15.4.5: a 204 and a 304 carry no body and no length, and the connection goes on. */
    @Test
    void answersWithoutABodyLeaveTheConnectionUsable() {
        for (int status : new int[] {204, 304}) {
            server.faults().next(1, "GET", "/1/indexes/bodiless/settings", Fault.status(status));
            try (RawConnection connection = connect()) {
                WireAnswer answer = connection
                        .send(withAuth("GET /1/indexes/bodiless/settings HTTP/1.1\r\n" + HOST + "{auth}\r\n"))
                        .readAnswer(false);
                assertThat(answer.status()).isEqualTo(status);
                assertThat(answer.header("Content-Length")).isNull();
                assertClosedOrKept(connection, answer, false);
            }
        }
    }

    /** RFC 9110 15.5.14: past the limit inflated, 413 without reading the rest, and the connection closed. */
    @Test
    void aGzipBombIs413() {
        byte[] bomb = BOMB;
        try (RawConnection connection = connect()) {
            connection.send(withAuth(BATCH + "Content-Encoding: gzip\r\nContent-Length: " + bomb.length + "\r\n\r\n"));
            WireAnswer answer = connection.send(bomb).readAnswer(false);
            assertThat(answer.status()).isEqualTo(413);
            assertClosedOrKept(connection, answer, true);
        }
        assertServes();
    }

    /** RFC 9110 15.5.14: a chunked body past the limit is refused once the limit is crossed. */
    @Test
    void aChunkedBodyOverTheLimitIs413() {
        byte[] chunk = new byte[BODY_LIMIT / 4];
        String size = Integer.toHexString(chunk.length) + "\r\n";
        try (RawConnection connection = connect()) {
            connection.send(withAuth(CHUNKED));
            CompletableFuture<Void> sending = CompletableFuture.runAsync(
                    () -> {
                        try {
                            for (int i = 0; i < 5; i++) {
                                connection.send(size).send(chunk).send("\r\n");
                            }
                        } catch (UncheckedIOException closed) {
                            // the server stopped reading, as it should
                        }
                    },
                    threads);
            WireAnswer answer = connection.readTimeout(10_000).readAnswer(false);
            assertThat(answer.status()).isEqualTo(413);
            assertClosedOrKept(connection, answer, true);
            sending.join();
        }
        assertServes();
    }

    /** A 1xx would answer the wrong request; framing headers would frame the answer twice: both a 400 that says why. */
    @Test
    void faultsRefuseInterimStatusesAndFramingHeaders() {
        for (String fault : List.of(
                "{\"type\": \"status\", \"status\": 103}",
                "{\"type\": \"status\", \"status\": 503, \"headers\": {\"Transfer-Encoding\": \"chunked\"}}",
                "{\"type\": \"status\", \"status\": 503, \"headers\": {\"content-length\": \"0\"}}")) {
            String rule = "{\"path\": \"/1/indexes\", \"fault\": " + fault + "}";
            try (RawConnection connection = connect()) {
                WireAnswer answer = connection
                        .send(withAuth("POST /_mock/faults HTTP/1.1\r\n" + HOST + "{auth}Content-Length: "
                                + rule.length() + "\r\n\r\n" + rule))
                        .readAnswer(false);
                assertThat(answer.status()).as(fault).isEqualTo(400);
                assertThat(answer.body()).containsAnyOf("1xx", "frames the answer");
            }
        }
        assertServes();
    }

    /** A head sent a byte at a time (over TLS: its record) loses its connection at the deadline, unanswered. */
    @Test
    void aHeadSentByteByByteIsCutAtItsDeadline() throws Exception {
        try (MockServer hurried = start(HEAD_CUT);
                TricklingSocket slow = new TricklingSocket(hurried.host(), hurried.port(), TRICKLE_MILLIS);
                RawConnection connection = new RawConnection(scheme == Scheme.HTTPS ? secure(hurried, slow) : slow)) {
            slow.trickle();
            connection.send(withAuth(GET + "X-Padding: " + "p".repeat(400) + "\r\n\r\n"));
            assertThat(connection.readTimeout(10_000).closedByServer()).isTrue();
            assertThat(slow.hasPending())
                    .as("closed before the whole head was sent")
                    .isTrue();
            assertServes(hurried);
        }
    }

    @Test
    void aSilentConnectionIsClosedAtTheIdleDeadline() {
        try (MockServer hurried = start(IDLE_CUT)) {
            try (RawConnection connection = connect(hurried)) {
                assertThat(connection.readTimeout(10_000).closedByServer()).isTrue();
            }
            assertServes(hurried);
        }
    }

    private void assertClosedOrKept(RawConnection connection, WireAnswer answer, boolean closes) {
        if (closes) {
            assertThat(answer.closes()).as("Connection: close").isTrue();
            assertThat(connection.closedByServer()).as("closed").isTrue();
        } else {
            assertThat(answer.closes()).as("no Connection: close").isFalse();
            assertThat(connection.send(withAuth(GET + "\r\n")).readAnswer(false).status())
                    .as("the next request on the connection")
                    .isEqualTo(200);
        }
    }

    /** A normal request on a new connection to the suite's server is answered. */
    private void assertServes() {
        assertServes(server);
    }

    /** @param target the server that must answer a normal request on a new connection */
    void assertServes(MockServer target) {
        try (RawConnection connection = connect(target)) {
            WireAnswer answer =
                    connection.send(withAuth(GET + "Connection: close\r\n\r\n")).readAnswer(false);
            assertThat(answer.status()).as("a normal request after").isEqualTo(200);
        }
    }

    private RawConnection connect() {
        return connect(server);
    }

    private RawConnection connect(MockServer target) {
        if (scheme == Scheme.HTTP) {
            return new RawConnection(target.host(), target.port());
        }
        try {
            SSLSocket socket =
                    (SSLSocket) target.trustMaterial().sslSocketFactory().createSocket(target.host(), target.port());
            socket.startHandshake();
            return new RawConnection(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Socket secure(MockServer target, Socket under) throws IOException {
        SSLSocket socket = (SSLSocket)
                target.trustMaterial().sslSocketFactory().createSocket(under, target.host(), target.port(), true);
        socket.startHandshake();
        return socket;
    }

    private String withAuth(String request) {
        String auth = "X-Service-Application-Id: " + server.applicationId() + "\r\nX-Service-API-Key: "
                + server.adminKey() + "\r\n";
        return request.replace("{auth}", auth);
    }

    private static byte[] repeated(byte[] bytes, int times) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length * times);
        for (int i = 0; i < times; i++) {
            out.writeBytes(bytes);
        }
        return out.toByteArray();
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
