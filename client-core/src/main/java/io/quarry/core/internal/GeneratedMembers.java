package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;

/**
 * The generated members of one hit (names starting with {@code _}), kept as the byte ranges they occupy in the
 * response body: nothing is copied or decoded while the response is read, and {@link #get()} turns them into a
 * {@link FreeFormRecord} only when a hit's accessors ask, once. A range holds one or more whole members as
 * received, {@code "name": value, "name": value}; the engine usually puts them side by side, so one range per
 * hit is the rule.
 */
final class GeneratedMembers implements java.util.function.Supplier<FreeFormRecord> {

    private final byte[] body;
    /** Start and end offsets, in pairs. */
    private final int[] ranges;
    /** Decoded on first use; a race decodes twice to equal values, which is harmless. */
    private volatile FreeFormRecord decoded;

    GeneratedMembers(byte[] body, int[] ranges) {
        this.body = body;
        this.ranges = ranges;
    }

    /**
     * Decodes the members as one JSON object.
     *
     * @return the members, in the order received
     */
    @Override
    public FreeFormRecord get() {
        FreeFormRecord done = decoded;
        if (done == null) {
            done = Json.read(asObject(), FreeFormRecord.class);
            decoded = done;
        }
        return done;
    }

    private byte[] asObject() {
        int pairs = ranges.length / 2;
        int length = 2 + pairs - 1;
        for (int i = 0; i < pairs; i++) {
            length += ranges[i * 2 + 1] - ranges[i * 2];
        }
        byte[] object = new byte[length];
        int at = 0;
        object[at++] = '{';
        for (int i = 0; i < pairs; i++) {
            if (i > 0) {
                object[at++] = ',';
            }
            int start = ranges[i * 2];
            int size = ranges[i * 2 + 1] - start;
            System.arraycopy(body, start, object, at, size);
            at += size;
        }
        object[at] = '}';
        return object;
    }
}
