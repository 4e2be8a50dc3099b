package io.quarry.mockserver.internal.http.wire;

import java.lang.System.Logger.Level;

/**
 * Why the server closed a connection without an answer. Each such close is logged once and counted
 * ({@link Listener#unanswered(CloseReason)}, and the console's traffic counters): a client that retries a write
 * after a silent close cannot know whether it was applied, so every one must have a reason to look up.
 */
public enum CloseReason {

    /** No request came within the idle deadline: the client kept the connection and sent nothing. */
    IDLE("no request came within the idle deadline", false, Level.DEBUG),

    /** A TLS handshake, or the 503 of a connection past the limit, did not end within its deadline. */
    HANDSHAKE_LATE("the TLS handshake or the refusal did not end within its deadline", false, Level.DEBUG),

    /** A request's head began but did not end within its deadline. */
    HEAD_LATE("the request head did not arrive within its deadline", true, Level.DEBUG),

    /** A request's body was still arriving when its deadline passed (closed by the deadline sweep). */
    BODY_LATE("the request body did not arrive within its deadline", true, Level.DEBUG),

    /** The client did not take the answer within the write deadline: part of it may have been sent. */
    WRITE_LATE("the client did not take the answer within the write deadline", true, Level.DEBUG),

    /** The client closed or reset the connection while its request was read or served. */
    CLIENT_GONE("the client closed or reset the connection during its request", true, Level.DEBUG),

    /** A scripted fault closed the connection instead of answering. */
    FAULT("a scripted fault closed the connection", true, Level.DEBUG),

    /** A host's hold on requests ended, closing the connections it held. */
    HELD("a hold on the host's requests ended", true, Level.DEBUG),

    /**
     * Too many connections were open, and too many were being refused 503 already; or a connection's set-up ran out
     * of memory and not even a thread to answer it 503 could be had within a second.
     */
    NO_ROOM("too many connections were open, or too little memory was left, to answer even 503", false, Level.DEBUG),

    /** The server, or the host, stopped listening. */
    STOPPED("the server or the host stopped listening", false, Level.DEBUG),

    /** Neither the answer nor a 500 in its place could be written: a bug of the mock server. */
    ANSWER_FAILED("neither the answer nor a 500 in its place could be made", true, Level.WARNING),

    /** The connection's thread failed: a bug of the mock server. */
    FAILED("the connection's thread failed", true, Level.WARNING);

    private final String description;
    private final boolean requestUnderWay;
    private final Level level;

    CloseReason(String description, boolean requestUnderWay, Level level) {
        this.description = description;
        this.requestUnderWay = requestUnderWay;
        this.level = level;
    }

    /** {@return what happened, in a few words} */
    public String description() {
        return description;
    }

    /** {@return whether a request had begun to arrive, and got no answer} */
    public boolean requestUnderWay() {
        return requestUnderWay;
    }

    /** {@return the level of its log line: WARNING for the server's own failures, DEBUG for the rest} */
    Level level() {
        return level;
    }
}
