package io.quarry.mockserver.engine.internal.index;

import java.util.Arrays;

/** A growable list of ints, used for posting lists of record ordinals. */
public final class IntList {

    private int[] values = new int[2];
    private int size;

    /**
     * Appends a value unless it equals the last one (postings are appended in ordinal order per record).
     *
     * @param value the value
     * @return whether it was appended
     */
    public boolean addIfNotLast(int value) {
        if (size > 0 && values[size - 1] == value) {
            return false;
        }
        if (size == values.length) {
            // Grown by half: posting lists are most of the index, and doubling leaves a quarter unused.
            values = Arrays.copyOf(values, size + (size >> 1) + 1);
        }
        values[size++] = value;
        return true;
    }

    /** {@return the number of values} */
    public int size() {
        return size;
    }

    /**
     * {@return the value there}
     *
     * @param index a position below {@link #size()}
     */
    public int get(int index) {
        return values[index];
    }
}
