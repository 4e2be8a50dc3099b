package io.quarry.core.internal;

import java.util.Objects;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.ObjectReader;

/**
 * A response body as the parser reads it, from which parts (a hit's generated members, or a whole hit) are set
 * aside by their byte offsets as the parser passes them: {@link #partStarts} when the parser is on the part's first
 * token, {@link #partEnds} once it has read past its last. Used by one thread, for one decoding.
 */
abstract class BodyInput {

    private ScratchBytes target;
    private long start;
    private int mark;

    /**
     * A body already in an array.
     *
     * @param bytes  the array
     * @param length the body's length, from the array's start
     * @return it
     */
    static Held of(byte[] bytes, int length) {
        Objects.checkFromIndexSize(0, length, bytes.length);
        return new Held(bytes, length);
    }

    /** A body held whole in an array. */
    static final class Held extends BodyInput {
        private final byte[] bytes;
        private final int length;

        private Held(byte[] bytes, int length) {
            this.bytes = bytes;
            this.length = length;
        }

        /** {@return the array holding the body from its start} */
        byte[] bytes() {
            return bytes;
        }

        /** {@return the body's length} */
        int length() {
            return length;
        }

        @Override
        JsonParser parser(ObjectReader reader) {
            return reader.createParser(bytes, 0, length);
        }

        @Override
        void partRead(long from, long to, ScratchBytes into) {
            into.write(bytes, (int) from, (int) (to - from)); // held whole: copied in one go at its end
        }
    }

    /**
     * A parser of the body from its first byte.
     *
     * @param reader the reader whose settings the parser takes
     * @return the parser; its byte offsets are the body's
     */
    abstract JsonParser parser(ObjectReader reader);

    /**
     * A part starts: its bytes are appended to a buffer as the parser passes them.
     *
     * @param offset where the part starts in the body; within what the parser holds now
     * @param into   where its bytes go
     */
    final void partStarts(long offset, ScratchBytes into) {
        target = into;
        start = offset;
        mark = into.size();
        partBegun(offset, into);
    }

    /**
     * The part ends: the buffer now holds exactly its bytes after what it held before.
     *
     * @param offset where the part ends in the body
     */
    final void partEnds(long offset) {
        ScratchBytes into = target;
        target = null;
        partRead(start, offset, into);
        into.truncate(Math.addExact(mark, Math.toIntExact(offset - start)));
    }

    /** {@return the buffer of the part being read, or null when none is} */
    final ScratchBytes capturing() {
        return target;
    }

    /**
     * Called when a part starts.
     *
     * @param offset where it starts
     * @param into   where its bytes go
     */
    void partBegun(long offset, ScratchBytes into) {}

    /**
     * Called when a part ends, before the buffer is cut to its exact bytes.
     *
     * @param from where it started
     * @param to   where it ends
     * @param into where its bytes go
     */
    void partRead(long from, long to, ScratchBytes into) {}
}
