package io.quarry.mockserver.internal.http.hosts;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The listening socket of one host: closed, it refuses connections (the ones open are closed too); opened again, it
 * listens on the same port. Guarded by its {@link HostState}.
 *
 * <p>While closed, the port stays bound by a socket that does not listen, so connections are still refused but the
 * port is not free: no other server (a parallel build's tests open ports all the time) is given it, nor is a
 * client connection's own end, so a client of the host meets a refusal and nothing else.
 */
final class HostListener {

    /**
     * How long {@link #open()} tries to bind the port again before leaving it to the next tick, and {@link #close()}
     * waits for the listener to let the port go.
     */
    static final long REBIND_NANOS = TimeUnit.SECONDS.toNanos(2);

    private static final long REBIND_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final ServerConnector connector;
    private int port = -1;
    private boolean open = true;
    /** Holds the port while the host refuses connections; null when open, or when the port could not be held. */
    private Socket reservation;

    HostListener(ServerConnector connector) {
        this.connector = connector;
    }

    /** Fixes the port the connector was given at start, so that opening again binds the same one. */
    void started() {
        port = connector.getLocalPort();
        connector.setPort(port);
    }

    /** {@return the port, once started} */
    int port() {
        return port;
    }

    ServerConnector connector() {
        return connector;
    }

    boolean isOpen() {
        return open;
    }

    /** Stops listening, closes the connections open on this port, and returns once the port refuses connections. */
    void close() {
        if (!open) {
            return;
        }
        try {
            connector.stop();
        } catch (Exception e) {
            throw new IllegalStateException("could not close the host on port " + port, e);
        }
        open = false;
        // the listening socket is let go only when the acceptor thread, woken from its accept, leaves it, a moment
        // after the connector stops: until then the port may still take connections, and binding it is what shows
        // it has let go
        retryForAWhile(() -> (reservation = bindPort()) != null);
    }

    /** {@return a socket bound to the port, not listening; null when the port cannot be bound now} */
    private Socket bindPort() {
        Socket socket = new Socket();
        try {
            // as the listener had it: the closed connections' TIME_WAIT entries do not stand in the way
            socket.setReuseAddress(true);
            String host = connector.getHost();
            socket.bind(host == null ? new InetSocketAddress(port) : new InetSocketAddress(host, port));
            return socket;
        } catch (IOException e) {
            closeQuietly(socket);
            return null;
        }
    }

    /**
     * Listens again on the same port, letting go of the socket that held it. Should the bind fail (when the port could
     * not be held, or on a busy machine) it is tried again for up to {@link #REBIND_NANOS}: a reset or a cleared fault
     * then leaves the host listening when it returns.
     *
     * @return whether it listens again: false when the port could still not be bound (it is held again if it can be,
     *     and tried again later)
     */
    boolean open() {
        release();
        if (open || retryForAWhile(this::listen)) {
            return true;
        }
        // held again, if it can be, until the next try
        reservation = bindPort();
        return false;
    }

    /** {@return whether the connector listens now} */
    private boolean listen() {
        try {
            connector.start();
            open = true;
            return true;
        } catch (Exception e) {
            stopQuietly();
            return false;
        }
    }

    /** {@return whether the attempt succeeded, tried again every few milliseconds for up to {@link #REBIND_NANOS}} */
    private static boolean retryForAWhile(BooleanSupplier attempt) {
        long giveUpAt = System.nanoTime() + REBIND_NANOS;
        while (!attempt.getAsBoolean()) {
            if (System.nanoTime() - giveUpAt > 0) {
                return false;
            }
            LockSupport.parkNanos(REBIND_PAUSE_NANOS);
        }
        return true;
    }

    /** Lets the port go for good, as the server stops: a refusing host no longer holds it. */
    void release() {
        if (reservation != null) {
            closeQuietly(reservation);
            reservation = null;
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // it held a port, nothing more
        }
    }

    private void stopQuietly() {
        try {
            connector.stop();
        } catch (Exception ignored) {
            // nothing was listening
        }
    }
}
