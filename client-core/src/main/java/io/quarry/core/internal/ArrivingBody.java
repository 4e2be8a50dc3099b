package io.quarry.core.internal;

import java.io.IOException;
import java.io.InputStream;
import okio.BufferedSource;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.ObjectReader;

/**
 * A response body decoded as it arrives, read straight from OkHttp's source into the parser's own (recycled)
 * buffer, as a hand-written client reads it, and refused once it passes the configured limit. Nothing of it is kept
 * but the parts set aside ({@link BodyInput#partStarts}). A part is copied from the parser's buffer, which holds its
 * first bytes when it starts: when it ends, if the parser read nothing meanwhile; else just before the parser's next
 * read overwrites them, every read after that being appended as it comes.
 */
final class ArrivingBody extends BodyInput {

    private final BufferedSource source;
    private long left;
    private boolean exceeded;
    /** Bytes handed to the parser so far. */
    private long read;
    /** The parser's buffer after the last read. */
    private byte[] window;
    /** The body offset of the buffer's first byte. */
    private long windowStart;
    /** How many bytes of the body the buffer holds. */
    private int windowLength;
    /** Where, in the parser's buffer, the part being set aside starts, while none of it is copied yet; else -1. */
    private int pending = -1;

    /**
     * @param source the body
     * @param limit  the most bytes accepted
     */
    ArrivingBody(BufferedSource source, long limit) {
        this.source = source;
        this.left = limit;
    }

    /** {@return whether the body passed the limit} */
    boolean exceeded() {
        return exceeded;
    }

    /** {@return the body as a stream, counted and watched by this} */
    InputStream stream() {
        return new InputStream() {
            private final byte[] one = new byte[1];

            @Override
            public int read() throws IOException {
                int n = read(one, 0, 1);
                return n <= 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] target, int at, int length) throws IOException {
                return ArrivingBody.this.read(target, at, length);
            }
        };
    }

    @Override
    JsonParser parser(ObjectReader reader) {
        return reader.createParser(stream());
    }

    private int read(byte[] target, int at, int length) throws IOException {
        ScratchBytes part = capturing();
        if (part != null && pending >= 0) {
            if (at != 0) {
                // the parser kept some bytes past this read: it may have moved them over the part's first bytes
                throw new IllegalStateException("the JSON parser keeps bytes across reads; hits cannot be set aside");
            }
            part.write(window, pending, windowLength - pending);
            pending = -1;
        }
        int n = source.read(target, at, length);
        if (n <= 0) {
            return n;
        }
        left -= n;
        if (left < 0) {
            exceeded = true;
            throw new IOException("response larger than the limit");
        }
        // the parser keeps what it had not consumed before `at`; its buffer now holds the body from there
        window = target;
        windowStart = read - at;
        windowLength = at + n;
        read += n;
        if (part != null) {
            part.write(target, at, n);
        }
        return n;
    }

    @Override
    void partBegun(long offset, ScratchBytes into) {
        long from = offset - windowStart;
        if (from < 0 || from > windowLength) {
            throw new IllegalStateException("a part starts outside the parser's buffer");
        }
        pending = (int) from;
    }

    @Override
    void partRead(long from, long to, ScratchBytes into) {
        if (pending >= 0) {
            // whole in the parser's buffer, which has not changed since the part started
            into.write(window, pending, Math.toIntExact(to - from));
            pending = -1;
        }
    }
}
