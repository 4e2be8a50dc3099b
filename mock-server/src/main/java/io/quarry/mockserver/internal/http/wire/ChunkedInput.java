package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;

/**
 * A chunked request body (RFC 9112, section 7.1): size lines in hex (extensions ignored), each chunk followed by
 * CRLF, a last chunk of size 0, then trailer lines (read and dropped). Size lines and trailers are bounded, so framing
 * alone cannot hold memory. Strict, as the grammar is: every line ends with CRLF (a bare LF or CR is a 400: the
 * leniency of RFC 9112 section 2.2 covers the head only), and after the size come only spaces or tabs then an
 * extension ({@code ;...}) free of control characters; anything else, such as {@code 5 x}, is a 400.
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
        int b = in.read();
        for (int digit = hexDigit(b); digit >= 0; digit = hexDigit(b)) {
            if (++digits > 15) {
                throw cutShort();
            }
            size = size * 16 + digit;
            b = in.read();
        }
        if (digits == 0) {
            throw cutShort();
        }
        for (int read = 0; b == ' ' || b == '\t'; read++) {
            if (read > MAX_SIZE_LINE) {
                throw cutShort();
            }
            b = in.read();
        }
        if (b == ';') {
            // an extension, ignored: any visible text, spaces and tabs
            for (int read = 0; b != '\r'; read++) {
                if (read > MAX_SIZE_LINE || !isText(b)) {
                    throw cutShort();
                }
                b = in.read();
            }
        }
        if (b != '\r') {
            throw cutShort();
        }
        expectLineFeed();
        return size;
    }

    private void expectLineEnd() throws IOException {
        if (in.read() != '\r') {
            throw cutShort();
        }
        expectLineFeed();
    }

    private void expectLineFeed() throws IOException {
        if (in.read() != '\n') {
            throw cutShort();
        }
    }

    private static int hexDigit(int b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        if (b >= 'a' && b <= 'f') {
            return b - 'a' + 10;
        }
        if (b >= 'A' && b <= 'F') {
            return b - 'A' + 10;
        }
        return -1;
    }

    /** {@return whether the byte may appear in a line's text: a tab, visible ASCII, a space, or obs-text} */
    private static boolean isText(int b) {
        return b == '\t' || b >= ' ' && b != 0x7f;
    }

    private void trailers() throws IOException {
        int bytes = 0;
        int lineLength = 0;
        while (true) {
            int b = in.read();
            if (b < 0 || ++bytes > MAX_TRAILER_BYTES) {
                throw cutShort();
            }
            if (b == '\r') {
                expectLineFeed();
                if (lineLength == 0) {
                    return;
                }
                lineLength = 0;
            } else if (isText(b)) {
                lineLength++;
            } else {
                throw cutShort();
            }
        }
    }
}
