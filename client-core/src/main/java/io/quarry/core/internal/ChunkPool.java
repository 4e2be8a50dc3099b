package io.quarry.core.internal;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntConsumer;

/**
 * Slots of arrays, each taken and given back with a compare-and-set: no lock, so a thread preempted while borrowing
 * never makes the others wait (a search borrows one array per call, from many threads at once). The arrays are
 * {@link PooledBytes}'s; this class only hands them out, each to one borrower at a time.
 */
final class ChunkPool {

    private final AtomicReferenceArray<byte[]> slots;
    private final IntConsumer seen;

    /** @param size how many arrays the pool keeps at most; a power of two, as slots are found by masking */
    ChunkPool(int size) {
        this(size, slot -> {});
    }

    /**
     * @param size how many arrays the pool keeps at most; a power of two
     * @param seen told of the slot a borrower found an array in, before it takes it: where a test holds borrowers to
     *     make them race for one array
     */
    ChunkPool(int size, IntConsumer seen) {
        if (Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("size must be a power of two: " + size);
        }
        this.slots = new AtomicReferenceArray<>(size);
        this.seen = seen;
    }

    /**
     * {@return an array from the pool, or null when it holds none}
     *
     * @param start the slot to look in first (threads start at different slots)
     */
    byte[] borrow(int start) {
        int mask = slots.length() - 1;
        for (int i = 0; i <= mask; i++) {
            int slot = (start + i) & mask;
            byte[] chunk = slots.get(slot);
            if (chunk != null) {
                seen.accept(slot);
                // another borrower may have read the same array: only the one whose swap succeeds takes it
                if (slots.compareAndSet(slot, chunk, null)) {
                    return chunk;
                }
            }
        }
        return null;
    }

    /**
     * Puts an array in a free slot; when every slot is taken the array is left to the garbage collector.
     *
     * @param chunk the array
     * @param start the slot to try first
     */
    void giveBack(byte[] chunk, int start) {
        int mask = slots.length() - 1;
        for (int i = 0; i <= mask; i++) {
            int slot = (start + i) & mask;
            if (slots.get(slot) == null && slots.compareAndSet(slot, null, chunk)) {
                return;
            }
        }
    }

    /** {@return how many bytes of the arrays the pool holds now are not zero (for tests)} */
    long nonZeroBytes() {
        long found = 0;
        for (int slot = 0; slot < slots.length(); slot++) {
            byte[] chunk = slots.get(slot);
            if (chunk != null) {
                for (byte b : chunk) {
                    found += b == 0 ? 0 : 1;
                }
            }
        }
        return found;
    }

    /** {@return how many arrays the pool holds now (for tests)} */
    int held() {
        int held = 0;
        for (int slot = 0; slot < slots.length(); slot++) {
            if (slots.get(slot) != null) {
                held++;
            }
        }
        return held;
    }
}
