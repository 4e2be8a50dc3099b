package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Random;
import okio.Buffer;
import org.junit.jupiter.api.Test;

/**
 * Bytes written in any pieces come out in order, across array boundaries, and the arrays are cleared and reused; a
 * small body set apart gives its array back before it is sent.
 */
class PooledBytesTest {

    @Test
    void writesInMixedPiecesComeOutInOrder() throws IOException {
        byte[] data = new byte[2 * PooledBytes.CHUNK_SIZE + 1234];
        new Random(7).nextBytes(data);
        PooledBytes out = new PooledBytes();
        int i = 0;
        while (i < data.length) {
            if (i % 3 == 0) {
                out.write(data[i++]);
            } else {
                int n = Math.min(data.length - i, 5000);
                out.write(data, i, n);
                i += n;
            }
        }
        assertThat(out.size()).isEqualTo(data.length);

        Buffer sink = new Buffer();
        out.writeToAndRelease(sink);

        assertThat(sink.readByteArray()).isEqualTo(data);
        assertThat(out.size()).isZero();
    }

    @Test
    void arraysGoBackClearedWhetherSentOrDropped() throws IOException {
        byte[] secret = new byte[PooledBytes.CHUNK_SIZE + 100];
        java.util.Arrays.fill(secret, (byte) 'k');
        PooledBytes sent = new PooledBytes();
        sent.write(secret, 0, secret.length);
        sent.writeToAndRelease(new Buffer());
        PooledBytes dropped = new PooledBytes();
        dropped.write(secret, 0, 777);
        dropped.release();

        assertThat(PooledBytes.pooledChunks()).isPositive();
        assertThat(PooledBytes.nonZeroPooledBytes()).isZero();
    }

    @Test
    void releasedArraysAreTakenAgain() throws IOException {
        PooledBytes first = new PooledBytes();
        first.write(new byte[10], 0, 10);
        first.release();
        int pooled = PooledBytes.pooledChunks();

        PooledBytes second = new PooledBytes();
        second.write(1);

        assertThat(PooledBytes.pooledChunks()).isEqualTo(Math.max(0, pooled - 1));
        second.release();
    }

    /**
     * Bytes stay whole with threads writing at once. Whether two of them can be handed one array depends on how they
     * interleave, which this loop leaves to chance; {@link ChunkPoolTest} holds two borrowers at the racy point.
     */
    @Test
    void threadsBorrowingAtOnceNeverShareAnArrayAndThePoolStaysBounded() throws Exception {
        int threads = 8;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            java.util.List<java.util.concurrent.Future<Boolean>> results = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                byte mark = (byte) (t + 1);
                results.add(pool.submit(() -> {
                    byte[] data = new byte[PooledBytes.CHUNK_SIZE + 10];
                    java.util.Arrays.fill(data, mark);
                    // read back into one array per thread: a fresh one per round was half a gigabyte of garbage
                    byte[] received = new byte[data.length];
                    for (int round = 0; round < 2_000; round++) {
                        PooledBytes out = new PooledBytes();
                        out.write(data, 0, data.length);
                        Buffer sink = new Buffer();
                        out.writeToAndRelease(sink);
                        if (sink.size() != data.length) {
                            return false;
                        }
                        sink.readFully(received);
                        // another thread writing into the same array would show as a foreign byte here (Arrays.equals
                        // compares words, where a loop over the bytes ran 512 million times in all)
                        if (!java.util.Arrays.equals(received, data)) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (java.util.concurrent.Future<Boolean> result : results) {
                assertThat(result.get(60, java.util.concurrent.TimeUnit.SECONDS))
                        .isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(PooledBytes.pooledChunks()).isBetween(1, PooledBytes.MAX_POOLED_CHUNKS);
    }

    @Test
    void aSmallBodySetApartGivesItsArrayBackAtOnceAndIsSentTheSame() throws IOException {
        byte[] data = new byte[PooledBytes.MAX_SET_APART];
        new Random(11).nextBytes(data);
        int pooled = poolHoldingAnArray();
        PooledBytes out = new PooledBytes();
        out.write(data, 0, data.length);
        assertThat(PooledBytes.pooledChunks()).as("while written").isEqualTo(pooled - 1);

        out.setApartIfSmall();

        assertThat(PooledBytes.pooledChunks()).as("once set apart").isEqualTo(pooled);
        assertThat(PooledBytes.nonZeroPooledBytes()).isZero();
        assertThat(out.size()).isEqualTo(data.length);
        Buffer sink = new Buffer();
        out.writeToAndRelease(sink);
        assertThat(sink.readByteArray()).isEqualTo(data);
        assertThat(out.size()).isZero();
        assertThat(PooledBytes.pooledChunks()).as("after the write").isEqualTo(pooled);
    }

    @Test
    void aLargerBodyKeepsItsPooledArrayUntilSent() throws IOException {
        byte[] data = new byte[PooledBytes.MAX_SET_APART + 1];
        new Random(13).nextBytes(data);
        int pooled = poolHoldingAnArray();
        PooledBytes out = new PooledBytes();
        out.write(data, 0, data.length);

        out.setApartIfSmall();

        assertThat(PooledBytes.pooledChunks()).isEqualTo(pooled - 1);
        Buffer sink = new Buffer();
        out.writeToAndRelease(sink);
        assertThat(sink.readByteArray()).isEqualTo(data);
        assertThat(PooledBytes.pooledChunks()).isEqualTo(pooled);
    }

    @Test
    void aBodySetApartAndDroppedLeavesThePoolAsItWas() {
        int pooled = poolHoldingAnArray();
        PooledBytes out = new PooledBytes();
        out.write(new byte[] {1, 2, 3}, 0, 3);
        out.setApartIfSmall();

        out.release();

        assertThat(out.size()).isZero();
        assertThat(PooledBytes.pooledChunks()).isEqualTo(pooled);
        assertThat(PooledBytes.nonZeroPooledBytes()).isZero();
    }

    /** {@return how many arrays the pool holds, at least one (given back here if it held none)} */
    private static int poolHoldingAnArray() {
        PooledBytes primer = new PooledBytes();
        primer.write(0);
        primer.release();
        return PooledBytes.pooledChunks();
    }
}
