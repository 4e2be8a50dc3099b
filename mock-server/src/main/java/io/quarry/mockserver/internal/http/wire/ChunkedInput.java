package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;

/**
 * A chunked request body (RFC 9112, section 7.1): size lines in hex (extensions ignored), each chunk followed by
 * CRLF, a last chunk of size 0, then trailer lines (read and dropped). Size lines and trailers are bounded, so framing
 * alone cannot hold memory.
 */
final class ChunkedInput extends BodyInput {

    private static final int MAX_SIZE_LINE = 1024;
    private static final int MAX_TRAILER_BYTES = 8 * 1024;

    private final WireInput in;
    /** Bytes left in the current chunk; 0 between chunks. */
    private long left;

    private boolean last;
    private boolean started;

    ChunkedInput(WireInput in) {
        this.in = in;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (last) {
            return -1;
        }
        if (left == 0) {
            if (started) {
                expectLineEnd();
            }
            started = true;
            left = sizeLine();
            if (left == 0) {
                trailers();
                last = true;
                return -1;
            }
        }
        int n = readPart(in, into, offset, length, left);
        left -= n;
        return n;
    }

    @Override
    boolean complete() {
        return last;
    }

    private long sizeLine() throws IOException {
        long size = 0;
        int digits = 0;
        boolean extension = false;
        for (int read = 0; ; read++) {
            int b = in.read();
            if (b < 0 || read > MAX_SIZE_LINE) {
                throw cutShort();
            }
            if (b == '\n') {
                break;
            }
            if (b == '\r') {
                continue;
            }
            if (extension) {
                continue;
            }
            int digit = Character.digit(b, 16);
            if (digit >= 0) {
                if (++digits > 15) {
                    throw cutShort();
                }
                size = size * 16 + digit;
            } else if (b == ';' || b == ' ' || b == '\t') {
                extension = true;
            } else {
                throw cutShort();
            }
        }
        if (digits == 0) {
            throw cutShort();
        }
        return size;
    }

    private void expectLineEnd() throws IOException {
        int b = in.read();
        if (b == '\r') {
            b = in.read();
        }
        if (b != '\n') {
            throw cutShort();
        }
    }

    private void trailers() throws IOException {
        int bytes = 0;
        int lineLength = 0;
        while (true) {
            int b = in.read();
            if (b < 0 || ++bytes > MAX_TRAILER_BYTES) {
                throw cutShort();
            }
            if (b == '\n') {
                if (lineLength == 0) {
                    return;
                }
                lineLength = 0;
            } else if (b != '\r') {
                lineLength++;
            }
        }
    }
}
