package io.quarry.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ServerSocketFactory;

/**
 * An HTTP/1.1 server on 127.0.0.1 that keeps a connection open from one request to the next, as long as its
 * {@link Answering} says so, for tests of what a client does on a pooled connection: each request read in full (its
 * head, and its body by its {@code Content-Length}) is answered with whatever bytes the answering writes. It may hold
 * the first answers until some connections are open, so that a client pools that many, and may serve TLS.
 */
public final class KeepAliveServer implements AutoCloseable {

    /** What the server does with each request it read. */
    @FunctionalInterface
    public interface Answering {
        /**
         * Answers one request.
         *
         * @param request the request's number among every request the server read, from 1
         * @param socket  the request's connection (to set a timeout for the next request, or a reset on close)
         * @param out     the connection's output
         * @return whether to keep the connection for a next request; false closes it
         * @throws IOException when the connection fails
         */
        boolean answer(int request, Socket socket, OutputStream out) throws IOException;
    }

    private final ServerSocket server;
    private final Answering answering;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger connections = new AtomicInteger();
    private final Semaphore closedConnections = new Semaphore(0);
    /** Counted down as connections open; each answer waits for it. */
    private final CountDownLatch opened;

    /**
     * A server over plain HTTP, answering at once.
     *
     * @param answering what it does with each request
     * @throws IOException when no port can be bound
     */
    public KeepAliveServer(Answering answering) throws IOException {
        this(answering, 0, ServerSocketFactory.getDefault());
    }

    /**
     * A server holding its answers until some connections are open, on sockets of the factory.
     *
     * @param answering                 what it does with each request
     * @param holdAnswersUntilOpen      how many connections must be open before the first answer (0 for none)
     * @param sockets                   makes the listening socket (a TLS one for HTTPS)
     * @throws IOException when no port can be bound
     */
    public KeepAliveServer(Answering answering, int holdAnswersUntilOpen, ServerSocketFactory sockets)
            throws IOException {
        this.answering = answering;
        this.opened = new CountDownLatch(holdAnswersUntilOpen);
        this.server = sockets.createServerSocket(0, 50, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}));
        Thread acceptor = new Thread(this::acceptLoop, "keep-alive-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * Answers each request with the next of these answers, the last one repeated, keeping every connection open.
     *
     * @param answers whole answers (head and body), written as ISO-8859-1
     * @return the answering
     */
    public static Answering inTurn(String... answers) {
        return (request, socket, out) -> {
            write(out, answers[Math.min(request, answers.length) - 1]);
            return true;
        };
    }

    /**
     * Writes text as ISO-8859-1 and flushes it.
     *
     * @param out  the connection's output
     * @param text the bytes to write, one a character
     * @throws IOException when the connection fails
     */
    public static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** @return the port on 127.0.0.1 */
    public int port() {
        return server.getLocalPort();
    }

    /** @return how many requests it read in full */
    public int requests() {
        return requests.get();
    }

    /** @return how many connections it accepted */
    public int connections() {
        return connections.get();
    }

    /**
     * Waits until the server has closed that many connections itself: after an answer, or at the read timeout an
     * answering set on the connection.
     *
     * @param count how many
     * @throws InterruptedException when interrupted
     */
    public void awaitClosedConnections(int count) throws InterruptedException {
        assertThat(closedConnections.tryAcquire(count, Eventually.DEFAULT_LIMIT.toMillis(), TimeUnit.MILLISECONDS))
                .as("the server closed %s connection(s)", count)
                .isTrue();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.incrementAndGet();
                opened.countDown();
                Thread connection = new Thread(() -> serve(socket), "keep-alive-connection");
                connection.setDaemon(true);
                connection.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            while (readRequest(in)) {
                if (!opened.await(Eventually.DEFAULT_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    return;
                }
                if (!answering.answer(requests.incrementAndGet(), socket, out)) {
                    socket.close(); // before it counts as closed: a test waiting for that then finds it closed
                    closedConnections.release();
                    return;
                }
            }
        } catch (SocketTimeoutException e) {
            // idle past the timeout its answering set: already closed by the try-with-resources
            closedConnections.release();
        } catch (IOException e) {
            // the client went away
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads a request's head and body; false when the client closed the connection first. */
    private static boolean readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        byte[] end = {'\r', '\n', '\r', '\n'};
        for (int matched = 0; matched < 4; ) {
            int b = in.read();
            if (b < 0) {
                return false;
            }
            head.append((char) b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        long length = 0;
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Long.parseLong(line.substring(15).trim());
            }
        }
        if (in.readNBytes((int) length).length < length) {
            throw new IOException("body cut");
        }
        return true;
    }
}
