package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;
import java.lang.System.Logger;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import javax.net.ssl.SSLContext;

/**
 * One listening port (one host of the server): accepts connections on a platform thread of its own and serves each
 * on a connection thread. Closed, it stops listening and closes its open connections; opened again, it listens on the
 * same port. Not thread-safe for {@link #open()} and {@link #close()}: its owner calls them under its own lock. Each
 * connection it closes without an answer is counted by {@link CloseReason}, logged (the logger
 * {@code io.quarry.mockserver.wire}, DEBUG but for the server's own failures) and told to the handler.
 */
public final class Listener {

    private static final Logger LOG = System.getLogger("io.quarry.mockserver.wire");

    /**
     * Connections the kernel holds for the accepting thread (capped by the system's own limit, 4096 on current
     * Linux): a load test's burst arrives faster than one thread takes it, and a full queue loses connections (2,000
     * at once against a queue of 128 lost 127 to 685 of them, answered with nothing).
     */
    private static final int BACKLOG = 4096;

    private static final long ACCEPT_PAUSE_NANOS = 10_000_000;

    /**
     * How many times, a pause apart (a second in all), a refusal thread is asked for to answer 503 a connection whose
     * set-up ran out of memory, before it is closed unanswered.
     */
    private static final int OUT_OF_MEMORY_TRIES = 100;

    /** How often, at most, the connections' steps under way are checked against their deadline. */
    private static final long SWEEP_MILLIS = 1_000;

    private final SSLContext tls;
    private final ExchangeHandler handler;
    private final ConnectionThreads threads;
    private final ScheduledExecutorService timer;
    private final WireDeadlines deadlines;
    /** How often the sweep runs, and how long past its deadline a read may still be ending on its own. */
    private final long sweepMillis;

    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final Map<CloseReason, LongAdder> unanswered = new EnumMap<>(CloseReason.class);
    private InetSocketAddress address;
    private volatile ServerSocket server;
    /** Read by {@link #drain()}, which the stop calls from a thread of its own. */
    private volatile Thread acceptor;

    private ScheduledFuture<?> sweeping;
    /** Set as the server stops: no connection is taken any more, and each open one ends after its answer. */
    private volatile boolean draining;

    /**
     * @param address where to listen (port 0: any free port, kept from the first open on)
     * @param tls the server's TLS context, or {@code null} for plain HTTP
     * @param handler what serves the requests
     * @param threads the connections' threads
     * @param timer checks the connections' steps under way against their deadline
     * @param deadlines how long each step of a connection may take
     */
    public Listener(
            InetSocketAddress address,
            SSLContext tls,
            ExchangeHandler handler,
            ConnectionThreads threads,
            ScheduledExecutorService timer,
            WireDeadlines deadlines) {
        this.address = address;
        this.tls = tls;
        this.handler = handler;
        this.threads = threads;
        this.timer = timer;
        this.deadlines = deadlines;
        this.sweepMillis = Math.min(SWEEP_MILLIS, Math.max(1, deadlines.shortest() / 4));
        for (CloseReason reason : CloseReason.values()) {
            unanswered.put(reason, new LongAdder());
        }
    }

    /**
     * Listens (again, on the same port).
     *
     * @throws IOException if the port cannot be bound
     */
    public void open() throws IOException {
        if (server != null || draining) {
            return;
        }
        // TLS is layered over each accepted socket on the connection's own thread, which can then close the TCP
        // connection under a handshake or a read that outlives its deadline
        ServerSocket socket = new ServerSocket();
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
        // one sweep for every connection, rather than a timer entry for every read and write
        sweeping = timer.scheduleWithFixedDelay(this::closeOverdue, sweepMillis, sweepMillis, TimeUnit.MILLISECONDS);
    }

