package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;
import java.io.InputStream;

/**
 * A request body as it comes off the wire, framing removed: {@code Content-Length} bytes, or chunks. A body cut
 * short or framed wrongly is an {@link HttpRefusal} (400), never taken as a shorter body.
 */
abstract class BodyInput extends InputStream {

    /** {@return whether the body was read to its end, so the connection may carry the next request} */
    abstract boolean complete();

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    /**
     * {@return how many bytes were read, at least one, never more than {@code left}}
     *
     * @throws HttpRefusal when the stream ends first: the body was cut short
     */
    static int readPart(WireInput in, byte[] into, int offset, int length, long left) throws IOException {
        int n = in.read(into, offset, (int) Math.min(length, left));
        if (n < 0) {
            throw cutShort();
        }
        return n;
    }

    static HttpRefusal cutShort() {
        return new HttpRefusal(
                400, "Malformed request body: invalid chunked encoding, or the body ended before it was complete");
    }

    /** A body of no bytes. */
    static final class Empty extends BodyInput {

        @Override
        public int read(byte[] into, int offset, int length) {
            return -1;
        }

        @Override
        boolean complete() {
            return true;
        }
    }

    /** A body of exactly {@code Content-Length} bytes. */
    static final class Fixed extends BodyInput {

        private final WireInput in;
        private long left;

        Fixed(WireInput in, long length) {
            this.in = in;
            this.left = length;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (left == 0) {
                return -1;
            }
            int n = readPart(in, into, offset, length, left);
            left -= n;
            return n;
        }

        @Override
        boolean complete() {
            return left == 0;
        }
    }
}
