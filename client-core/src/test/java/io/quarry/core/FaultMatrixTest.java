package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.FaultyHttpServer.Behaviour;
import io.quarry.core.testing.LoopbackHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import javax.net.SocketFactory;
import okhttp3.EventListener;
import okhttp3.OkHttpClient;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The transport fault matrix: every fault, for a read, a write safe to repeat and a write not safe to repeat, with
 * a healthy host left to fail over to and with none. Each cell asserts the outcome and how many requests the
 * healthy host saw. Read, write and attempt limits are shrunk, and the cells, which share no server, run at once:
 * most of a cell is waiting out a timeout.
 */
@Timeout(60)
@Execution(ExecutionMode.CONCURRENT)
class FaultMatrixTest {

    /**
     * The port whose connection attempts the socket factory times out. It is held bound for the whole matrix, never
     * accepting, so that no cell's server can be given the same port number (its calls would be black-holed too).
     */
    private static ServerSocket blackHole;

    private static int blackHolePort;

    /**
     * The read, write and attempt limits of the cells whose faults answer at once (a status, a reset, a broken
     * body): no limit is what they test, and a starved server thread on a loaded machine missed the short ones
     * (an unreadable answer became a read timeout). The cells of faults that a limit ends keep short limits: 1 s
     * read and write, 1.5 s an attempt, long enough for the healthy host to answer with the other cells running.
     */
    private static final Duration ANSWERED_AT_ONCE = Duration.ofSeconds(10);

    private static final Endpoint READ = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");
    private static final Endpoint SAFE_WRITE = Endpoint.write("saveObject", "PUT", "/1/indexes/{indexName}/{objectID}");
    private static final Endpoint UNSAFE_WRITE = Endpoint.write("addObject", "POST", "/1/indexes/{indexName}");

    /**
     * A port bound but never listening, so that connections to it are refused: held for the whole matrix, like
     * {@link #blackHole}, because a port merely found free could be taken by a cell's server running meanwhile.
     */
    private static Socket refusing;

    @BeforeAll
    static void holdThePorts() throws IOException {
        InetAddress loopback = InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
        blackHole = new ServerSocket(0, 1, loopback);
        blackHolePort = blackHole.getLocalPort();
        refusing = new Socket();
        refusing.bind(new InetSocketAddress(loopback, 0));
    }

    @AfterAll
    static void releaseThePorts() throws IOException {
        blackHole.close();
        refusing.close();
    }

    /** The faults of the matrix. No behaviour: no server (refused, or black-holed for connect timeout). */
    enum Fault {
        REFUSED(null),
        RESET_BEFORE_RESPONSE(headsRead -> FaultyHttpServer.resetBeforeResponse()),
        RESET_MID_BODY(FaultyHttpServer::resetMidBody),
        CONNECT_TIMEOUT(null),
        READ_TIMEOUT(headsRead -> FaultyHttpServer.silence(2_000)),
        TRICKLE(headsRead -> FaultyHttpServer.trickle(100)),
        STATUS_500(answer(500, "application/json", "{\"message\":\"boom\"}")),
        STATUS_503(answer(503, "application/json", "{\"message\":\"unavailable\"}")),
        STATUS_429(answer(429, "application/json", "{\"message\":\"slow down\"}")),
        REDIRECT_302(headsRead -> FaultyHttpServer.answer(
                302, "Location: https://portal.example/\r\n", "<a>moved</a>".getBytes(StandardCharsets.UTF_8))),
        HTML_200(answer(200, "text/html", "<html><title>Portal</title></html>")),
        MALFORMED_JSON(answer(200, "application/json", "{\"objectID\":\"1\",,}")),
        TRUNCATED_JSON(answer(200, "application/json", "{\"objectID\":\"1\",\"variants\":[")),
        EMPTY_BODY(answer(200, "application/json", "")),
        CORRUPT_GZIP(headsRead -> FaultyHttpServer.answer(200, "Content-Encoding: gzip\r\n", corruptGzip()));

