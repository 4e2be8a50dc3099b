package io.quarry.core.internal;

import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A growable byte buffer borrowed from a small JVM-wide pool, to gather bytes and copy out exactly them: serialising
 * many small values (records handed to a writer one by one), or setting aside the generated members of each hit of
 * an answer as the parser passes them ({@link HitMemberNotes}), then allocates only the final copies, not the
 * doublings of a fresh {@code ByteArrayOutputStream}. Shared rather than kept per thread: a virtual thread per task
 * would fill a thread's buffer once and never use it again. A buffer grown past {@link #KEPT} is dropped after use,
 * so the pool never keeps a large one.
 */
final class ScratchBytes extends OutputStream {

    /** The largest buffer the pool keeps between uses. */
    static final int KEPT = 64 * 1024;

    /** How many buffers the pool keeps at most; a power of two, as slots are found by masking. */
    static final int POOLED = 32;

    private static final AtomicReferenceArray<ScratchBytes> POOL = new AtomicReferenceArray<>(POOLED);

    private byte[] buffer = new byte[4096];
    private int count;
    private boolean lent;

    private ScratchBytes() {}

    /**
     * {@return an empty buffer from the pool, or a fresh one when the pool holds none (each borrower has its own, so
     * a nested serialisation takes another)}
     */
    static ScratchBytes take() {
        int start = startSlot();
        for (int i = 0; i < POOLED; i++) {
            int slot = (start + i) & (POOLED - 1);
            ScratchBytes pooled = POOL.get(slot);
            // another borrower may have read the same buffer: only the one whose swap succeeds takes it
            if (pooled != null && POOL.compareAndSet(slot, pooled, null)) {
                return pooled.lent();
            }
        }
        return new ScratchBytes().lent();
    }

    private ScratchBytes lent() {
        lent = true;
        count = 0;
        return this;
    }

    /** Gives the buffer back to the pool, unless it grew too large or the pool is full; once only. */
    void done() {
        if (!lent) {
            return;
        }
        lent = false;
        if (buffer.length > KEPT) {
            return;
        }
        int start = startSlot();
        for (int i = 0; i < POOLED; i++) {
            int slot = (start + i) & (POOLED - 1);
            if (POOL.get(slot) == null && POOL.compareAndSet(slot, null, this)) {
                return;
            }
        }
    }

    /** {@return how many buffers the pool holds now (for tests)} */
    static int pooled() {
        int held = 0;
        for (int slot = 0; slot < POOLED; slot++) {
            held += POOL.get(slot) != null ? 1 : 0;
        }
        return held;
    }

    /** Threads start at different slots, so that they rarely race for one. */
    private static int startSlot() {
        return (int) Thread.currentThread().getId() & (POOLED - 1);
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
