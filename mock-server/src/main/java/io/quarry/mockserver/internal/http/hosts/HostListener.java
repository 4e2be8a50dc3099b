package io.quarry.mockserver.internal.http.hosts;

import io.quarry.mockserver.internal.http.wire.Listener;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

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

    private final Listener listener;
    private boolean open = true;
    /** Holds the port while the host refuses connections; null when open, or when the port could not be held. */
    private Socket reservation;

    HostListener(Listener listener) {
        this.listener = listener;
    }

    /** {@return the port, once started} */
    int port() {
        return listener.port();
    }

    Listener listener() {
        return listener;
    }

    boolean isOpen() {
        return open;
    }

    /** Stops listening, closes the connections open on this port, and returns once the port refuses connections. */
    void close() {
        if (!open) {
            return;
        }
        listener.close();
        open = false;
        // binding the port is what shows the listening socket has let it go
        retryForAWhile(() -> (reservation = bindPort()) != null);
    }

    /** {@return a socket bound to the port, not listening; null when the port cannot be bound now} */
    private Socket bindPort() {
        Socket socket = new Socket();
        try {
            // as the listener had it: the closed connections' TIME_WAIT entries do not stand in the way
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(listener.address().getAddress(), listener.port()));
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

    /** {@return whether it listens now} */
    private boolean listen() {
        try {
            listener.open();
            open = true;
            return true;
        } catch (IOException e) {
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
}
