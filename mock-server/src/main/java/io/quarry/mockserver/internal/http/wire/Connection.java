package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.net.ssl.SSLSocket;

/**
 * One client connection, served on a thread of its own: reads a request head, hands the exchange to the
 * {@link ExchangeHandler}, waits for the answer and writes it, and goes on while the client keeps the connection.
 * Every read has a deadline, so a client that stalls (mid-head, mid-body, between requests) loses its connection
 * instead of holding its thread; so does a client that stops reading while an answer is written, which its
 * {@link Listener} closes ({@link #writingLongerThan}).
 */
final class Connection implements Runnable {

    /** How long a connection may wait for its next request, and for the TLS handshake. */
    static final long IDLE_MILLIS = 30_000;

    /** How long a request's head may take to arrive, once its first byte came. */
    static final long HEAD_MILLIS = 30_000;

    /** How long, after an answer that leaves part of a body unread, the rest is drained before the close. */
    private static final long LINGER_MILLIS = 1_000;

    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    private final Socket socket;
    private final Listener listener;
    private final ExchangeHandler handler;
    private final String remoteAddress;
    private WireInput in;
    private OutputStream out;
    private volatile boolean closed;
    /** When the write under way began ({@link System#nanoTime()}), or 0 while none is. */
    private volatile long writingSince;
    /** The exchange whose answer the thread waits for, so a close from elsewhere can wake it. */
    private volatile WireExchange current;

    Connection(Socket socket, Listener listener, ExchangeHandler handler) {
        this.socket = socket;
        this.listener = listener;
        this.handler = handler;
        this.remoteAddress = socket.getInetAddress().getHostAddress();
    }

    String remoteAddress() {
        return remoteAddress;
    }

    Listener listener() {
        return listener;
    }

    @Override
    public void run() {
        try {
            if (socket instanceof SSLSocket tls) {
                socket.setSoTimeout((int) IDLE_MILLIS);
                tls.startHandshake();
            }
            in = new WireInput(socket);
            out = socket.getOutputStream();
            while (!closed && serveOne()) {
                // the client keeps the connection for its next request
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the client went away, the server is stopping, or the connection was closed on purpose
        } finally {
            close();
            listener.ended(this);
        }
    }

    /** {@return whether the connection carries another request} */
    private boolean serveOne() throws IOException, InterruptedException {
        RequestHead head;
        try {
            in.deadlineIn(IDLE_MILLIS);
            head = HeadReader.read(in, HEAD_MILLIS);
        } catch (HttpRefusal refusal) {
            write(handler.refusal(refusal.status(), refusal.getMessage()), false, true);
            return false;
        } catch (SocketTimeoutException idle) {
            return false;
        }
        if (head == null) {
            return false;
        }
        BodyInput body = !head.hasBody()
                ? new BodyInput.Empty()
                : head.chunked() ? new ChunkedInput(in) : new BodyInput.Fixed(in, head.contentLength());
        WireExchange exchange = new WireExchange(this, head, body);
        current = exchange;
        if (closed) {
            return false;
        }
        // the handler answers every failure itself; anything it throws ends the connection
        handler.serve(exchange);
        WireResponse answer = exchange.awaitAnswer();
        if (answer == null || closed) {
            return false;
        }
        boolean keep = head.keepAlive()
                && body.complete()
                && answer.cutAfter() < 0
                && !"close".equalsIgnoreCase(answer.headers().get("Connection"));
        write(answer, head.method().equals("HEAD"), !keep);
        if (answer.cutAfter() >= 0) {
            return false;
        }
        if (!keep && !body.complete()) {
            drainBriefly();
        }
        return keep;
    }

    /** Writes the interim {@code 100 Continue}. */
    void writeContinue() throws IOException {
        out.write(CONTINUE);
        out.flush();
    }

    void readDeadlineIn(long millis) {
        in.deadlineIn(millis);
    }

    private void write(WireResponse answer, boolean headOnly, boolean close) throws IOException {
        byte[] body = headOnly || StatusLines.bodiless(answer.status()) ? new byte[0] : answer.body();
        int sent = answer.cutAfter() < 0 ? body.length : Math.min(answer.cutAfter(), body.length);
        StringBuilder head = new StringBuilder(256)
                .append("HTTP/1.1 ")
                .append(answer.status())
                .append(' ')
                .append(StatusLines.reason(answer.status()))
                .append("\r\n");
        for (Map.Entry<String, String> header : answer.headers().entrySet()) {
            String name = header.getKey();
            if (!name.equalsIgnoreCase("Content-Length") && !name.equalsIgnoreCase("Connection")) {
                head.append(name).append(": ").append(header.getValue()).append("\r\n");
            }
        }
        if (!headOnly && !StatusLines.bodiless(answer.status())) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append(close ? "Connection: close\r\n" : "").append("\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        // one write for head and body when small: one packet, no wait on a delayed acknowledgement
        byte[] packet = new byte[headBytes.length + sent];
        System.arraycopy(headBytes, 0, packet, 0, headBytes.length);
        System.arraycopy(body, 0, packet, headBytes.length, sent);
        writingSince = Math.max(1, System.nanoTime());
        try {
            out.write(packet);
            out.flush();
        } finally {
            writingSince = 0;
        }
    }

    /**
     * {@return whether a write has been under way for longer than that: the client has stopped reading}
     *
     * @param nanos how long a write may take
     * @param now the time now, {@link System#nanoTime()}
     */
    boolean writingLongerThan(long nanos, long now) {
        long since = writingSince;
        return since != 0 && now - since > nanos;
    }

    /**
     * Reads and drops what the client still sends of a body left unread, for a moment, so closing does not reset
     * the connection before the client has read the answer.
     */
    private void drainBriefly() {
        try {
            if (!(socket instanceof SSLSocket)) {
                socket.shutdownOutput();
            }
            in.deadlineIn(LINGER_MILLIS);
            byte[] sink = new byte[8192];
            while (in.read(sink, 0, sink.length) >= 0) {
                // dropped
            }
        } catch (IOException | RuntimeException e) {
            // the client closed, or the moment passed
        }
    }

    /** Closes the connection, from any thread; a thread reading or writing on it gets an exception. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        WireExchange waitedFor = current;
        if (waitedFor != null) {
            waitedFor.abort();
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all that was asked
        }
    }

    /** Answers a connection the server has no room for, on the accepting thread, and closes it. */
    void refuse(WireResponse answer) {
        try {
            socket.setSoTimeout(1_000);
            out = socket.getOutputStream();
            write(answer, false, true);
        } catch (IOException | RuntimeException e) {
            // the client went away
        } finally {
            close();
        }
    }
}
