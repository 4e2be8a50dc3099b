package io.quarry.core.internal;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * A growable byte buffer kept per thread, to serialise a value and copy out exactly its bytes: serialising many
 * small values (records handed to a writer one by one) then allocates each value's bytes once, not the doublings
 * of a fresh {@code ByteArrayOutputStream} and its final copy. A buffer grown past {@link #KEPT} is dropped after
 * use, so a thread never keeps a large one.
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

    private void ensure(int more) {
        if (count + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, count + more));
        }
    }
}
