package io.quarry.core.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import okio.BufferedSink;

/**
 * An output stream into fixed-size byte arrays borrowed from a small JVM-wide pool, for request bodies that are
 * serialised once to learn their length and then copied into the connection. Once written (or dropped) the arrays
 * go back to the pool, so a client sending large batches over and over does not allocate each body anew.
 *
 * <p>The pool keeps at most {@link #MAX_POOLED_CHUNKS} arrays of {@link #CHUNK_SIZE} bytes (4 MiB); beyond that,
 * arrays are allocated and left to the garbage collector. An array never returned (a call that failed before its
 * body was written) is simply collected. Not thread-safe: one body, one thread at a time.
 */
final class PooledBytes extends OutputStream {

    static final int CHUNK_SIZE = 32 * 1024;
    static final int MAX_POOLED_CHUNKS = 128;

    private static final ArrayBlockingQueue<byte[]> POOL = new ArrayBlockingQueue<>(MAX_POOLED_CHUNKS);

    private final List<byte[]> chunks = new ArrayList<>(4);
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

    /** @return the bytes written so far */
    long size() {
        return size;
    }

    /**
     * Copies every byte into a sink, then gives the arrays back to the pool.
     *
     * @param sink the connection's sink
     * @throws IOException if the sink fails (the arrays are given back all the same)
     */
    void writeToAndRelease(BufferedSink sink) throws IOException {
        try {
            int last = chunks.size() - 1;
            for (int i = 0; i <= last; i++) {
                sink.write(chunks.get(i), 0, i == last ? position : CHUNK_SIZE);
            }
        } finally {
            release();
        }
    }

    /** Gives the arrays back to the pool; the stream is empty afterwards. */
    void release() {
        for (byte[] chunk : chunks) {
            // a full pool drops the array
            POOL.offer(chunk);
        }
        chunks.clear();
        current = null;
        position = 0;
        size = 0;
    }

    private void nextChunk() {
        byte[] chunk = POOL.poll();
        current = chunk != null ? chunk : new byte[CHUNK_SIZE];
        chunks.add(current);
        position = 0;
    }

    /** @return how many arrays the pool holds now (for tests) */
    static int pooledChunks() {
        return POOL.size();
    }
}
