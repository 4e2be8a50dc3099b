package io.quarry.core.internal;

import java.io.IOException;
import java.io.InputStream;
import okio.BufferedSource;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.ObjectReader;

/**
 * A response body decoded as it arrives, read straight from OkHttp's source into the parser's own (recycled)
 * buffer, as a hand-written client reads it, and refused once it passes the configured limit. Nothing of it is kept
 * but the parts set aside ({@link BodyInput#partStarts}): the parser's buffer still holds a part's first bytes when it
 * starts, and every read while a part lasts is appended to it as it comes.
 */
final class ArrivingBody extends BodyInput {

    private final BufferedSource source;
    private long left;
    private boolean exceeded;
    /** Bytes handed to the parser so far. */
    private long read;
    /** The parser's buffer after the last read, and the body offset of its first byte. */
    private byte[] window;

    private long windowStart;

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
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
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
        read += n;
        MemberBytes part = capturing();
        if (part != null) {
            part.append(target, at, n);
        }
        return n;
    }

    @Override
    void partBegun(long offset, MemberBytes into) {
        int from = Math.toIntExact(offset - windowStart);
        into.append(window, from, Math.toIntExact(read - offset));
    }
}
