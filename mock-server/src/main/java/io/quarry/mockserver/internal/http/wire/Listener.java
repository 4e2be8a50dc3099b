package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.net.ssl.SSLContext;

/**
 * One listening port (one host of the server): accepts connections on a platform thread of its own and serves each
 * on a connection thread. Closed, it stops listening and closes its open connections; opened again, it listens on the
 * same port. Not thread-safe for {@link #open()} and {@link #close()}: its owner calls them under its own lock.
 */
public final class Listener {

    /**
     * Connections the kernel holds for the accepting thread (capped by the system's own limit, 4096 on current
     * Linux): a load test's burst arrives faster than one thread takes it, and a full queue loses connections (2,000
     * at once against a queue of 128 lost 127 to 685 of them, answered with nothing).
     */
    private static final int BACKLOG = 4096;

    private static final long ACCEPT_PAUSE_NANOS = 10_000_000;

    /** How long an answer may take to be taken by the client, by default. */
    public static final long WRITE_MILLIS = 30_000;

    /** How often the writes under way are checked against their deadline. */
    private static final long SWEEP_MILLIS = 1_000;

    private final SSLContext tls;
    private final ExchangeHandler handler;
    private final ConnectionThreads threads;
    private final ScheduledExecutorService timer;
    private final long writeNanos;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private InetSocketAddress address;
    private volatile ServerSocket server;
    private Thread acceptor;
    private ScheduledFuture<?> sweeping;

    /**
     * @param address where to listen (port 0: any free port, kept from the first open on)
     * @param tls the server's TLS context, or {@code null} for plain HTTP
     * @param handler what serves the requests
     * @param threads the connections' threads
     * @param timer checks the writes under way against their deadline
     * @param writeMillis how long an answer may take to be taken by the client before its connection is closed
     */
    public Listener(
            InetSocketAddress address,
            SSLContext tls,
            ExchangeHandler handler,
            ConnectionThreads threads,
            ScheduledExecutorService timer,
            long writeMillis) {
        this.address = address;
        this.tls = tls;
        this.handler = handler;
        this.threads = threads;
        this.timer = timer;
        this.writeNanos = TimeUnit.MILLISECONDS.toNanos(writeMillis);
    }

    /**
     * Listens (again, on the same port).
     *
     * @throws IOException if the port cannot be bound
     */
    public void open() throws IOException {
        if (server != null) {
            return;
        }
        ServerSocket socket =
                tls == null ? new ServerSocket() : tls.getServerSocketFactory().createServerSocket();
        try {
            // connections closed before leave TIME_WAIT entries, which must not keep the port from listening again
            socket.setReuseAddress(true);
            socket.bind(address, BACKLOG);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
        address = new InetSocketAddress(address.getAddress(), socket.getLocalPort());
        server = socket;
        acceptor = new Thread(() -> accept(socket), "quarry-mock-server-accept-" + socket.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
        // one sweep for every connection, rather than a timer entry for every write
        long every = Math.min(SWEEP_MILLIS, Math.max(1, TimeUnit.NANOSECONDS.toMillis(writeNanos) / 2));
        sweeping = timer.scheduleWithFixedDelay(this::closeStalledWrites, every, every, TimeUnit.MILLISECONDS);
    }

    /** Closes the connections whose client has not taken an answer within the write deadline. */
    private void closeStalledWrites() {
        long now = System.nanoTime();
        for (Connection connection : connections) {
            if (connection.writingLongerThan(writeNanos, now)) {
                connection.close();
            }
        }
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            Socket client;
            try {
                client = socket.accept();
            } catch (IOException e) {
                // out of file descriptors, or a connection reset before it was taken: pause, so a lasting cause
                // does not spin this thread
                LockSupport.parkNanos(ACCEPT_PAUSE_NANOS);
                continue;
            }
            try {
                client.setTcpNoDelay(true);
            } catch (IOException e) {
                closeQuietly(client);
                continue;
            }
            Connection connection = new Connection(client, this, handler);
            connections.add(connection);
            if (!threads.start(connection)) {
                connections.remove(connection);
                connection.refuse(handler.refusal(
                        503,
                        "The mock server is overloaded: " + threads.maxConnections()
                                + " connections are already open; retry later"));
            }
        }
    }

    /** Stops listening, closes the open connections, and returns once the accepting thread has ended. */
    public void close() {
        ServerSocket socket = server;
        if (socket == null) {
            return;
        }
        server = null;
        if (sweeping != null) {
            sweeping.cancel(false);
            sweeping = null;
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // it no longer listens either way
        }
        joinQuietly(acceptor);
        acceptor = null;
        connections.forEach(Connection::close);
    }

    void ended(Connection connection) {
        connections.remove(connection);
        threads.ended();
    }

    /** {@return whether it listens} */
    public boolean isOpen() {
        return server != null;
    }

    /** {@return the address it listens on (its port fixed once it has listened)} */
    public InetSocketAddress address() {
        return address;
    }

    /** {@return the port, once it has listened} */
    public int port() {
        return address.getPort();
    }

    private static void joinQuietly(Thread thread) {
        if (thread == null) {
            return;
        }
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing more to do
        }
    }
}
