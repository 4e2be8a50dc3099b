package io.quarry.mockserver.internal.http.hosts;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The listening socket of one host: closed, it refuses connections (the ones open are closed too); opened again, it
 * listens on the same port. Guarded by its {@link HostState}.
 */
final class HostListener {

    /** How long {@link #open()} tries to bind the port again before leaving it to the next tick. */
    static final long REBIND_NANOS = TimeUnit.SECONDS.toNanos(2);

    private static final long REBIND_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final ServerConnector connector;
    private int port = -1;
    private boolean open = true;

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

    /** Stops listening and closes the connections open on this port. */
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
    }

    /**
     * Listens again on the same port. The port is freed as the closed socket finishes closing, which can lag behind
     * {@link #close()} on a busy machine, so a failed bind is tried again for up to {@link #REBIND_NANOS}: a reset or
     * a cleared fault then leaves the host listening when it returns.
     *
     * @return whether it listens again: false when the port could still not be bound (it is tried again later)
     */
    boolean open() {
        long giveUpAt = System.nanoTime() + REBIND_NANOS;
        while (!open) {
            try {
                connector.start();
                open = true;
            } catch (Exception e) {
                stopQuietly();
                if (System.nanoTime() - giveUpAt > 0) {
                    return false;
                }
                LockSupport.parkNanos(REBIND_PAUSE_NANOS);
            }
        }
        return true;
    }

    private void stopQuietly() {
        try {
            connector.stop();
        } catch (Exception ignored) {
            // nothing was listening
        }
    }
}
