package io.quarry.core;

import static io.quarry.core.testing.KeepAliveServer.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.testing.KeepAliveServer;
import io.quarry.core.testing.LoopbackHttp;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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
        try (KeepAliveServer first = server(AfterFirst.CLOSE);
                KeepAliveServer second = server(AfterFirst.CLOSE);
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
        try (KeepAliveServer only = server(AfterFirst.CLOSE);
                ApiClient api = oneHost(only)) {
            assertThat(getAsync(api)).isEqualTo("1");
            only.awaitClosedConnections(1);
            assertThat(getAsync(api)).isEqualTo("2");
        }
    }

    @Test
    void aWriteSafeToRepeatGoesAgainToo() throws Exception {
        try (KeepAliveServer only = server(AfterFirst.CLOSE);
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
        try (KeepAliveServer only = server(AfterFirst.KEEP_ALIVE_200_MS);
                ApiClient api = oneHost(only)) {
            assertThat(add(api)).isEqualTo("1");
            only.awaitClosedConnections(1);
            assertThat(add(api)).isEqualTo("2");
            assertThat(only.requests()).as("each write read once").isEqualTo(2);
            assertThat(only.connections()).isEqualTo(2);
        }
    }

    @Test
    void aWriteWhoseBodyAsWrittenIsNotSafeToRepeatGoesOnANewConnectionToo() throws Exception {
        // asked once the body is serialised, before the try goes out: its pooled connection is checked as well
        try (KeepAliveServer only = server(AfterFirst.KEEP_ALIVE_200_MS);
                ApiClient api = oneHost(only)) {
            assertThat(addAsWritten(api)).isEqualTo("1");
            only.awaitClosedConnections(1);
            assertThat(addAsWritten(api)).isEqualTo("2");
            assertThat(only.requests()).as("each write read once").isEqualTo(2);
            assertThat(only.connections()).isEqualTo(2);
        }
    }

    @Test
    void overTlsAWriteNotSafeToRepeatOnAConnectionTheServerHadClosedGoesOnANewOneToo() throws Exception {
        // the server's close comes as TLS's close_notify, then the end of the stream
        try (KeepAliveServer only = server(AfterFirst.KEEP_ALIVE_200_MS, 0, TestTls.serverSockets());
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
        try (KeepAliveServer only = server(AfterFirst.KEEP_ALIVE_200_MS);
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
        try (KeepAliveServer only = server(AfterFirst.KEEP_ALIVE_200_MS);
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
        try (KeepAliveServer only = server(AfterFirst.RESET_EVERY_LATER_REQUEST);
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
        try (KeepAliveServer only = server(AfterFirst.ANSWER_408_AND_CLOSE);
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
        try (KeepAliveServer only = server(AfterFirst.ANSWER_408_CUT_BY_THE_CLOSE);
                ApiClient api = oneHost(only)) {
            assertThat(get(api)).isEqualTo("1");
            only.awaitClosedConnections(1);
            assertThat(get(api)).as("sent again on a new connection").isEqualTo("2");
            assertThat(only.requests()).isEqualTo(2);
        }
    }

    @Test
    void aRequestGoesAgainOnceOnlyAndThenFailsAsAnyOther() throws Exception {
        try (KeepAliveServer only = server(AfterFirst.RESET_EVERY_LATER_REQUEST);
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
        try (KeepAliveServer only = server(AfterFirst.CUT_EVERY_LATER_ERROR);
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
        try (KeepAliveServer only = server(AfterFirst.CLOSE, 2, javax.net.ServerSocketFactory.getDefault());
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
        try (KeepAliveServer only = server(AfterFirst.CLOSE, 2, javax.net.ServerSocketFactory.getDefault());
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

    private static String addAsWritten(ApiClient api) {
        return api.request(ADD)
                .path("indexName", "products")
                .body(Map.of("name", "x"))
                .notSafeToRepeatIf(() -> true)
                .execute(FreeFormRecord.class)
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
     * A server answering each request with {@code {"objectID":"<n>"}}, n counting the requests it read in full; after
     * a connection's first answer it does what {@link AfterFirst} says. It may hold the first answers until some
     * connections are open, so that a client pools that many.
     */
    private static KeepAliveServer server(
            AfterFirst afterFirst, int holdFirstAnswersUntilOpen, javax.net.ServerSocketFactory sockets)
            throws IOException {
        return new KeepAliveServer(
                (n, socket, out) -> {
                    if (n > 1 && afterFirst == AfterFirst.RESET_EVERY_LATER_REQUEST) {
                        socket.setSoLinger(true, 0);
                        return false;
                    }
                    if (n > 1 && afterFirst == AfterFirst.CUT_EVERY_LATER_ERROR) {
                        write(out, "HTTP/1.1 503 Unavailable\r\nContent-Length: 100\r\n\r\n{\"message\"");
                        return false;
                    }
                    write(out, answer(200, "{\"objectID\":\"" + n + "\"}"));
                    if (afterFirst == AfterFirst.ANSWER_408_AND_CLOSE) {
                        write(out, "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
                    }
                    if (afterFirst == AfterFirst.ANSWER_408_CUT_BY_THE_CLOSE) {
                        write(out, "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 40\r\n\r\n{");
                    }
                    if (afterFirst == AfterFirst.KEEP_ALIVE_200_MS) {
                        socket.setSoTimeout(200);
                    }
                    return afterFirst != AfterFirst.CLOSE
                            && afterFirst != AfterFirst.ANSWER_408_AND_CLOSE
                            && afterFirst != AfterFirst.ANSWER_408_CUT_BY_THE_CLOSE;
                },
                holdFirstAnswersUntilOpen,
                sockets);
    }

    private static KeepAliveServer server(AfterFirst afterFirst) throws IOException {
        return server(afterFirst, 0, javax.net.ServerSocketFactory.getDefault());
    }

    private static String answer(int status, String body) {
        return "HTTP/1.1 " + status + " Status\r\nContent-Type: application/json\r\nContent-Length: " + body.length()
                + "\r\n\r\n" + body;
    }
}
