package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * A connection's bytes in, buffered, each read bounded by a deadline: a read that would wait past it throws
 * {@link SocketTimeoutException}. One per connection, used by its thread alone.
 */
final class WireInput {

    /**
     * Enough for a usual request head; bodies are read past the buffer. Small, because every open connection keeps
     * one, also while it waits for a turn or its next request.
     */
    private static final int BUFFER_BYTES = 2 * 1024;

    private final Socket socket;
    private final InputStream in;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int position;
    private int limit;
    private long deadlineNanos;
    private int timeoutSet = -1;
    /** The deadline of the read that blocks now, or 0 while none does: for the listener's sweep. */
    private volatile long blockedUntil;
    /** Whether the connection waits for the first byte of its next request. */
    private volatile boolean awaitingRequest;

    WireInput(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
    }

    /**
     * Bounds the reads to come.
     *
     * @param millis how long from now they may take, all together
     */
    void deadlineIn(long millis) {
        deadlineNanos = System.nanoTime() + millis * 1_000_000L;
    }

    /**
     * Waits for the next request: the first byte may take until the idle deadline, and one that came before it is
     * taken even when this thread comes to read it later (a long GC pause, a starved CPU): the client was on time.
     *
     * @param idleMillis how long from now the request may take to begin
     */
    void awaitRequest(long idleMillis) {
        deadlineIn(idleMillis);
        awaitingRequest = true;
    }

    /** {@return whether the connection waits for the first byte of its next request} */
    boolean awaitingRequest() {
        return awaitingRequest;
    }

    /**
     * {@return whether the thread is blocked waiting for the first byte of the next request, none of which is
     * buffered}
     */
    boolean idle() {
        // a blocking read starts only once the buffer is used up
        return awaitingRequest && blockedUntil != 0;
    }

    /** {@return the next byte, or -1 at the end of the stream} */
    int read() throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        if (awaitingRequest) {
            awaitingRequest = false;
        }
        return buffer[position++] & 0xff;
    }

    /** {@return how many bytes were read into {@code into}, at least one, or -1 at the end of the stream} */
    int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (position == limit) {
            if (length >= buffer.length) {
                // a body's large read goes straight into the caller's array
                return readDirect(into, offset, length);
            }
            if (!fill()) {
                return -1;
            }
        }
        int n = Math.min(length, limit - position);
        System.arraycopy(buffer, position, into, offset, n);
        position += n;
        return n;
    }

    /**
     * Reads and drops what comes while it keeps coming, until the stream ends or {@code maxBytes} have come (those
     * already buffered counted); through the connection's own buffer, so that dropping allocates nothing.
     *
     * @param maxBytes the most bytes to drop
     * @param pauseMillis how long each wait for more may take
     * @param totalMillis how long the dropping may take in all
     * @return whether the stream ended within them
     * @throws SocketTimeoutException when a pause or the whole time passes first
     */
    boolean discard(long maxBytes, long pauseMillis, long totalMillis) throws IOException {
        long endAt = System.nanoTime() + totalMillis * 1_000_000L;
        long dropped = limit - position;
        position = 0;
        limit = 0;
        while (dropped < maxBytes) {
            long left = endAt - System.nanoTime();
            if (left <= 0) {
                throw new SocketTimeoutException("the linger passed");
            }
            deadlineIn(Math.min(pauseMillis, Math.max(1, left / 1_000_000L)));
            int n = readDirect(buffer, 0, (int) Math.min(buffer.length, maxBytes - dropped));
            if (n < 0) {
                return true;
            }
            dropped += n;
        }
        return false;
    }

    /** {@return whether bytes read from the socket wait in the buffer, unread} */
    boolean buffered() {
        return position < limit;
    }

    private boolean fill() throws IOException {
        int n = readDirect(buffer, 0, buffer.length);
        if (n <= 0) {
            return false;
        }
        position = 0;
        limit = n;
        return true;
    }

    private int readDirect(byte[] into, int offset, int length) throws IOException {
        long leftNanos = deadlineNanos - System.nanoTime();
        if (leftNanos <= 0 && !awaitingRequest) {
            throw new SocketTimeoutException("read deadline passed");
        }
        // past the idle deadline, a last read takes a request already waiting (and times out at once on none)
        int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, leftNanos / 1_000_000L));
        if (millis != timeoutSet) {
            socket.setSoTimeout(millis);
            timeoutSet = millis;
        }
        // a socket timeout bounds the wait for each packet; over TLS a record sent a byte at a time would renew it,
        // so the listener's sweep also closes a read still blocked past its deadline
        blockedUntil = deadlineNanos;
        try {
            return in.read(into, offset, length);
        } finally {
            blockedUntil = 0;
        }
    }

    /**
     * {@return whether a read has been blocked for longer than its deadline allowed, plus the grace}
     *
     * @param now the time now, {@link System#nanoTime()}
     * @param graceNanos how long past the deadline a read may still be ending on its own
     */
    boolean blockedPast(long now, long graceNanos) {
        long until = blockedUntil;
        return until != 0 && now - until > graceNanos;
    }
}
