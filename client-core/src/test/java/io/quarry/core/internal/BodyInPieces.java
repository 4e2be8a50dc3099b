package io.quarry.core.internal;

import java.util.function.IntSupplier;
import okio.Buffer;

/**
 * A body that arrives in pieces: a buffer whose segments each hold one piece, so that a read from it returns at most
 * that piece. Each piece is a shared view of one copy of the bytes ({@link Buffer#copyTo(Buffer, long, long)}), and
 * shared segments are never merged into one another. A fresh buffer per piece would do the same, but each would take
 * an 8 KiB segment that, once shared, never goes back to okio's pool: hundreds of thousands of them in a test run.
 */
final class BodyInPieces {

    /** What one write into a fresh buffer puts in a single segment (okio's segment size). */
    private static final int SEGMENT_BYTES = 8192;

    private BodyInPieces() {}

    /**
     * The bytes in pieces of the sizes given, the last one cut to what is left.
     *
     * @param bytes the body
     * @param sizes the size of each next piece, at least 1 and at most 8 KiB
     * @return a buffer of one segment per piece
     */
    static Buffer of(byte[] bytes, IntSupplier sizes) {
        Buffer body = new Buffer();
        // a piece copied from one segment stays one segment: a piece past the window's segment starts a new window
        Buffer window = new Buffer();
        int windowStart = 0;
        for (int at = 0; at < bytes.length; ) {
            int size = Math.min(bytes.length - at, sizes.getAsInt());
            if (at + size > windowStart + window.size()) {
                windowStart = at;
                window = new Buffer().write(bytes, at, Math.min(bytes.length - at, SEGMENT_BYTES));
            }
            window.copyTo(body, at - windowStart, size);
            at += size;
        }
        return body;
    }
}
