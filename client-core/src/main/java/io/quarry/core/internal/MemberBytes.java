package io.quarry.core.internal;

import java.util.Arrays;

/**
 * The bytes of the members being set aside from one hit, appended as the parser passes them, then copied out once
 * the hit is read. One per body read, reused hit after hit, so setting members aside allocates only their final
 * copy.
 */
final class MemberBytes {

    private byte[] bytes = new byte[1024];
    private int count;

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

    /** Empties it for the next hit; a buffer grown large for one hit is dropped. */
    void clear() {
        count = 0;
        if (bytes.length > 64 * 1024) {
            bytes = new byte[1024];
        }
    }
}
