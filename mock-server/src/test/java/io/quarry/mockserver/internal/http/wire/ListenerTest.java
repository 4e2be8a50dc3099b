package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.tls.SelfSignedCertificate;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.WireAnswer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A listener's connections: bounded in number, and closed with it. */
@Timeout(30)
class ListenerTest {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ConnectionThreads threads = new ConnectionThreads(2);
    private final Listener listener = new Listener(
            new InetSocketAddress("127.0.0.1", 0),
            null,
            answering(new byte[2]),
            threads,
            timer,
            WireDeadlines.defaults());

    /** {@return a handler answering every request 200 with that body} */
    private static ExchangeHandler answering(byte[] body) {
        return answering(body, new AtomicInteger());
    }

    /** {@return a handler answering every request 200 with that body, counting the requests it began to answer} */
    private static ExchangeHandler answering(byte[] body, AtomicInteger served) {
        return new ExchangeHandler() {
            @Override
            public void serve(WireExchange exchange) {
                served.incrementAndGet();
                exchange.respond(WireResponse.of(200, Map.of(), body));
            }

            @Override
            public WireResponse refusal(int status, String message) {
                return WireResponse.of(status, Map.of(), message.getBytes(StandardCharsets.UTF_8));
            }
        };
    }

    @AfterEach
    void stop() {
        threads.close();
        listener.close();
        timer.shutdownNow();
    }

    private RawConnection connect() {
        return new RawConnection("127.0.0.1", listener.port());
    }

    @Test
    void pastItsMostConnectionsANewOneIsAnswered503() throws Exception {
        listener.open();
        List<RawConnection> stalled =
                List.of(connect().send("GET / HTTP/1.1\r\nX-Slow: "), connect().send("GET / HTTP/1.1\r\nX-Slow: "));
        try (RawConnection third = connect()) {
            Eventually.waitUntil("two connections served", () -> threads.running() == 2);
            String answer = third.readTimeout(5000).readAvailable();
            assertThat(answer).startsWith("HTTP/1.1 503 ").contains("2 connections are already open");
        } finally {
            stalled.forEach(RawConnection::close);
        }
    }

    @Test
    void anHttpsConnectionPastTheMostIsRefusedOffTheAcceptingThread() throws Exception {
        SelfSignedCertificate certificate = SelfSignedCertificate.mint();
        ConnectionThreads one = new ConnectionThreads(1);
        Listener secure = new Listener(
                new InetSocketAddress("127.0.0.1", 0),
                certificate.serverContext(),
                answering(new byte[2]),
                one,
                timer,
                WireDeadlines.defaults());
        secure.open();
        SSLSocketFactory trusting = trusting(certificate.certificate());
        try (RawConnection served = secured(trusting, secure.port());
                // past the most, and it never sends its ClientHello: its refusal waits for it
                RawConnection silent = new RawConnection("127.0.0.1", secure.port());
                RawConnection refused = secured(trusting, secure.port())) {
            WireAnswer answer = refused.readAnswer(false);
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.body()).contains("1 connections are already open");
            assertThat(silent.readTimeout(1).closedByServer())
                    .as("the silent client's refusal still waits")
                    .isFalse();
            assertThat(served.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
                            .readAnswer(false)
                            .status())
                    .isEqualTo(200);
        } finally {
            one.close();
            secure.close();
        }
    }

    private static RawConnection secured(SSLSocketFactory factory, int port) throws Exception {
        SSLSocket socket = (SSLSocket) factory.createSocket("127.0.0.1", port);
        socket.startHandshake();
        return new RawConnection(socket);
    }

    private static SSLSocketFactory trusting(X509Certificate certificate) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        store.setCertificateEntry("mock", certificate);
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context.getSocketFactory();
    }

    @Test
    void aClientThatStopsReadingAnAnswerLosesItsConnectionAfterTheWriteDeadline() throws Exception {
        // an answer larger than both ends' socket buffers: its write blocks until the client reads
        AtomicInteger served = new AtomicInteger();
        Listener slowReaders = new Listener(
                new InetSocketAddress("127.0.0.1", 0),
                null,
                answering(new byte[64 << 20], served),
                threads,
                timer,
                WireDeadlines.all(200));
        slowReaders.open();
        try (RawConnection client = new RawConnection("127.0.0.1", slowReaders.port())) {
            client.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
            // counted, not watched: with a 200 ms deadline on a busy machine the connection can be served and closed
            // between two looks at the running count
            Eventually.waitUntil("the request served", () -> served.get() == 1);
            Eventually.waitUntil("the stalled write's connection closed", () -> threads.running() == 0);
        } finally {
            slowReaders.close();
        }
    }

    @Test
    void closingStopsListeningAndEndsEveryConnection() throws Exception {
        listener.open();
        RawConnection idle = connect().send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
        // answered, and kept open for the next request
        assertThat(idle.readTimeout(5000).readUntil("\r\n\r\n")).startsWith("HTTP/1.1 200 OK");
        assertThat(threads.running()).isEqualTo(1);
        listener.close();
        assertThat(threads.awaitEnded(5_000)).isTrue();
        idle.close();
        listener.open();
        try (RawConnection again = connect()) {
            assertThat(again.send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                            .readTimeout(5000)
                            .readAvailable())
                    .startsWith("HTTP/1.1 200 OK");
        }
    }
}
