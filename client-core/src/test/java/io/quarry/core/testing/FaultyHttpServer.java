package io.quarry.core.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny HTTP/1.1 server on 127.0.0.1 whose answers are raw bytes and socket tricks, for faults WireMock cannot
 * play: a reset after the request was read, a body cut by a reset, headers trickled one byte at a time. Counts
 * the requests it read in full, and the answers the client cut by going away. Each connection serves one request.
 */
public final class FaultyHttpServer implements AutoCloseable {

    /** What the server does once it has read a request. */
    @FunctionalInterface
    public interface Behaviour {
        /**
         * @param socket the connection
         * @param out    its output
         * @throws IOException when the client goes away
         */
        void respond(Socket socket, OutputStream out) throws IOException;
    }

    private final ServerSocket server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "faulty-http");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger answersCut = new AtomicInteger();
    private volatile Behaviour behaviour;

    /**
     * @param behaviour what to do with each request
     */
    public FaultyHttpServer(Behaviour behaviour) {
        this.behaviour = behaviour;
        try {
            this.server = new ServerSocket(0, 50, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        threads.execute(this::acceptLoop);
    }

    /** @return the port */
    public int port() {
        return server.getLocalPort();
    }

    /** @return requests read in full so far */
    public int requests() {
        return requests.get();
    }

    /**
     * @return answers that failed to write because the client closed the connection before they ended (not
     *     counting the server's own resets, nor its close)
     */
    public int answersCut() {
        return answersCut.get();
    }

    /** @param behaviour what to do with later requests */
    public void behave(Behaviour behaviour) {
        this.behaviour = behaviour;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        threads.shutdownNow();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                threads.execute(() -> serve(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            readRequest(socket.getInputStream());
            requests.incrementAndGet();
            respond(socket);
        } catch (IOException ignored) {
            // the client went away before its request ended: nothing to do
        }
    }

    private void respond(Socket socket) {
        try {
            behaviour.respond(socket, socket.getOutputStream());
            socket.getOutputStream().flush();
        } catch (SocketException e) {
            // a write on a connection the client closed; the server's own resets close the socket first
            if (!socket.isClosed()) {
                answersCut.incrementAndGet();
            }
        } catch (IOException ignored) {
            // the server closing, or a behaviour giving up: not the client's doing
        }
    }

    private static void readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("request cut");
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        long length = 0;
        for (String line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Long.parseLong(line.substring(15).trim());
            }
        }
        for (long i = 0; i < length; i++) {
            if (in.read() < 0) {
                throw new IOException("body cut");
            }
        }
    }

    // ---- behaviours ----

    /**
     * @param status      the status
     * @param contentType the content type
     * @param body        the body
     * @return a complete answer
     */
    public static Behaviour answer(int status, String contentType, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return (socket, out) -> {
            out.write(head(status, contentType, bytes.length, "").getBytes(StandardCharsets.ISO_8859_1));
            out.write(bytes);
        };
    }

    /**
     * @param status  the status
     * @param headers extra header lines, each ending in CRLF
     * @param body    the body bytes
     * @return a complete answer with extra headers
     */
    public static Behaviour answer(int status, String headers, byte[] body) {
        return (socket, out) -> {
            out.write(head(status, "application/json", body.length, headers).getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
        };
    }

    /** @return a connection reset once the request was read, nothing answered */
    public static Behaviour resetBeforeResponse() {
        return (socket, out) -> reset(socket);
    }

    /**
     * A 200 whose headers promise 100 bytes, 10 sent, then a reset once the client has the head: a reset that came
     * first would make the kernel drop what the client had not read yet, and the client would see no answer at all.
     *
     * @param headRead a permit for each head the client has read (the test releases one, e.g. from OkHttp's
     *                 {@code EventListener.responseHeadersEnd}); the reset waits for one, at most 10 s
     * @return the behaviour
     */
    public static Behaviour resetMidBody(Semaphore headRead) {
        return (socket, out) -> {
            out.write(head(200, "application/json", 100, "").getBytes(StandardCharsets.ISO_8859_1));
            out.write("{\"objectID".getBytes(StandardCharsets.UTF_8));
            out.flush();
            try {
                if (!headRead.tryAcquire(10, TimeUnit.SECONDS)) {
                    throw new IOException("the client did not read the head within 10 s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException();
            }
            reset(socket);
        };
    }

    /**
     * @param millis how long to stay silent before closing
     * @return no answer at all for a while
     */
    public static Behaviour silence(long millis) {
        return (socket, out) -> sleep(millis);
    }

    /**
     * @param everyMillis the pause between bytes
     * @return a valid answer sent one byte at a time
     */
    public static Behaviour trickle(long everyMillis) {
        byte[] all = trickledAnswer();
        return (socket, out) -> {
            for (byte b : all) {
                out.write(b);
                out.flush();
                sleep(everyMillis);
            }
        };
    }

    /**
     * @param everyMillis the pause between bytes
     * @return how long {@link #trickle(long)} takes to send its whole answer: what a limit on the call cuts short
     */
    public static Duration trickleLength(long everyMillis) {
        return Duration.ofMillis(everyMillis * trickledAnswer().length);
    }

    private static byte[] trickledAnswer() {
        String body = "{\"objectID\":\"1\"}";
        return (head(200, "application/json", body.length(), "") + body).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String head(int status, String contentType, long length, String extra) {
        return "HTTP/1.1 " + status + " Status\r\nContent-Type: " + contentType + "\r\nContent-Length: " + length
                + "\r\nConnection: close\r\n" + extra + "\r\n";
    }

    private static void reset(Socket socket) throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException();
        }
    }
}
