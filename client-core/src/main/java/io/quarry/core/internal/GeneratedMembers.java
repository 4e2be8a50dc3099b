package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.Arrays;

/**
 * The generated members of one hit (names starting with {@code _}), kept as the byte ranges they occupy in the
 * response body: nothing is copied or decoded while the response is read, and {@link #decode()} turns them into
 * a {@link FreeFormRecord} only when a hit's accessors ask, once. Each range is one whole member,
 * {@code "name": value}, exactly as received. Immutable once the hit is read.
 */
final class GeneratedMembers {

    private final byte[] body;
    private final int[] ranges;
    private final int count;
    /** Decoded on first use; a race decodes twice to equal values, which is harmless. */
    private volatile FreeFormRecord decoded;

    private GeneratedMembers(byte[] body, int[] ranges, int count) {
        this.body = body;
        this.ranges = ranges;
        this.count = count;
    }

    /** Collects the ranges of one hit, in the order the members come. */
    static final class Collector {
        private final byte[] body;
        private int[] ranges = new int[8];
        private int count;

        Collector(byte[] body) {
            this.body = body;
        }

        /**
         * Notes one member.
         *
         * @param start offset of the opening quote of its name
         * @param end   offset just past its value
         */
        void add(int start, int end) {
            if (count * 2 == ranges.length) {
                ranges = Arrays.copyOf(ranges, ranges.length * 2);
            }
            ranges[count * 2] = start;
            ranges[count * 2 + 1] = end;
            count++;
        }

        GeneratedMembers build() {
            return new GeneratedMembers(body, ranges, count);
        }
    }

    /**
     * Decodes the members as one JSON object.
     *
     * @return the members, in the order received
     */
    FreeFormRecord decode() {
        FreeFormRecord done = decoded;
        if (done == null) {
            done = decodeRanges();
            decoded = done;
        }
        return done;
    }

    private FreeFormRecord decodeRanges() {
        int length = 2 + count - 1;
        for (int i = 0; i < count; i++) {
            length += ranges[i * 2 + 1] - ranges[i * 2];
        }
        byte[] object = new byte[length];
        int at = 0;
        object[at++] = '{';
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                object[at++] = ',';
            }
            int start = ranges[i * 2];
            int size = ranges[i * 2 + 1] - start;
            System.arraycopy(body, start, object, at, size);
            at += size;
        }
        object[at] = '}';
        return Json.read(object, FreeFormRecord.class);
    }
}
