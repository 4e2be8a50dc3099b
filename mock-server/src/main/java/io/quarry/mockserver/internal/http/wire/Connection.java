package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * One client connection, served on a thread of its own: does the TLS handshake (over HTTPS), reads a request head,
 * hands the exchange to the {@link ExchangeHandler}, waits for the answer and writes it, and goes on while the client
 * keeps the connection. Every step has a deadline ({@link WireDeadlines}), so a client that stalls or trickles
 * (mid-handshake, mid-head, mid-body, between requests) loses its connection instead of holding its thread; so does
 * a client that stops reading while an answer is written. A socket timeout ends most waits on time; the
 * {@link Listener}'s sweep closes the connections whose step has outlived its deadline all the same
 * ({@link #overdue}), which a TLS record sent a byte at a time would otherwise do. The deadlines are for clients
 * only: once a request has arrived, it is answered however long its handler takes. Every close without an answer
 * has a {@link CloseReason}, reported to the {@link Listener} as the connection ends.
 */
final class Connection implements Runnable {

    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    /** The TCP connection: closed from another thread, it ends any read or write at once, TLS or not. */
    private final Socket raw;

    private final SSLContext tls;
    private final Listener listener;
    private final ExchangeHandler handler;
    private final WireDeadlines deadlines;
    private final String remoteAddress;
    /** What requests are read from and answers written to: {@link #raw}, or TLS over it. Its thread's alone. */
    private Socket socket;

    private volatile WireInput in;
    private OutputStream out;
    private volatile boolean closed;
    /** When the write under way began ({@link System#nanoTime()}), or 0 while none is. */
    private volatile long writingSince;
    /** When the handshake or the refusal under way must have ended ({@link System#nanoTime()}), or 0. */
    private volatile long stepDeadline;
    /** The exchange whose answer the thread waits for, so a close from elsewhere can wake it. */
    private volatile WireExchange current;
    /** Whether the thread reads a request's body (else its head, or the next request). */
    private volatile boolean readingBody;
    /** Whether the answer is out and what the client still sends is dropped until the close ({@link #linger()}). */
    private volatile boolean lingering;
    /** Whether a byte of the current request's answer may be on the wire; another answer would then garble it. */
    private boolean answerStarted;
    /** Whether a request was answered on the connection: from then on it may wait for a next one that never comes. */
    private boolean answeredOne;
    /** Why the server closed the connection without an answer, the first reason given; null while it did not. */
    private final AtomicReference<CloseReason> closeReason = new AtomicReference<>();
    /** What failed on the connection's thread, for the log line of {@link CloseReason#FAILED}. */
    private Throwable failure;

    /**
     * @param raw the accepted connection
     * @param tls the server's TLS context, or {@code null} for plain HTTP
     * @param listener the listener that accepted it
     * @param handler what serves its requests
     * @param deadlines how long each step may take
     */
    Connection(Socket raw, SSLContext tls, Listener listener, ExchangeHandler handler, WireDeadlines deadlines) {
        this.raw = raw;
        this.tls = tls;
        this.listener = listener;
        this.handler = handler;
        this.deadlines = deadlines;
        this.remoteAddress = raw.getInetAddress().getHostAddress();
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
            open(deadlines.handshakeMillis());
            in = new WireInput(socket);
            while (!closed && serveOne() && !listener.draining()) {
                // the client keeps the connection for its next request
            }
        } catch (IOException e) {
            // the client went away (or the connection was closed on purpose, whose reason came first)
            WireInput input = in;
            if (current != null || input != null && !input.awaitingRequest()) {
                endingFor(CloseReason.CLIENT_GONE);
            }
        } catch (InterruptedException e) {
            endingFor(CloseReason.STOPPED);
        } catch (OutOfMemoryError e) {
            failure = e;
            if (!answerOutOfMemory()) {
                endingFor(CloseReason.FAILED);
            }
        } catch (RuntimeException | Error e) {
            failure = e;
            endingFor(CloseReason.FAILED);
        } finally {
            end();
            CloseReason reason = closeReason.get();
            if (reason != null) {
                WireExchange exchange = current;
                listener.closedUnanswered(
                        this, reason, exchange == null ? null : exchange.head().method(), failure);
            }
            listener.ended(this);
        }
    }

    /**
     * {@return whether the request under way, which the heap ran out on before its answer's first byte, got the
     *     handler's ready-made 503 (the connection is closed after it)} Also the request a new connection was made
     *     for, none of whose bytes has been read (the heap ran out while setting the connection up). Nothing is
     *     written on a connection that waits for its next request, none of it come, or when part of an answer is out
     *     already.
     */
    private boolean answerOutOfMemory() {
        WireInput input = in;
        boolean begun = current != null || input != null && !input.awaitingRequest();
        // a connection that has carried no request yet was made for one, which may be on its way, unread
        boolean coming = !answeredOne || input != null && input.buffered();
        if (closed || answerStarted || out == null || !begun && !coming) {
            return false;
        }
        try {
            write(handler.outOfMemory(), false, true);
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            return false;
        }
        WireExchange exchange = current;
        if (exchange == null || !exchange.bodyComplete()) {
            linger();
        }
        return true;
    }

    /**
     * Makes the socket to speak through, after the TLS handshake over HTTPS.
     *
     * @param handshakeMillis how long the handshake may take, all of it
     */
    private void open(long handshakeMillis) throws IOException {
        if (tls == null) {
            socket = raw;
        } else {
            SSLSocket secure = (SSLSocket) tls.getSocketFactory().createSocket(raw, null, true);
            socket = secure;
            secure.setSoTimeout((int) Math.min(Integer.MAX_VALUE, handshakeMillis));
            stepDeadline = Math.max(1, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(handshakeMillis));
            try {
                secure.startHandshake();
            } finally {
                stepDeadline = 0;
            }
        }
        out = socket.getOutputStream();
    }

    /** {@return whether the connection carries another request} */
    private boolean serveOne() throws IOException, InterruptedException {
        RequestHead head;
        current = null;
        readingBody = false;
        answerStarted = false;
        try {
            in.awaitRequest(deadlines.idleMillis());
            head = HeadReader.read(in, deadlines.headMillis());
        } catch (HttpRefusal refusal) {
            write(handler.refusal(refusal.status(), refusal.getMessage()), false, true);
            // the rest of the head, and any body after it, may still be on its way
            linger();
            return false;
        } catch (SocketTimeoutException late) {
            endingFor(in.awaitingRequest() ? CloseReason.IDLE : CloseReason.HEAD_LATE);
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
        boolean keep;
        byte[] packet;
        try {
            // a server stopping answers with the connection's end, so the client sends its next request elsewhere
            keep = head.keepAlive()
                    && !listener.draining()
                    && body.complete()
                    && answer.cutAfter() < 0
                    && !"close".equalsIgnoreCase(answer.headers().get("Connection"));
            packet = packet(answer, head.method().equals("HEAD"), !keep);
        } catch (RuntimeException unsendable) {
            // an answer the wire cannot put in bytes is its maker's bug: the client still learns its request failed
            write(handler.refusal(500, "Mock server error: an answer it cannot send"), false, true);
            return false;
        } catch (OutOfMemoryError full) {
            // no room for the answer's bytes: the ready-made 503 needs none
            answer = null;
            write(handler.outOfMemory(), false, true);
            if (!body.complete()) {
                linger();
            }
            return false;
        }
        // asked before the answer goes: a client that reads it at once may send again before this thread looks
        boolean unreadMayCome = !body.complete() && bodyMayCome(exchange);
        send(packet);
        answeredOne = true;
        if (answer.cutAfter() >= 0) {
            return false;
        }
        if (!keep && unreadMayCome) {
            linger();
        }
        return keep;
    }

    /** Writes the interim {@code 100 Continue}. */
    void writeContinue() throws IOException {
        writingSince = Math.max(1, System.nanoTime());
        try {
            out.write(CONTINUE);
            out.flush();
        } finally {
            writingSince = 0;
        }
    }

    void readDeadlineIn(long millis) {
        readingBody = true;
        in.deadlineIn(millis);
    }

    private void write(WireResponse answer, boolean headOnly, boolean close) throws IOException {
        send(packet(answer, headOnly, close));
    }

    /** {@return the answer's bytes on the wire: status line, headers, and (up to its cut) its body} */
    private static byte[] packet(WireResponse answer, boolean headOnly, boolean close) {
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
        return packet;
    }

    private void send(byte[] packet) throws IOException {
        answerStarted = true;
        writingSince = Math.max(1, System.nanoTime());
        try {
            out.write(packet);
            out.flush();
        } finally {
            writingSince = 0;
        }
    }

    /**
     * {@return why a step has outlived its deadline: a write the client does not take, a handshake or a refusal not
     *     done in time, a read blocked past its deadline; {@code null} when none has} A read that waits for the next
     *     request is not overdue while its first bytes wait in the socket: the client was on time, this thread late.
     *
     * @param now the time now, {@link System#nanoTime()}
     * @param graceNanos how long past its deadline a read may still be ending on its own (its socket timeout fires
     *     at the deadline, and the answer to the timeout must not be cut)
     */
    CloseReason overdue(long now, long graceNanos) {
        long since = writingSince;
        if (since != 0 && now - since > TimeUnit.MILLISECONDS.toNanos(deadlines.writeMillis())) {
            return CloseReason.WRITE_LATE;
        }
        long step = stepDeadline;
        if (step != 0 && now - step > 0) {
            return CloseReason.HANDSHAKE_LATE;
        }
        WireInput input = in;
        if (input == null || !input.blockedPast(now, graceNanos)) {
            return null;
        }
        if (input.awaitingRequest()) {
            return requestWaiting() ? null : CloseReason.IDLE;
        }
        return readingBody ? CloseReason.BODY_LATE : CloseReason.HEAD_LATE;
    }

    /** {@return whether bytes wait in the socket, unread: asked from the sweep's thread, never blocking} */
    private boolean requestWaiting() {
        try {
            return raw.getInputStream().available() > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * {@return whether bytes of a body left unread may still come} Not those of a client that waits for
     * {@code 100 Continue} and is answered without it, unless it went on without waiting (bytes wait already):
     * it sends no body after a final answer (RFC 9110, section 10.1.1), so a wait for one would only hold the thread.
     */
    private boolean bodyMayCome(WireExchange exchange) {
        return !exchange.bodyWithheld() || in.buffered() || requestWaiting();
    }

    /**
     * Ends a connection whose client may still be sending, after its answer: the lingering close of RFC 9112
     * (section 9.6). A close with the client's bytes unread makes the TCP stack reset the connection, which can
     * destroy the answer before the client has read it: a client that reads only once its whole body is sent (the
     * JDK's, Python's) sees a broken pipe or a reset instead. So the sending side is shut first (over TLS the closing
     * alert waits for the close: under TLS 1.2 it tells the client to close at once, dropping its writes), then
     * what still comes is read and dropped while it keeps coming: a pause of {@link WireDeadlines#lingerMillis()}
     * ends it, the write deadline bounds it in all (the time a client has to take an answer), and past
     * {@link ExchangeHandler#lingerBytes()} the connection is cut. The deadline sweep ends a read stuck past its
     * deadline here as anywhere ({@link #overdue}); the connection was answered, so no such close counts as
     * unanswered.
     */
    private void linger() {
        lingering = true;
        try {
            if (!(socket instanceof SSLSocket)) {
                socket.shutdownOutput();
            }
            if (in == null) {
                // the heap ran out before the connection's input was made
                in = new WireInput(socket);
            }
            in.discard(handler.lingerBytes(), deadlines.lingerMillis(), deadlines.writeMillis());
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            // the client reset or closed the connection, paused past the linger, or sent past the bound; or no
            // room was left for the input to drop its bytes through
        }
    }

    /** Closes the connection if it waits for its next request, no byte of which has been read. */
    void closeIfIdle() {
        WireInput input = in;
        if (input != null && input.idle()) {
            close(CloseReason.STOPPED);
        }
    }

    /**
     * Closes the connection from any thread, at once, without an answer: a thread reading or writing on it gets an
     * exception. Over TLS no closing alert is sent, as a client that does not read could hold the thread that sends
     * it.
     *
     * @param reason why; the first reason given is the one reported
     */
    void close(CloseReason reason) {
        if (!lingering) {
            // a lingering connection was answered: its close is no unanswered one
            closeReason.compareAndSet(null, reason);
        }
        closeNow();
    }

    /**
     * Notes, on the connection's own thread, why it ends without an answer; the thread then ends it as after any
     * exchange (over TLS with the closing alert).
     */
    private void endingFor(CloseReason reason) {
        closeReason.compareAndSet(null, reason);
    }

    private void closeNow() {
        if (closed) {
            return;
        }
        closed = true;
        WireExchange waitedFor = current;
        if (waitedFor != null) {
            waitedFor.abort(closeReason.get());
        }
        closeQuietly(raw);
    }

    /**
     * Ends the connection on its own thread: over TLS with the closing alert, unless it was closed already. An end
     * after an answer (or the client's own close) has no reason to report.
     */
    private void end() {
        if (!closed && socket != null && socket != raw) {
            writingSince = Math.max(1, System.nanoTime());
            closeQuietly(socket);
        }
        closeNow();
    }

    /**
     * Answers a connection the server has no room for and closes it, on a thread that is not the accepting one,
     * within {@link WireDeadlines#refusalMillis()}, handshake included.
     *
     * @param answer the answer (a 503)
     */
    void refuse(WireResponse answer) {
        refuse(answer, false);
    }

    /**
     * Answers, as {@link #refuse(WireResponse)} does, a connection whose request is still unread, then lingers
     * ({@link #linger()}), so that a client sending a large body reads the answer rather than a reset.
     *
     * @param answer the answer (the ready-made 503 of a server out of memory)
     */
    void refuseLingering(WireResponse answer) {
        refuse(answer, true);
    }

    private void refuse(WireResponse answer, boolean thenLinger) {
        try {
            long millis = deadlines.refusalMillis();
            raw.setSoTimeout((int) Math.min(Integer.MAX_VALUE, millis));
            stepDeadline = Math.max(1, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis));
            open(millis);
            stepDeadline = Math.max(1, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis));
            write(answer, false, true);
            stepDeadline = 0;
            if (thenLinger) {
                linger();
            }
        } catch (IOException | RuntimeException e) {
            // the client went away, or took too long (the sweep's close then gave the reason)
        } catch (OutOfMemoryError e) {
            // no room for the handshake: nothing was written
            if (!answerStarted) {
                endingFor(CloseReason.NO_ROOM);
            }
        } finally {
            stepDeadline = 0;
            end();
            CloseReason reason = closeReason.get();
            if (reason != null) {
                listener.closedUnanswered(this, reason, null, null);
            }
            listener.refused(this);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all that was asked
        }
    }
}