    /** Closes the connections with a step (a handshake, a read, a write) that has outlived its deadline. */
    private void closeOverdue() {
        long now = System.nanoTime();
        long grace = TimeUnit.MILLISECONDS.toNanos(sweepMillis);
        for (Connection connection : connections) {
            CloseReason late = connection.overdue(now, grace);
            if (late != null) {
                connection.close(late);
            }
        }
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            Socket client;
            try {
                client = socket.accept();
            } catch (IOException | OutOfMemoryError e) {
                // out of file descriptors or memory, or a connection reset before it was taken: pause, so a lasting
                // cause does not spin this thread
                LockSupport.parkNanos(ACCEPT_PAUSE_NANOS);
                continue;
            }
            Connection connection = null;
            try {
                if (draining || server != socket || threads.closed()) {
                    // taken by an accept under way as the listening socket closed: its request (a client's retry,
                    // say) came after the stop began, so it is no request under way to answer
                    Connection late = new Connection(client, tls, this, handler, deadlines);
                    late.close(CloseReason.STOPPED);
                    closedUnanswered(late, CloseReason.STOPPED, null, null);
                    continue;
                }
                client.setTcpNoDelay(true);
                connection = new Connection(client, tls, this, handler, deadlines);
                connections.add(connection);
                if (!threads.start(connection)) {
                    refuse(connection);
                }
            } catch (IOException e) {
                closeQuietly(client);
            } catch (OutOfMemoryError e) {
                // the heap had no room for this connection's set-up: its request is answered 503 off this thread,
                // which must go on taking connections
                if (connection != null) {
                    connections.remove(connection);
                }
                answerOutOfMemory(socket, client);
            } catch (RuntimeException e) {
                if (connection != null) {
                    connections.remove(connection);
                }
                noRoomFor(client);
            }
        }
    }

    /** Answers 503 on a thread of its own a connection that got none, or closes it when that cannot be had either. */
    private void refuse(Connection connection) {
        // on a thread of its own: an HTTPS refusal's handshake must not hold the accepting one
        WireResponse refusal = handler.refusal(
                503,
                "The mock server is overloaded: " + threads.maxConnections()
                        + " connections are already open; retry later");
        if (!threads.refuse(() -> connection.refuse(refusal))) {
            connections.remove(connection);
            connection.close(CloseReason.NO_ROOM);
            closedUnanswered(connection, CloseReason.NO_ROOM, null, null);
        }
    }

    /**
     * Answers the handler's ready-made 503 on a refusal thread to a connection whose set-up ran out of memory. The
     * heap is full only for a while (the bodies and answers that fill it are let go as their requests end), so a
     * refusal thread that cannot be had at once is asked for again after a pause, for up to
     * {@link #OUT_OF_MEMORY_TRIES} pauses, while the connections that come meanwhile wait in the system's queue; the
     * connection is closed unanswered only past them, or once the port stops listening.
     */
    private void answerOutOfMemory(ServerSocket socket, Socket client) {
        for (int tries = 1; ; tries++) {
            try {
                if (threads.refuse(() -> refuseOutOfMemory(client))) {
                    return;
                }
            } catch (OutOfMemoryError e) {
                // not even the task's few bytes: paused and asked again like a thread that could not start
            }
            if (tries >= OUT_OF_MEMORY_TRIES || draining || server != socket) {
                noRoomFor(client);
                return;
            }
            LockSupport.parkNanos(ACCEPT_PAUSE_NANOS);
        }
    }

    /** On a refusal thread: writes the ready-made 503, then drops what the client still sends until it closes. */
    private void refuseOutOfMemory(Socket client) {
        Connection connection;
        try {
            connection = new Connection(client, tls, this, handler, deadlines);
            // watched by the sweep, so that a handshake or a linger that stalls is closed on time
            connections.add(connection);
        } catch (OutOfMemoryError | RuntimeException e) {
            noRoomFor(client);
            return;
        }
        connection.refuseLingering(handler.outOfMemory());
    }

    /** Closes a connection whose set-up failed, and counts it (not logged: that would need memory too). */
    private void noRoomFor(Socket client) {
        closeQuietly(client);
        try {
            handler.closedUnanswered(this, CloseReason.NO_ROOM);
            unanswered.get(CloseReason.NO_ROOM).increment();
        } catch (OutOfMemoryError | RuntimeException ignored) {
            // counting it is worth less than taking the next connection
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
        connections.forEach(connection -> connection.close(CloseReason.STOPPED));
    }

    /**
     * Stops taking connections, for a stop that answers the requests under way first: the open connections go on,
     * each ending after its answer; those waiting for a request are closed ({@link #closeIdle()}). {@link #close()}
     * ends the rest. Returns once the accepting thread has ended: from then on no connection is taken, and one the
     * system queued meanwhile is closed unanswered.
     */
    public void drain() {
        draining = true;
        ServerSocket socket = server;
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // it no longer listens either way
            }
        }
        // an accept under way as the socket closed may still return a connection made after it
        joinQuietly(acceptor);
        closeIdle();
    }

    /** Closes, while draining, the connections waiting for a request: none will be answered any more. */
    public void closeIdle() {
        connections.forEach(Connection::closeIfIdle);
    }

    /** {@return whether it drains: each connection ends after its answer} */
    boolean draining() {
        return draining;
    }

    void ended(Connection connection) {
        connections.remove(connection);
        threads.ended();
    }

    void refused(Connection connection) {
        connections.remove(connection);
    }

    /**
     * Counts, logs and tells the handler of a connection closed without an answer.
     *
     * @param connection the connection
     * @param reason why
     * @param method the method of the request under way, or {@code null} when none had arrived
     * @param failure what failed, for {@link CloseReason#FAILED}, or {@code null}
     */
    void closedUnanswered(Connection connection, CloseReason reason, String method, Throwable failure) {
        if (LOG.isLoggable(reason.level())) {
            // the method alone of the request: its path or headers may hold an API key
            LOG.log(
                    reason.level(),
                    "closed a connection from " + connection.remoteAddress() + " on port " + port()
                            + " without an answer" + (method == null ? "" : " to its " + method) + ": "
                            + reason.description(),
                    failure);
        }
        try {
            handler.closedUnanswered(this, reason);
        } catch (RuntimeException ignored) {
            // counting must never stop a connection's end
        }
        // counted last: who sees the count sees the log line and the handler told
        unanswered.get(reason).increment();
    }

    /**
     * {@return how many connections it closed without an answer for that reason, since it was made}
     *
     * @param reason the reason
     */
    public long unanswered(CloseReason reason) {
        return unanswered.get(reason).sum();
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
