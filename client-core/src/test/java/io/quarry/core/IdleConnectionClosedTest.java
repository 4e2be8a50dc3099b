package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.testing.LoopbackHttp;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server closes a keep-alive connection it kept idle (its keep-alive timeout), sometimes with a 408 first; the
 * client's pool still holds it, and the next call's request goes out on it and meets the close. That request never
 * reached the service: it is sent again to the same host on a new connection, once, and the host is not marked down.
 * Before, a read failed over to the next host and marked this one down, or failed outright with a single host. A write
 * not safe to repeat goes again only when it surely was not read: its pooled connection is found closed before it goes
 * out (before, it ended with {@code WriteOutcomeUnknownException}), or the server answered 408.
 */
@Timeout(30)
class IdleConnectionClosedTest {

    private static final Endpoint GET = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");
    private static final Endpoint SAVE = Endpoint.write("saveObject", "PUT", "/1/indexes/{indexName}/{objectID}");
    private static final Endpoint ADD = Endpoint.write("addObject", "POST", "/1/indexes/{indexName}");

    /** What the server does after answering a connection's first request. */
    enum AfterFirst {
        /** Closes the connection, as a keep-alive timeout does. */
        CLOSE,
        /** Keeps the connection for a next request 200 ms, then closes it: a short keep-alive timeout. */
        KEEP_ALIVE_200_MS,
        /** Writes an unsolicited 408 and closes, as some servers do at their keep-alive timeout. */
        ANSWER_408_AND_CLOSE,
        /** The same, the 408's body cut by the close (its length says more than was written). */
        ANSWER_408_CUT_BY_THE_CLOSE,
        /** Keeps the connection, and resets it at the next request, as it resets every later request on any. */
        RESET_EVERY_LATER_REQUEST,
        /** Keeps the connection, and answers every later request 503 with a body cut by its close. */
        CUT_EVERY_LATER_ERROR
    }

    @Test
    void aReadOnAConnectionClosedWhileIdleGoesAgainToTheSameHostWhichStaysUp() throws Exception {
        try (KeepAliveServer first = new KeepAliveServer(AfterFirst.CLOSE);
                KeepAliveServer second = new KeepAliveServer(AfterFirst.CLOSE);
                ApiClient api = twoHosts(first, second)) {
            assertThat(get(api)).isEqualTo("1");
            first.awaitClosedConnections(1);
            assertThat(get(api)).isEqualTo("2");
            assertThat(get(api)).isEqualTo("3");
            assertThat(first.requests()).isEqualTo(3);
            assertThat(second.requests()).isZero();
        }
    }