        /**
         * The faulty host's behaviour, given a permit for each answer's head the client has read from it
         * (RESET_MID_BODY waits on one).
         */
        final Function<Semaphore, Behaviour> behaviour;

        Fault(Function<Semaphore, Behaviour> behaviour) {
            this.behaviour = behaviour;
        }

        /** {@return whether a limit ends this fault's try: the cells where the short limits are what is tested} */
        boolean endsByALimit() {
            return this == CONNECT_TIMEOUT || this == READ_TIMEOUT || this == TRICKLE;
        }

        private static Function<Semaphore, Behaviour> answer(int status, String contentType, String body) {
            return headsRead -> FaultyHttpServer.answer(status, contentType, body);
        }
    }

    /** The calls of the matrix. */
    enum Call {
        READ,
        SAFE_WRITE,
        UNSAFE_WRITE
    }

    /** Whether a healthy host is configured after the faulty one. */
    enum Hosts {
        A_HOST_LEFT,
        NO_HOST_LEFT
    }

    /** The expected outcome of a cell. */
    enum Outcome {
        /** The healthy host answered. */
        SUCCESS_FROM_NEXT_HOST(null),
        UNREACHABLE(UnreachableHostsException.class),
        OUTCOME_UNKNOWN(WriteOutcomeUnknownException.class),
        RATE_LIMITED(RateLimitException.class),
        UNREADABLE_SUCCESS(DeserializationException.class);

        final Class<? extends QuarryException> error;

        Outcome(Class<? extends QuarryException> error) {
            this.error = error;
        }
    }

    static Stream<Arguments> cells() {
        List<Arguments> cells = new ArrayList<>();
        for (Fault fault : Fault.values()) {
            for (Call call : Call.values()) {
                for (Hosts hosts : Hosts.values()) {
                    cells.add(Arguments.of(fault, call, hosts, expected(fault, call, hosts)));
                }
            }
        }
        return cells.stream();
    }

    /** The rules the matrix checks, written once: see docs/reliability.md for the table. */
    static Outcome expected(Fault fault, Call call, Hosts hosts) {
        Outcome retried = hosts == Hosts.A_HOST_LEFT ? Outcome.SUCCESS_FROM_NEXT_HOST : Outcome.UNREACHABLE;
        switch (fault) {
            case STATUS_429:
                return Outcome.RATE_LIMITED;
            case REFUSED:
            case CONNECT_TIMEOUT:
                // never reached the service: every call may move on
                return retried;
            case RESET_MID_BODY:
            case HTML_200:
            case MALFORMED_JSON:
            case TRUNCATED_JSON:
            case EMPTY_BODY:
            case CORRUPT_GZIP:
                // a 2xx arrived: a read moves on, and so does a write safe to repeat (it was applied, and applying
                // it again changes nothing); a write not safe to repeat was applied and stops
                return call == Call.UNSAFE_WRITE ? Outcome.UNREADABLE_SUCCESS : retried;
            default:
                // reset before the answer, timeouts, 5xx, 3xx: only a write not safe to repeat stops
                return call == Call.UNSAFE_WRITE ? Outcome.OUTCOME_UNKNOWN : retried;
        }
    }

