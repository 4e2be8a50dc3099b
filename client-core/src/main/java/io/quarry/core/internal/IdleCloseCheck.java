package io.quarry.core.internal;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import okhttp3.Connection;
import okhttp3.Protocol;

/**
 * Looks, just before a write not safe to repeat goes out on a pooled HTTP/1 connection, whether the server has
 * already closed that connection (its keep-alive timeout): then the write is surely not applied, and the transport
 * sends it again on a new connection rather than end the call with its outcome unknown.
 *
 * <p>It is OkHttp's own health check (a read with a 1 ms timeout, which finds the end of the stream or a reset at
 * once, and times out on a healthy connection), which OkHttp itself makes only on a connection idle for 10 s or more;
 * here it runs on a pooled connection such a write takes once the connection was idle for
 * {@link ConnectionUses#CHECKED_AFTER 100 ms}, as servers close idle connections much sooner than 10 s. Its cost, per
 * write not safe to repeat on a pooled connection idle that long only: up to 1 ms waiting for the timeout on a
 * healthy connection, and the timeout's exception; a loop of such writes, each on the connection the previous one
 * left, pays nothing. A read, or a write safe to repeat, is sent again after any failure on a
 * pooled connection instead, and pays nothing. An HTTP/2 connection is not read here: OkHttp's reader owns its
 * socket and marks it shut down when the server's GOAWAY comes, and a stream the server did not process is refused
 * ({@link Http2Refusals}).
 */
final class IdleCloseCheck {

    private IdleCloseCheck() {}

    /**
     * The request was not sent: the pooled connection it was to go on had been closed by the server.
     */
    static final class ClosedBeforeSend extends IOException {
        private static final long serialVersionUID = 1L;

        ClosedBeforeSend() {
            super("the server had closed the pooled connection before the request was sent");
        }
    }

    /**
     * Whether the check applies to the connection: an HTTP/1 one, whose socket no reader of OkHttp's owns.
     *
     * @param connection the connection OkHttp chose for the request
     * @return whether {@link #closedByServer} may read it
     */
    static boolean appliesTo(Connection connection) {
        Protocol protocol = connection.protocol();
        return protocol == Protocol.HTTP_1_1 || protocol == Protocol.HTTP_1_0;
    }

    /**
     * Whether the server closed the HTTP/1 connection the request is about to go on; if it did, its socket is
     * closed, so that no call takes it again.
     *
     * @param connection the connection OkHttp chose for the request, one the check {@link #appliesTo}
     * @return whether it was closed by the server, so the request must not go out on it
     */
    static boolean closedByServer(Connection connection) {
        Socket socket = connection.socket();
        if (!readsClosed(socket)) {
            return false;
        }
        try {
            socket.close();
        } catch (IOException e) {
            // closed either way
        }
        return true;
    }

    /**
     * Whether a read finds the connection closed: its end, a reset, or bytes the server sent unasked while the
     * connection was idle (a 408 before closing, say; one of them is consumed here, so it is unusable anyway). A read
     * that times out finds it open.
     */
    private static boolean readsClosed(Socket socket) {
        try {
            int timeout = socket.getSoTimeout();
            try {
                socket.setSoTimeout(1);
                socket.getInputStream().read();
                return true;
            } finally {
                socket.setSoTimeout(timeout);
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }
}
