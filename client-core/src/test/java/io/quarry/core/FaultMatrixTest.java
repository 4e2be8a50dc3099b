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
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import javax.net.SocketFactory;
import okhttp3.EventListener;
import okhttp3.OkHttpClient;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The transport fault matrix: every fault, for a read, a write safe to repeat and a write not safe to repeat, with
 * a healthy host left to fail over to and with none. Each cell asserts the outcome and how many requests the
 * healthy host saw. Read, write and attempt limits are shrunk so the whole matrix runs in seconds.
 */
@Timeout(60)
class FaultMatrixTest {

    /**
     * The port whose connection attempts the socket factory times out. It is held bound for the whole matrix, never
     * accepting, so that no cell's server can be given the same port number (its calls would be black-holed too).
     */
    private static ServerSocket blackHole;

    private static int blackHolePort;

    private static final Endpoint READ = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");
    private static final Endpoint SAFE_WRITE = Endpoint.write("saveObject", "PUT", "/1/indexes/{indexName}/{objectID}");
    private static final Endpoint UNSAFE_WRITE = Endpoint.write("addObject", "POST", "/1/indexes/{indexName}");

    private static FaultyHttpServer healthy;

    /** A permit each time the client has read the head of an answer from the faulty host: RESET_MID_BODY waits on it. */
    private static final Semaphore FAULTY_HEADS_READ = new Semaphore(0);

    @BeforeAll
    static void startHealthyHost() throws IOException {
        blackHole = new ServerSocket(0, 1, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}));
        blackHolePort = blackHole.getLocalPort();
        healthy = new FaultyHttpServer(FaultyHttpServer.answer(200, "application/json", "{\"objectID\":\"1\"}"));
    }

    @AfterAll
    static void stopHealthyHost() throws IOException {
        healthy.close();
        blackHole.close();
    }

    /** The faults of the matrix. Null behaviour: no server (refused, or black-holed for connect timeout). */
    enum Fault {
        REFUSED(null),
        RESET_BEFORE_RESPONSE(FaultyHttpServer.resetBeforeResponse()),
        RESET_MID_BODY(FaultyHttpServer.resetMidBody(FAULTY_HEADS_READ)),
        CONNECT_TIMEOUT(null),
        READ_TIMEOUT(FaultyHttpServer.silence(2_000)),
        TRICKLE(FaultyHttpServer.trickle(100)),
        STATUS_500(FaultyHttpServer.answer(500, "application/json", "{\"message\":\"boom\"}")),
        STATUS_503(FaultyHttpServer.answer(503, "application/json", "{\"message\":\"unavailable\"}")),
        STATUS_429(FaultyHttpServer.answer(429, "application/json", "{\"message\":\"slow down\"}")),
        REDIRECT_302(FaultyHttpServer.answer(
                302, "Location: https://portal.example/\r\n", "<a>moved</a>".getBytes(StandardCharsets.UTF_8))),
        HTML_200(FaultyHttpServer.answer(200, "text/html", "<html><title>Portal</title></html>")),
        MALFORMED_JSON(FaultyHttpServer.answer(200, "application/json", "{\"objectID\":\"1\",,}")),
        TRUNCATED_JSON(FaultyHttpServer.answer(200, "application/json", "{\"objectID\":\"1\",\"variants\":[")),
        EMPTY_BODY(FaultyHttpServer.answer(200, "application/json", "")),
        CORRUPT_GZIP(FaultyHttpServer.answer(200, "Content-Encoding: gzip\r\n", corruptGzip()));

        final Behaviour behaviour;

        Fault(Behaviour behaviour) {
            this.behaviour = behaviour;
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
                // a 2xx arrived: a read moves on, a write was applied and stops
                return call == Call.READ ? retried : Outcome.UNREADABLE_SUCCESS;
            default:
                // reset before the answer, timeouts, 5xx, 3xx: only a write not safe to repeat stops
                return call == Call.UNSAFE_WRITE ? Outcome.OUTCOME_UNKNOWN : retried;
        }
    }

    @ParameterizedTest(name = "{0} x {1} x {2} -> {3}")
    @MethodSource("cells")
    void faultOutcome(Fault fault, Call call, Hosts hosts, Outcome outcome) {
        FaultyHttpServer faulty = fault.behaviour == null ? null : new FaultyHttpServer(fault.behaviour);
        int faultyPort = fault == Fault.CONNECT_TIMEOUT
                ? blackHolePort
                : faulty == null ? LoopbackHttp.closedPort() : faulty.port();
        int healthyBefore = healthy.requests();
        FAULTY_HEADS_READ.drainPermits(); // those of earlier cells' answers
        List<Host> hostList = new ArrayList<>(List.of(Host.of("http://faulty.test:" + faultyPort)));
        if (hosts == Hosts.A_HOST_LEFT) {
            hostList.add(Host.of("http://healthy.test:" + healthy.port()));
        }
        ClientConfig config = ClientConfig.builder("app", "key")
                .hosts(hostList)
                .allowInsecureHttp()
                .httpClient(blackHolingClient())
                .connectTimeout(Duration.ofMillis(300))
                .readTimeout(Duration.ofMillis(300))
                .writeTimeout(Duration.ofMillis(300))
                .attemptTimeout(Duration.ofSeconds(1))
                .build();
        try (ApiClient api = LoopbackHttp.client(config)) {
            Throwable thrown = catchThrowable(() -> send(api, call));
            if (outcome.error == null) {
                assertThat(thrown).isNull();
            } else {
                assertThat(thrown).isInstanceOf(outcome.error);
            }
            int healthySaw = healthy.requests() - healthyBefore;
            assertThat(healthySaw)
                    .as("requests to the healthy host")
                    .isEqualTo(outcome == Outcome.SUCCESS_FROM_NEXT_HOST ? 1 : 0);
        } finally {
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
     * Resolves every name to loopback; connecting to {@link #blackHolePort} waits out the timeout. Tells
     * {@link #FAULTY_HEADS_READ} of each answer's head read from the faulty host.
     */
    private static OkHttpClient blackHolingClient() {
        return new OkHttpClient.Builder()
                .dns(name -> List.of(InetAddress.getByAddress(name, new byte[] {127, 0, 0, 1})))
                .socketFactory(new BlackHoleSocketFactory())
                .eventListener(new EventListener() {
                    @Override
                    public void responseHeadersEnd(okhttp3.Call call, Response response) {
                        if (response.request().url().host().equals("faulty.test")) {
                            FAULTY_HEADS_READ.release();
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