    @ParameterizedTest(name = "{0} x {1} x {2} -> {3}")
    @MethodSource("cells")
    void faultOutcome(Fault fault, Call call, Hosts hosts, Outcome outcome) {
        Semaphore faultyHeadsRead = new Semaphore(0);
        FaultyHttpServer faulty =
                fault.behaviour == null ? null : new FaultyHttpServer(fault.behaviour.apply(faultyHeadsRead));
        int faultyPort = fault == Fault.CONNECT_TIMEOUT
                ? blackHolePort
                : faulty == null ? refusing.getLocalPort() : faulty.port();
        FaultyHttpServer healthy =
                new FaultyHttpServer(FaultyHttpServer.answer(200, "application/json", "{\"objectID\":\"1\"}"));
        List<Host> hostList = new ArrayList<>(List.of(Host.of("http://faulty.test:" + faultyPort)));
        if (hosts == Hosts.A_HOST_LEFT) {
            hostList.add(Host.of("http://healthy.test:" + healthy.port()));
        }
        ClientConfig config = ClientConfig.builder("app", "key")
                .hosts(hostList)
                .allowInsecureHttp()
                .httpClient(blackHolingClient(faultyHeadsRead))
                .connectTimeout(Duration.ofMillis(300))
                .readTimeout(fault.endsByALimit() ? Duration.ofSeconds(1) : ANSWERED_AT_ONCE)
                .writeTimeout(fault.endsByALimit() ? Duration.ofSeconds(1) : ANSWERED_AT_ONCE)
                .attemptTimeout(fault.endsByALimit() ? Duration.ofMillis(1_500) : ANSWERED_AT_ONCE)
                .build();
        try (ApiClient api = LoopbackHttp.client(config)) {
            Throwable thrown = catchThrowable(() -> send(api, call));
            if (outcome.error == null) {
                assertThat(thrown).isNull();
            } else {
                assertThat(thrown).isInstanceOf(outcome.error);
            }
            assertThat(healthy.requests())
                    .as("requests to the healthy host")
                    .isEqualTo(outcome == Outcome.SUCCESS_FROM_NEXT_HOST ? 1 : 0);
        } finally {
            healthy.close();
            if (faulty != null) {
                faulty.close();
            }
        }
    }

    private static Object send(ApiClient api, Call call) {
        return switch (call) {
            case READ ->
                api.request(READ)
                        .path("indexName", "products")
                        .path("objectID", "1")
                        .execute(FreeFormRecord.class);
            case SAFE_WRITE ->
                api.request(SAFE_WRITE)
                        .path("indexName", "products")
                        .path("objectID", "1")
                        .body(Map.of("name", "x"))
                        .execute(FreeFormRecord.class);
            case UNSAFE_WRITE ->
                api.request(UNSAFE_WRITE)
                        .path("indexName", "products")
                        .body(Map.of("name", "x"))
                        .notSafeToRepeat()
                        .execute(FreeFormRecord.class);
        };
    }

    /**
     * Resolves every name to loopback; connecting to {@link #blackHolePort} waits out the timeout. Releases a permit
     * of {@code faultyHeadsRead} for each answer's head read from the faulty host.
     */
    private static OkHttpClient blackHolingClient(Semaphore faultyHeadsRead) {
        return new OkHttpClient.Builder()
                .dns(name -> List.of(InetAddress.getByAddress(name, new byte[] {127, 0, 0, 1})))
                .socketFactory(new BlackHoleSocketFactory())
                .eventListener(new EventListener() {
                    @Override
                    public void responseHeadersEnd(okhttp3.Call call, Response response) {
                        if (response.request().url().host().equals("faulty.test")) {
                            faultyHeadsRead.release();
                        }
                    }
                })
                .build();
    }

    private static byte[] corruptGzip() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write("{\"objectID\":\"1\",\"name\":\"a fairly long body to compress\"}".getBytes());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        byte[] all = bytes.toByteArray();
        for (int i = 12; i < all.length - 8; i++) {
            all[i] = (byte) (all[i] ^ 0x5A);
        }
        return all;
    }

    /** Plain sockets, except that a connection to the black-hole port times out like an unanswered SYN. */
    private static final class BlackHoleSocketFactory extends SocketFactory {
        @Override
        public Socket createSocket() {
            return new Socket() {
                @Override
                public void connect(SocketAddress endpoint, int timeout) throws IOException {
                    if (endpoint instanceof InetSocketAddress address && address.getPort() == blackHolePort) {
                        try {
                            Thread.sleep(timeout);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        throw new SocketTimeoutException("Connect timed out");
                    }
                    super.connect(endpoint, timeout);
                }
            };
        }

        @Override
        public Socket createSocket(String host, int port) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Socket createSocket(InetAddress host, int port) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) {
            throw new UnsupportedOperationException();
        }
    }
}
