package io.quarry.core.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import okio.BufferedSink;

/**
 * An output stream into fixed-size byte arrays borrowed from a small JVM-wide pool, for request bodies that are
 * serialised once to learn their length and then copied into the connection. Once written (or dropped) the arrays
 * are cleared and go back to the pool, so a client sending large batches over and over does not allocate each body
 * anew.
 *
 * <p>The pool keeps at most {@link #MAX_POOLED_CHUNKS} arrays of {@link #CHUNK_SIZE} bytes (4 MiB); beyond that,
 * arrays are allocated and left to the garbage collector. An array never returned (a call that failed before its
 * body was written) is simply collected. A body of at most {@link #MAX_SET_APART} bytes is moved into an array of
 * its own once written ({@link #setApartIfSmall()}), so that it waits for its connection without one of the pool's
 * arrays. Not thread-safe: one body, one thread at a time.
 */
final class PooledBytes extends OutputStream {

    static final int CHUNK_SIZE = 32 * 1024;
    /** A power of two: slots are found by masking. */
    static final int MAX_POOLED_CHUNKS = 128;

    private static final ChunkPool POOL = new ChunkPool(MAX_POOLED_CHUNKS);

    /**
     * Bodies up to this size are set apart from the pool: copying one costs its own length, where holding a pooled
     * array while it waits would take 32 KiB from the pool.
     */
    static final int MAX_SET_APART = 4 * 1024;

    private final List<byte[]> chunks = new ArrayList<>(4);
    /** A small body's bytes, exactly, once set apart; else null. */
    private byte[] apart;

    private byte[] current;
    private int position;
    private long size;

    @Override
    public void write(int b) {
        if (current == null || position == CHUNK_SIZE) {
            nextChunk();
        }
        current[position++] = (byte) b;
        size++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        while (len > 0) {
            if (current == null || position == CHUNK_SIZE) {
                nextChunk();
            }
            int n = Math.min(len, CHUNK_SIZE - position);
            System.arraycopy(b, off, current, position, n);
            position += n;
            off += n;
            len -= n;
            size += n;
        }
    }

    /** {@return the bytes written so far} */
    long size() {
        return size;
    }

    /**
     * Copies a body of at most {@link #MAX_SET_APART} bytes into an array of its own and gives the pool's array back
     * at once; a larger body keeps its arrays. A request body is measured before its connection is found, and the
     * caller then waits for one: thousands of callers on virtual threads all wait at once, each holding a 32 KiB
     * array for a body of a few hundred bytes, which left the pool empty and had every further body allocate one.
     * Nothing may be written afterwards.
     */
    void setApartIfSmall() {
        if (size == 0 || size > MAX_SET_APART) {
            return;
        }
        byte[] bytes = Arrays.copyOf(current, position);
        release();
        apart = bytes;
        size = bytes.length;
    }

    /**
     * Copies every byte into a sink, then gives the arrays back to the pool.
     *
     * @param sink the connection's sink
     * @throws IOException if the sink fails (the arrays are given back all the same)
     */
    void writeToAndRelease(BufferedSink sink) throws IOException {
        try {
            if (apart != null) {
                sink.write(apart);
                return;
            }
            int last = chunks.size() - 1;
            for (int i = 0; i <= last; i++) {
                sink.write(chunks.get(i), 0, i == last ? position : CHUNK_SIZE);
            }
        } finally {
            release();
        }
    }

    /**
     * Clears the arrays and gives them back to the pool; the stream is empty afterwards. Cleared because a body holds
     * the caller's records and, on key endpoints, key material: nothing of one call may linger where a later one
     * (or a heap dump) finds it.
     */
    void release() {
        if (apart != null) {
            Arrays.fill(apart, (byte) 0);
            apart = null;
        }
        int last = chunks.size() - 1;
        for (int i = 0; i <= last; i++) {
            byte[] chunk = chunks.get(i);
            Arrays.fill(chunk, 0, i == last ? position : CHUNK_SIZE, (byte) 0);
            // a full pool drops the array
            giveBack(chunk);
        }
        chunks.clear();
        current = null;
        position = 0;
        size = 0;
    }

    /**
     * Lends one of the pool's arrays, to decode an answer of at most {@link #CHUNK_SIZE} bytes from.
     *
     * @return an array of {@link #CHUNK_SIZE} bytes
     */
    static byte[] lendChunk() {
        byte[] chunk = borrow();
        return chunk != null ? chunk : new byte[CHUNK_SIZE];
    }

    /**
     * Takes back a lent array, cleared first like every other.
     *
     * @param chunk the array
     * @param used  how many of its first bytes were written
     */
    static void takeBackChunk(byte[] chunk, int used) {
        Arrays.fill(chunk, 0, used, (byte) 0);
        giveBack(chunk);
    }

    private void nextChunk() {
        byte[] chunk = borrow();
        current = chunk != null ? chunk : new byte[CHUNK_SIZE];
        chunks.add(current);
        position = 0;
    }

    /** Takes an array from the pool, or null when it holds none. Threads start at different slots. */
    private static byte[] borrow() {
        return POOL.borrow(startSlot());
    }

    /** Puts an array back; when the pool is full the array is left to the garbage collector. */
    private static void giveBack(byte[] chunk) {
        POOL.giveBack(chunk, startSlot());
    }

    private static int startSlot() {
        return (int) Thread.currentThread().getId() & (MAX_POOLED_CHUNKS - 1);
    }

    /** {@return how many bytes of the arrays the pool holds now are not zero (for tests)} */
    static long nonZeroPooledBytes() {
        return POOL.nonZeroBytes();
    }

    /** {@return how many arrays the pool holds now (for tests)} */
    static int pooledChunks() {
        return POOL.held();
    }
}