    @Test
    void anAsyncReadGoesAgainToo() throws Exception {
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.CLOSE);
                ApiClient api = oneHost(only)) {
            assertThat(getAsync(api)).isEqualTo("1");
            only.awaitClosedConnections(1);
            assertThat(getAsync(api)).isEqualTo("2");
        }
    }

    @Test
    void aWriteSafeToRepeatGoesAgainToo() throws Exception {
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.CLOSE);
                ApiClient api = oneHost(only)) {
            save(api);
            only.awaitClosedConnections(1);
            save(api);
            assertThat(only.requests()).isEqualTo(2);
        }
    }

    @Test
    void aWriteNotSafeToRepeatOnAConnectionTheServerHadClosedGoesOnANewOneAndIsAppliedOnce() throws Exception {
        // the connection is found closed before the write goes out: the write surely was not applied
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.KEEP_ALIVE_200_MS);
                ApiClient api = oneHost(only)) {
            assertThat(add(api)).isEqualTo("1");
            only.awaitClosedConnections(1);
            assertThat(add(api)).isEqualTo("2");
            assertThat(only.requests()).as("each write read once").isEqualTo(2);
            assertThat(only.connections()).isEqualTo(2);
        }
    }

    @Test
    void overTlsAWriteNotSafeToRepeatOnAConnectionTheServerHadClosedGoesOnANewOneToo() throws Exception {
        // the server's close comes as TLS's close_notify, then the end of the stream
        try (KeepAliveServer only = KeepAliveServer.overTls(AfterFirst.KEEP_ALIVE_200_MS);
                ApiClient api = LoopbackHttp.client(ClientConfig.builder("test-app", "SECRET-KEY")
                        .hosts(Host.of("https://only.test:" + only.port()))
                        .httpClient(TestTls.loopbackClient().build())
                        .trustManager(TestTls.trustManager())
                        .readTimeout(Duration.ofSeconds(10))
                        .build())) {
            assertThat(add(api)).isEqualTo("1");
            only.awaitClosedConnections(1);
            assertThat(add(api)).isEqualTo("2");
            assertThat(only.requests()).as("each write read once").isEqualTo(2);
            assertThat(only.connections()).isEqualTo(2);
        }
    }

    @Test
    void anAsyncWriteNotSafeToRepeatGoesOnANewConnectionToo() throws Exception {
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.KEEP_ALIVE_200_MS);
                ApiClient api = oneHost(only)) {
            assertThat(addAsync(api)).isEqualTo("1");
            only.awaitClosedConnections(1);
            assertThat(addAsync(api)).isEqualTo("2");
            assertThat(only.requests()).isEqualTo(2);
        }
    }

    @Test
    void withTheCallersOwnClientAWriteNotSafeToRepeatGoesOnANewConnectionToo() throws Exception {
        OkHttpClient callers = LoopbackHttp.loopbackDnsClient();
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.KEEP_ALIVE_200_MS);
                ApiClient api = LoopbackHttp.client(LoopbackHttp.config("SECRET-KEY", onlyHost(only))
                        .httpClient(callers)
                        .readTimeout(Duration.ofSeconds(10))
                        .build())) {
            assertThat(add(api)).isEqualTo("1");
            only.awaitClosedConnections(1);
            assertThat(add(api)).isEqualTo("2");
            assertThat(only.requests()).isEqualTo(2);
        } finally {
            callers.connectionPool().evictAll();
        }
    }

    @Test
    void aWriteNotSafeToRepeatThatReachedTheServerIsNotSentAgain() throws Exception {
        // the pooled connection was open when the write went out: the server read it, then reset the connection,
        // which cannot be told from a write applied and unanswered
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.RESET_EVERY_LATER_REQUEST);
                ApiClient api = oneHost(only)) {
            assertThat(add(api)).isEqualTo("1");
            assertThatThrownBy(() -> add(api)).isInstanceOfSatisfying(WriteOutcomeUnknownException.class, e -> {
                assertThat(e.getMessage()).doesNotContain("SECRET-KEY");
            });
            assertThat(only.requests()).isEqualTo(2);
        }
    }

    @Test
    void a408OnAConnectionClosedWhileIdleSendsEvenAWriteNotSafeToRepeatAgain() throws Exception {
        // in a 408 the server says it read no request
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.ANSWER_408_AND_CLOSE);
                ApiClient api = oneHost(only)) {
            add(api);
            only.awaitClosedConnections(1);
            add(api);
            assertThat(get(api)).isEqualTo("3");
            assertThat(only.requests()).isEqualTo(3);
        }
    }

    @Test
    void a408WhoseBodyTheCloseCutIsStillTheServersFarewell() throws Exception {
        // the status line says the server read no request; that its body was cut changes nothing
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.ANSWER_408_CUT_BY_THE_CLOSE);
                ApiClient api = oneHost(only)) {
            assertThat(get(api)).isEqualTo("1");
            only.awaitClosedConnections(1);
            assertThat(get(api)).as("sent again on a new connection").isEqualTo("2");
            assertThat(only.requests()).isEqualTo(2);
        }
    }

    @Test
    void aRequestGoesAgainOnceOnlyAndThenFailsAsAnyOther() throws Exception {
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.RESET_EVERY_LATER_REQUEST);
                ApiClient api = oneHost(only)) {
            assertThat(get(api)).isEqualTo("1");
            assertThatThrownBy(() -> get(api)).isInstanceOfSatisfying(UnreachableHostsException.class, e -> {
                assertThat(e.attempts()).hasSize(2);
                assertThat(e.attempts().get(0).error().getMessage()).contains("sent again on a new one");
                assertThat(e.getMessage()).doesNotContain("SECRET-KEY");
            });
            // the first request, the one on the pooled connection, and the one on a new connection
            assertThat(only.requests()).isEqualTo(3);
        }
    }

    @Test
    void anErrorAnswerCutOnAPooledConnectionIsNotSentAgain() throws Exception {
        // the host answered: the connection was not closed while idle
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.CUT_EVERY_LATER_ERROR);
                ApiClient api = oneHost(only)) {
            assertThat(get(api)).isEqualTo("1");
            assertThatThrownBy(() -> get(api))
                    .isInstanceOfSatisfying(
                            UnreachableHostsException.class,
                            e -> assertThat(e.attempts()).hasSize(1));
            assertThat(only.requests()).isEqualTo(2);
        }
    }

    @Test
    void withTheCallersOwnClientTheRequestGoesAgainOnANewConnectionNotOnAnotherPooledOne() throws Exception {
        // the caller's pool, which their own code shares, is not emptied: the resend must not take the other
        // connection the server closed while idle
        OkHttpClient callers = LoopbackHttp.loopbackDnsClient();
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.CLOSE, 2);
                ApiClient api = LoopbackHttp.client(LoopbackHttp.config("SECRET-KEY", onlyHost(only))
                        .httpClient(callers)
                        .readTimeout(Duration.ofSeconds(10))
                        .build())) {
            assertThat(twoAtOnce(api)).containsExactlyInAnyOrder("1", "2");
            only.awaitClosedConnections(2);
            assertThat(callers.connectionPool().idleConnectionCount())
                    .as("both closed ones pooled")
                    .isEqualTo(2);

            assertThat(get(api)).isEqualTo("3");
            assertThat(getAsync(api)).isEqualTo("4");
            assertThat(only.requests()).isEqualTo(4);
        } finally {
            callers.connectionPool().evictAll();
        }
    }

    @Test
    void withItsOwnPoolTheClientClosesTheOtherIdleConnectionsFirst() throws Exception {
        try (KeepAliveServer only = new KeepAliveServer(AfterFirst.CLOSE, 2);
                ApiClient api = LoopbackHttp.client(ClientConfig.builder("test-app", "SECRET-KEY")
                        .hosts(Host.of("http://127.0.0.1:" + only.port()))
                        .allowInsecureHttp()
                        .readTimeout(Duration.ofSeconds(10))
                        .build())) {
            assertThat(twoAtOnce(api)).containsExactlyInAnyOrder("1", "2");
            only.awaitClosedConnections(2);

            assertThat(get(api)).isEqualTo("3");
            assertThat(only.requests()).isEqualTo(3);
        }
    }

    /** Two reads in flight at once, so each has a connection of its own; their objectIDs. */
    private static List<String> twoAtOnce(ApiClient api) throws Exception {
        CompletableFuture<FreeFormRecord> first = getRecordAsync(api);
        CompletableFuture<FreeFormRecord> second = getRecordAsync(api);
        return List.of(
                first.get(20, TimeUnit.SECONDS).objectID().orElseThrow(),
                second.get(20, TimeUnit.SECONDS).objectID().orElseThrow());
    }

    private static Host onlyHost(KeepAliveServer server) {
        return LoopbackHttp.host("only.test", server.port());
    }

    private static ApiClient oneHost(KeepAliveServer server) {
        return LoopbackHttp.client(config(LoopbackHttp.host("only.test", server.port())));
    }

    private static ApiClient twoHosts(KeepAliveServer first, KeepAliveServer second) {
        return LoopbackHttp.client(
                config(LoopbackHttp.host("first.test", first.port()), LoopbackHttp.host("second.test", second.port())));
    }

    private static ClientConfig config(Host... hosts) {
        // a reset is answered at once: no limit is what the tests are about
        return LoopbackHttp.config("SECRET-KEY", hosts)
                .readTimeout(Duration.ofSeconds(10))
                .build();
    }

    private static String get(ApiClient api) {
        return api.request(GET)
                .path("indexName", "products")
                .path("objectID", "1")
                .execute(FreeFormRecord.class)
                .objectID()
                .orElseThrow();
    }

    private static String getAsync(ApiClient api) throws Exception {
        return getRecordAsync(api).get(20, TimeUnit.SECONDS).objectID().orElseThrow();
    }

    private static CompletableFuture<FreeFormRecord> getRecordAsync(ApiClient api) {
        return api.request(GET)
                .path("indexName", "products")
                .path("objectID", "1")
                .executeAsync(FreeFormRecord.class);
    }

    private static void save(ApiClient api) {
        api.request(SAVE)
                .path("indexName", "products")
                .path("objectID", "1")
                .body(Map.of("name", "x"))
                .execute(FreeFormRecord.class);
    }

    private static String add(ApiClient api) {
        return addRequest(api).execute(FreeFormRecord.class).objectID().orElseThrow();
    }

    private static String addAsync(ApiClient api) throws Exception {
        return addRequest(api)
                .executeAsync(FreeFormRecord.class)
                .get(20, TimeUnit.SECONDS)
                .objectID()
                .orElseThrow();
    }

    private static ApiRequest addRequest(ApiClient api) {
        return api.request(ADD)
                .path("indexName", "products")
                .body(Map.of("name", "x"))
                .notSafeToRepeat();
    }

    /**
     * An HTTP/1.1 server on 127.0.0.1 keeping connections open between requests, answering each with
     * {@code {"objectID":"<n>"}}, n counting the requests it read in full; after a connection's first answer it does
     * what {@link AfterFirst} says. It may hold the first answers until some connections are open, so that a
     * client pools that many.
     */
    private static final class KeepAliveServer implements AutoCloseable {
        private final ServerSocket server;
        private final AfterFirst afterFirst;
        private final AtomicInteger requests = new AtomicInteger();
        private final AtomicInteger connections = new AtomicInteger();
        private final Semaphore closedConnections = new Semaphore(0);
        /** Counted down as connections open; a connection's first answer waits for it. */
        private final CountDownLatch opened;

        KeepAliveServer(AfterFirst afterFirst) throws IOException {
            this(afterFirst, 0);
        }

        KeepAliveServer(AfterFirst afterFirst, int holdFirstAnswersUntilOpen) throws IOException {
            this(afterFirst, holdFirstAnswersUntilOpen, javax.net.ServerSocketFactory.getDefault());
        }

        /** The same server over TLS. */
        static KeepAliveServer overTls(AfterFirst afterFirst) throws Exception {
            return new KeepAliveServer(afterFirst, 0, TestTls.serverSockets());
        }

        private KeepAliveServer(
                AfterFirst afterFirst, int holdFirstAnswersUntilOpen, javax.net.ServerSocketFactory sockets)
                throws IOException {
            this.afterFirst = afterFirst;
            this.opened = new CountDownLatch(holdFirstAnswersUntilOpen);
            this.server = sockets.createServerSocket(0, 50, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}));
            Thread acceptor = new Thread(this::acceptLoop, "keep-alive-server");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return server.getLocalPort();
        }

        int requests() {
            return requests.get();
        }

        int connections() {
            return connections.get();
        }

        /** Waits until the server has closed that many connections after their first answer. */
        void awaitClosedConnections(int count) throws InterruptedException {
            assertThat(closedConnections.tryAcquire(count, 10, TimeUnit.SECONDS))
                    .as("the server closed %s connection(s) within 10 s", count)
                    .isTrue();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }

        private void acceptLoop() {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    connections.incrementAndGet();
                    opened.countDown();
                    Thread connection = new Thread(() -> serve(socket), "keep-alive-connection");
                    connection.setDaemon(true);
                    connection.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void serve(Socket socket) {
            try (socket) {
                InputStream in = socket.getInputStream();
                OutputStream out = socket.getOutputStream();
                while (readRequest(in)) {
                    if (!opened.await(10, TimeUnit.SECONDS)) {
                        return;
                    }
                    int n = requests.incrementAndGet();
                    if (n > 1 && afterFirst == AfterFirst.RESET_EVERY_LATER_REQUEST) {
                        socket.setSoLinger(true, 0);
                        return;
                    }
                    if (n > 1 && afterFirst == AfterFirst.CUT_EVERY_LATER_ERROR) {
                        write(out, "HTTP/1.1 503 Unavailable\r\nContent-Length: 100\r\n\r\n{\"message\"");
                        return;
                    }
                    write(out, answer(200, "{\"objectID\":\"" + n + "\"}"));
                    if (afterFirst == AfterFirst.ANSWER_408_AND_CLOSE) {
                        write(out, "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
                    }
                    if (afterFirst == AfterFirst.ANSWER_408_CUT_BY_THE_CLOSE) {
                        write(out, "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 40\r\n\r\n{");
                    }
                    if (afterFirst == AfterFirst.CLOSE
                            || afterFirst == AfterFirst.ANSWER_408_AND_CLOSE
                            || afterFirst == AfterFirst.ANSWER_408_CUT_BY_THE_CLOSE) {
                        socket.close();
                        closedConnections.release();
                        return;
                    }
                    if (afterFirst == AfterFirst.KEEP_ALIVE_200_MS) {
                        socket.setSoTimeout(200);
                    }
                }
            } catch (java.net.SocketTimeoutException e) {
                // idle past its keep-alive: closed by the try-with-resources
                closedConnections.release();
            } catch (IOException e) {
                // the client went away
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private static String answer(int status, String body) {
            return "HTTP/1.1 " + status + " Status\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length() + "\r\n\r\n" + body;
        }

        private static void write(OutputStream out, String text) throws IOException {
            out.write(text.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }

        /** Reads a request's head and body; false when the client closed the connection first. */
        private static boolean readRequest(InputStream in) throws IOException {
            StringBuilder head = new StringBuilder();
            byte[] end = {'\r', '\n', '\r', '\n'};
            for (int matched = 0; matched < 4; ) {
                int b = in.read();
                if (b < 0) {
                    return false;
                }
                head.append((char) b);
                matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            long length = 0;
            for (String line : head.toString().split("\r\n")) {
                if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Long.parseLong(line.substring(15).trim());
                }
            }
            if (in.readNBytes((int) length).length < length) {
                throw new IOException("body cut");
            }
            return true;
        }
    }
}
