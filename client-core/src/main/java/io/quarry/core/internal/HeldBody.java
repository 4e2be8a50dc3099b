package io.quarry.core.internal;

import java.io.InputStream;
import java.util.Objects;
import okio.Buffer;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.ObjectReader;

/**
 * A response body held whole while it is decoded, read through an {@link InputStream} and copied from by range: the
 * hits decoded from it copy out the bytes of their generated members ({@link HitMemberNotes}), the rest of it is
 * never copied. Used by one thread, for one decoding, then closed.
 */
abstract class HeldBody implements AutoCloseable {

    private HeldBody() {}

    /**
     * A body already in an array.
     *
     * @param bytes the body
     * @return it, held
     */
    static HeldBody of(byte[] bytes) {
        return new InArray(bytes);
    }

    /**
     * A body in OkHttp's buffer, read in place: its segments are neither copied nor consumed, so they go back to
     * okio's pool when the buffer is cleared.
     *
     * @param buffer the whole body
     * @return it, held
     */
    static HeldBody of(Buffer buffer) {
        return new InBuffer(buffer);
    }

    /**
     * A parser of the body from its first byte, which does not consume it.
     *
     * @param reader the reader whose settings the parser takes
     * @return the parser; its byte offsets are the body's
     */
    abstract JsonParser parser(ObjectReader reader);

    /** {@return the body's length in bytes} */
    abstract long size();

    /**
     * Copies a range of the body.
     *
     * @param offset where the range starts
     * @param target where it goes
     * @param at     where in the target
     * @param length its length
     */
    abstract void copy(long offset, byte[] target, int at, int length);

    /** Lets go of what reading the body took; the body itself stays as it was. */
    @Override
    public void close() {}

    private static final class InArray extends HeldBody {
        private final byte[] bytes;

        InArray(byte[] bytes) {
            this.bytes = Objects.requireNonNull(bytes, "bytes");
        }

        @Override
        JsonParser parser(ObjectReader reader) {
            return reader.createParser(bytes);
        }

        @Override
        long size() {
            return bytes.length;
        }

        @Override
        void copy(long offset, byte[] target, int at, int length) {
            System.arraycopy(bytes, Math.toIntExact(offset), target, at, length);
        }
    }

    /**
     * Reads okio's segments through okio's own cursor, which exposes each segment's array as it is. The cursor stays
     * open while the body is read (it then seeks from where it last was, not from the first segment).
     */
    private static final class InBuffer extends HeldBody {
        private final Buffer buffer;
        private Buffer.UnsafeCursor cursor;

        InBuffer(Buffer buffer) {
            this.buffer = Objects.requireNonNull(buffer, "buffer");
        }

        @Override
        long size() {
            return buffer.size();
        }

        @Override
        void copy(long offset, byte[] target, int at, int length) {
            if (offset < 0 || length < 0 || offset + length > buffer.size()) {
                throw new IndexOutOfBoundsException(
                        "range " + offset + "+" + length + " outside a body of " + buffer.size() + " bytes");
            }
            if (cursor == null) {
                cursor = buffer.readUnsafe(new Buffer.UnsafeCursor());
            }
            long from = offset;
            int to = at;
            int left = length;
            while (left > 0) {
                int n = Math.min(cursor.seek(from), left);
                System.arraycopy(cursor.data, cursor.start, target, to, n);
                from += n;
                to += n;
                left -= n;
            }
        }

        @Override
        public void close() {
            if (cursor != null) {
                cursor.close();
                cursor = null;
            }
        }

        @Override
        JsonParser parser(ObjectReader reader) {
            return reader.createParser(stream());
        }

        private InputStream stream() {
            return new InputStream() {
                private long position;

                @Override
                public int read() {
                    if (position >= buffer.size()) {
                        return -1;
                    }
                    return buffer.getByte(position++) & 0xff;
                }

                @Override
                public int read(byte[] target, int at, int length) {
                    Objects.checkFromIndexSize(at, length, target.length);
                    long left = buffer.size() - position;
                    if (left <= 0) {
                        return length == 0 ? 0 : -1;
                    }
                    int n = (int) Math.min(length, left);
                    copy(position, target, at, n);
                    position += n;
                    return n;
                }

                @Override
                public int available() {
                    return (int) Math.min(Integer.MAX_VALUE, buffer.size() - position);
                }
            };
        }
    }
}
