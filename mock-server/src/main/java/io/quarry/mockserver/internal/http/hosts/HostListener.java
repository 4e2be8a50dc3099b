package io.quarry.mockserver.internal.http.hosts;

import org.eclipse.jetty.server.ServerConnector;

/**
 * The listening socket of one host: closed, it refuses connections (the ones open are closed too); opened again, it
 * listens on the same port. Guarded by its {@link HostState}.
 */
final class HostListener {

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

    /** {@return whether it listens again: false when the port could not be bound (it is tried again later)} */
    boolean open() {
        if (open) {
            return true;
        }
        try {
            connector.start();
            open = true;
        } catch (Exception e) {
            stopQuietly();
        }
        return open;
    }

    private void stopQuietly() {
        try {
            connector.stop();
        } catch (Exception ignored) {
            // nothing was listening
        }
    }
}
