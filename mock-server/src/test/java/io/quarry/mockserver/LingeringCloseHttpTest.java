package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.internal.http.BodyLimits;
import io.quarry.mockserver.internal.http.wire.WireDeadlines;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.WireAnswer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lingering close (RFC 9112, section 9.6): a client that sends its whole body before it reads, as Python's
 * {@code http.client} does, reads the answer the server gave before the body was read (413, 403, 503, 400) instead of
 * a broken pipe or a reset; the dropping is bounded in bytes and in time. Raw sockets over HTTP and HTTPS; every wait
 * is on a condition: the servers that must not cut a client linger far longer than any loaded machine needs.
 */
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LingeringCloseHttpTest {

    enum Scheme {
        HTTP,
        HTTPS
    }

    private static final int TEN_MEGABYTES = 10 * 1024 * 1024;

    /**
     * The early answers' bodies and their servers' limit: a megabyte, four times what the client's send buffer and
     * the server's receive buffer hold together, so that a server closing without lingering finds the client still
     * sending (it then meets a reset rather than the answer). Ten megabytes said no more, at ten times the bytes,
     * which over TLS the test fork, compiling with C1 only, encrypts and decrypts in plain Java.
     */
    private static final int BODY_LIMIT = 1 << 20;

    /** The client's send buffer: the kernel's own would grow to 4 MB on loopback. */
    private static final int SEND_BUFFER = 64 * 1024;

    /** What a client sends at once: 64 KB of a body. */
    private static final byte[] PIECE = filled(64 * 1024);

    /**
     * Every deadline 30 s, the linger's pause too: only the client's close or the byte bound ends a lingering
     * connection.
     */
    private static final WireDeadlines LONG_LINGER = new WireDeadlines(30_000, 30_000, 30_000, 30_000, 30_000, 5_000);

    /** Bodies of 1 MB, but 256 KB held at once: a body's second quarter is a 503. */
    private static final BodyLimits SMALL_BUDGET = new BodyLimits(BODY_LIMIT, BODY_LIMIT, BODY_LIMIT / 4, 60_000);

    /** Bodies of 64 KB, so the bytes dropped after an answer are bounded at 128 KB. */
    private static final BodyLimits SMALL_BODIES =
            new BodyLimits(64 * 1024, 64 * 1024, BodyLimits.defaults().maxBufferedBytes(), 60_000);

    private static final String BATCH =
            "POST /1/indexes/products/batch HTTP/1.1\r\nHost: localhost\r\n" + "Content-Type: application/json\r\n";

    private final Map<Scheme, MockServer> servers = new EnumMap<>(Scheme.class);

    @BeforeAll
    void start() {
        for (Scheme scheme : Scheme.values()) {
            servers.put(scheme, start(scheme, LONG_LINGER, SMALL_BUDGET));
        }
    }

    @AfterAll
    void stop() {
        servers.values().forEach(MockServer::close);
    }

    /** One answer given before the body was read: its head, the status and what its message says. */
    record EarlyAnswer(String name, String head, int status, String says) {

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> earlyAnswers() {
        List<EarlyAnswer> answers = List.of(
                new EarlyAnswer(
                        "413, a length over the limit",
                        BATCH + "{auth}Content-Length: " + (BODY_LIMIT + 1) + "\r\n\r\n",
                        413,
                        "larger than the limit"),
                new EarlyAnswer(
                        "403, no credentials",
                        BATCH + "Content-Length: " + BODY_LIMIT + "\r\n\r\n",
                        403,
                        "Invalid Application-ID or API key"),
                new EarlyAnswer(
                        "503, more body than the budget holds",
                        BATCH + "{auth}Content-Length: " + BODY_LIMIT + "\r\n\r\n",
                        503,
                        "too many request bodies"),
                new EarlyAnswer(
                        "400, a control character in a header",
                        BATCH + "X-Note: a\u0001b\r\nContent-Length: " + BODY_LIMIT + "\r\n\r\n",
                        400,
                        "Control characters"),
                new EarlyAnswer(
                        "403 to a client that sent its body without waiting for 100 Continue",
                        BATCH + "Expect: 100-continue\r\nContent-Length: " + BODY_LIMIT + "\r\n\r\n",
                        403,
                        "Invalid Application-ID or API key"));
        return Stream.of(Scheme.values())
                .flatMap(scheme -> answers.stream().map(answer -> Arguments.of(scheme, answer)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("earlyAnswers")
    void aClientSendingItsWholeBodyFirstReadsTheEarlyAnswer(Scheme scheme, EarlyAnswer early) {
        MockServer server = servers.get(scheme);
        String head = early.head().replace("{auth}", auth(server));
        int length = Integer.parseInt(head.replaceAll("(?s).*Content-Length: (\\d+).*", "$1"));
        try (RawConnection connection = connect(scheme, server)) {
            // the head with the body's first piece in one write, then the rest: all of it before reading
            connection.send(concat(head.getBytes(StandardCharsets.ISO_8859_1), PIECE));
            for (int sent = PIECE.length; sent < length; sent += PIECE.length) {
                connection.send(Arrays.copyOf(PIECE, Math.min(PIECE.length, length - sent)));
            }
            WireAnswer answer = connection.readTimeout(30_000).readAnswer(false);
            assertThat(answer.status()).isEqualTo(early.status());
            assertThat(answer.body()).contains("\"status\":" + early.status()).contains(early.says());
            assertThat(answer.closes()).as("Connection: close").isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void aClientSendingPastTheByteBoundIsCut(Scheme scheme) {
        try (MockServer server = start(scheme, LONG_LINGER, SMALL_BODIES);
                RawConnection connection = connect(scheme, server)) {
            connection.send(BATCH + auth(server) + "Content-Length: 1000000000\r\n\r\n");
            // 64 MB, far past the 128 KB dropped and what the sockets' buffers hold
            assertThatThrownBy(() -> {
                        for (int i = 0; i < 1024; i++) {
                            connection.send(PIECE);
                        }
                    })
                    .isInstanceOf(UncheckedIOException.class);
        }
    }

    /**
     * Over TLS the closing alert comes with the close, so the client reads the end of the stream only then (over
     * HTTP the server's sending side is shut at once: {@code LingerPauseTest} waits for the thread instead).
     */
    @Test
    void aClientThatStopsSendingIsClosedAfterTheLingersPauseOverHttps() {
        WireDeadlines briefLinger = new WireDeadlines(30_000, 30_000, 30_000, 30_000, 500, 5_000);
        try (MockServer server = start(Scheme.HTTPS, briefLinger, BodyLimits.defaults());
                RawConnection connection = connect(Scheme.HTTPS, server)) {
            connection.send(concat(
                    (BATCH + "Content-Length: " + TEN_MEGABYTES + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1),
                    PIECE));
            assertThat(connection.readTimeout(30_000).readAnswer(false).status())
                    .isEqualTo(403);
            assertThat(connection.closedByServer())
                    .as("closed within the read's 30 s")
                    .isTrue();
        }
    }

    /** RFC 9110 10.1.1: a client that waits for {@code 100 Continue} sends no body after a final answer. */
    @ParameterizedTest
    @EnumSource(Scheme.class)
    void anExpectContinueAnsweredEarlyIsClosedWithoutLingering(Scheme scheme) throws InterruptedException {
        MockServer server = servers.get(scheme);
        try (RawConnection connection = connect(scheme, server)) {
            connection.send(BATCH + "Expect: 100-continue\r\nContent-Length: " + BODY_LIMIT + "\r\n\r\n");
            WireAnswer answer = connection.readTimeout(30_000).readAnswer(false);
            assertThat(answer.status()).as("a final answer, no 100").isEqualTo(403);
            // the server lingers 30 s for a client that may still send: this one is closed well before
            Eventually.waitUntil("the server to close the connection", () -> writeFails(connection));
        }
    }

    private static MockServer start(Scheme scheme, WireDeadlines deadlines, BodyLimits limits) {
        MockServer.Builder builder =
                MockServer.builder().wireDeadlines(deadlines).bodyLimits(limits);
        return (scheme == Scheme.HTTPS ? builder.https() : builder).start();
    }

    private static RawConnection connect(Scheme scheme, MockServer server) {
        try {
            Socket socket = new Socket();
            socket.setSendBufferSize(SEND_BUFFER);
            socket.connect(new InetSocketAddress(server.host(), server.port()), 10_000);
            if (scheme == Scheme.HTTP) {
                return new RawConnection(socket);
            }
            SSLSocket tls = (SSLSocket)
                    server.trustMaterial().sslSocketFactory().createSocket(socket, server.host(), server.port(), true);
            tls.startHandshake();
            return new RawConnection(tls);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@return whether a byte sent now fails} While the server lingers it drops the byte (and lingers on: a client
     * still sending); once it has closed, the byte draws a reset, and the next one fails.
     */
    private static boolean writeFails(RawConnection connection) {
        try {
            connection.send(new byte[] {'a'});
            return false;
        } catch (UncheckedIOException closed) {
            return true;
        }
    }

    private static String auth(MockServer server) {
        return "X-Service-Application-Id: " + server.applicationId() + "\r\nX-Service-API-Key: " + server.adminKey()
                + "\r\n";
    }

    private static byte[] filled(int size) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, (byte) 'a');
        return bytes;
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
