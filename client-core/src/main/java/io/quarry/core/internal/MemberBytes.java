package io.quarry.core.internal;

import java.util.Arrays;

/**
 * The bytes of the members being set aside from one hit, appended as the parser passes them, then copied out once
 * the hit is read. One per thread, reused hit after hit and answer after answer, so setting members aside allocates
 * only their final copy.
 */
final class MemberBytes {

    /** The largest buffer a thread keeps between answers. */
    static final int KEPT = 64 * 1024;

    private static final ThreadLocal<MemberBytes> BUFFERS = ThreadLocal.withInitial(MemberBytes::new);

    private byte[] bytes = new byte[1024];
    private int count;
    private boolean inUse;

    private MemberBytes() {}

    /** {@return this thread's buffer, empty; a fresh one when it is already in use (a nested decoding)} */
    static MemberBytes forThisThread() {
        MemberBytes buffer = BUFFERS.get();
        if (buffer.inUse) {
            buffer = new MemberBytes();
        }
        buffer.inUse = true;
        buffer.count = 0;
        return buffer;
    }

    /** Gives the buffer back to its thread, dropping it if it grew large. */
    void done() {
        inUse = false;
        count = 0;
        if (bytes.length > KEPT) {
            bytes = new byte[1024];
        }
    }

    /** {@return how many bytes it holds} */
    int size() {
        return count;
    }

    /**
     * Appends bytes.
     *
     * @param source where they are
     * @param at     where they start
     * @param length how many
     */
    void append(byte[] source, int at, int length) {
        if (count + length > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, count + length));
        }
        System.arraycopy(source, at, bytes, count, length);
        count += length;
    }

    /**
     * Keeps only the first bytes.
     *
     * @param size how many
     */
    void truncate(int size) {
        if (size < 0 || size > count) {
            throw new IllegalArgumentException("cannot keep " + size + " of " + count + " bytes");
        }
        count = size;
    }

    /**
     * Copies bytes out.
     *
     * @param from   where they start
     * @param target where they go
     * @param at     where in the target
     * @param length how many
     */
    void copy(int from, byte[] target, int at, int length) {
        System.arraycopy(bytes, from, target, at, length);
    }

    /** Empties it for the next hit. */
    void clear() {
        count = 0;
    }
}
