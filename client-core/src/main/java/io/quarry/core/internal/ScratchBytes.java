package io.quarry.core.internal;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * A growable byte buffer kept per thread, to gather bytes and copy out exactly them: serialising many small values
 * (records handed to a writer one by one), or setting aside the generated members of each hit of an answer as the
 * parser passes them ({@link HitMemberNotes}), then allocates only the final copies, not the doublings of a fresh
 * {@code ByteArrayOutputStream}. A buffer grown past {@link #KEPT} is dropped after use, so a thread never keeps a
 * large one.
 */
final class ScratchBytes extends OutputStream {

    /** The largest buffer a thread keeps between uses. */
    static final int KEPT = 64 * 1024;

    private static final ThreadLocal<ScratchBytes> BUFFERS = ThreadLocal.withInitial(ScratchBytes::new);

    private byte[] buffer = new byte[4096];
    private int count;
    private boolean inUse;

    private ScratchBytes() {}

    /**
     * {@return this thread's buffer, emptied; a fresh one when it is already in use (a nested serialisation)}
     */
    static ScratchBytes forThisThread() {
        ScratchBytes scratch = BUFFERS.get();
        if (scratch.inUse) {
            return new ScratchBytes().taken();
        }
        return scratch.taken();
    }

    private ScratchBytes taken() {
        inUse = true;
        count = 0;
        return this;
    }

    /** Gives the buffer back to its thread, dropping it if it grew too large. */
    void done() {
        inUse = false;
        if (buffer.length > KEPT) {
            buffer = new byte[4096];
        }
    }

    @Override
    public void write(int b) {
        ensure(1);
        buffer[count++] = (byte) b;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        ensure(length);
        System.arraycopy(bytes, offset, buffer, count, length);
        count += length;
    }

    /** {@return a copy of exactly the bytes written} */
    byte[] toByteArray() {
        return Arrays.copyOf(buffer, count);
    }

    /** {@return how many bytes it holds} */
    int size() {
        return count;
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

    /** Empties it, to be used again by the same holder. */
    void clear() {
        count = 0;
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
        System.arraycopy(buffer, from, target, at, length);
    }

    private void ensure(int more) {
        if (count + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, count + more));
        }
    }
}
