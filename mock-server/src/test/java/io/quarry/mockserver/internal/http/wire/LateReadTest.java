package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.Eventually;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A connection's thread that comes late to its read (a long GC pause, a starved CPU) takes the request that came in
 * time; the deadline still ends a head the client is slow to send.
 */
@Timeout(30)
class LateReadTest {

    private ServerSocket server;
    private Socket client;
    private Socket accepted;

    @BeforeEach
    void connect() throws Exception {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
        accepted = server.accept();
    }

    @AfterEach
    void close() throws Exception {
        client.close();
        accepted.close();
        server.close();
    }

    private void send(String text) throws Exception {
        OutputStream out = client.getOutputStream();
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        Eventually.waitUntil("the bytes to reach the server", () -> waiting() > 0);
    }

    private int waiting() {
        try {
            return accepted.getInputStream().available();
        } catch (Exception e) {
            return -1;
        }
    }

    @Test
    void aRequestThatCameBeforeTheIdleDeadlineIsReadAfterIt() throws Exception {
        send("PUT /1/indexes/products/p224 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}");
        WireInput in = new WireInput(accepted);
        // the thread comes to its read once the idle deadline has passed: the request waits in the socket
        in.awaitRequest(0);

        RequestHead head = HeadReader.read(in, 1_000);

        assertThat(head.method()).isEqualTo("PUT");
        assertThat(head.rawPath()).isEqualTo("/1/indexes/products/p224");
    }

    @Test
    void aConnectionWithNothingSentIsStillIdleAtItsDeadline() throws Exception {
        WireInput in = new WireInput(accepted);
        in.awaitRequest(0);

        assertThatThrownBy(() -> HeadReader.read(in, 1_000)).isInstanceOf(SocketTimeoutException.class);
    }

    @Test
    void aHeadStillIncompleteAtItsDeadlineIsNotWaitedFor() throws Exception {
        send("PUT /1/indexes/products/p224 HTTP/1.1\r\nHost: loc");
        WireInput in = new WireInput(accepted);
        in.awaitRequest(1_000);

        assertThatThrownBy(() -> HeadReader.read(in, 0)).isInstanceOf(SocketTimeoutException.class);
    }
}
