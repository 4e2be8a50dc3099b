package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TricklingSocket;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/** The wire's conformance over HTTPS (see {@link WireConformance}), and the deadline of the TLS handshake. */
class WireConformanceHttpsTest extends WireConformance {

    WireConformanceHttpsTest() {
        super(Scheme.HTTPS);
    }

    /** A ClientHello sent a byte at a time loses its connection at the handshake's deadline. */
    @Test
    void aHandshakeSentByteByByteIsCutAtItsDeadline() throws Exception {
        try (MockServer server = start(HANDSHAKE_CUT);
                TricklingSocket slow = new TricklingSocket(server.host(), server.port(), TRICKLE_MILLIS)) {
            slow.trickle();
            SSLSocket tls = (SSLSocket)
                    server.trustMaterial().sslSocketFactory().createSocket(slow, server.host(), server.port(), true);
            CompletableFuture<Void> handshake = CompletableFuture.runAsync(
                    () -> {
                        try {
                            tls.startHandshake();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    },
                    threads);
            Eventually.waitUntil("the handshake cut", handshake::isDone);
            assertThat(handshake).isCompletedExceptionally();
            assertThat(slow.hasPending())
                    .as("closed before the whole ClientHello was sent")
                    .isTrue();
            assertServes(server);
        }
    }
}
