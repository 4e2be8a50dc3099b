package io.quarry.mockserver.internal.http.wire;

/**
 * How long each step of a connection may take. Each is a deadline, not a pause between bytes: a client that sends
 * one byte at a time (of a TLS handshake, a head, a body) still loses its connection when its deadline has passed.
 *
 * @param idleMillis how long a connection may wait for its next request
 * @param handshakeMillis how long a TLS handshake may take
 * @param headMillis how long a request's head may take to arrive, once its first byte came
 * @param writeMillis how long an answer may take to be taken by the client
 * @param lingerMillis how long a pause may be, after an answer that leaves part of a request unread, in what the
 *     client still sends, read and dropped before the close (the lingering close, at most {@code writeMillis} in
 *     all), so that the client reads the answer rather than a reset
 * @param refusalMillis how long a connection refused for want of room (503) may take, handshake included
 */
public record WireDeadlines(
        long idleMillis,
        long handshakeMillis,
        long headMillis,
        long writeMillis,
        long lingerMillis,
        long refusalMillis) {

    /** Checks that each is positive. */
    public WireDeadlines {
        if (idleMillis <= 0
                || handshakeMillis <= 0
                || headMillis <= 0
                || writeMillis <= 0
                || lingerMillis <= 0
                || refusalMillis <= 0) {
            throw new IllegalArgumentException("every deadline must be positive");
        }
    }

    /** {@return 30 s to wait for a request, for a handshake, for a head and for a write; 1 s of linger; 5 s per 503} */
    public static WireDeadlines defaults() {
        return new WireDeadlines(30_000, 30_000, 30_000, 30_000, 1_000, 5_000);
    }

    /**
     * {@return the same deadline for every step: for tests of slow clients}
     *
     * @param millis the deadline
     */
    public static WireDeadlines all(long millis) {
        return new WireDeadlines(millis, millis, millis, millis, millis, millis);
    }

    /** {@return the shortest of them} */
    long shortest() {
        return Math.min(
                Math.min(Math.min(idleMillis, handshakeMillis), Math.min(headMillis, writeMillis)),
                Math.min(lingerMillis, refusalMillis));
    }
}
