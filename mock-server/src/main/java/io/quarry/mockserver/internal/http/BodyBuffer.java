package io.quarry.mockserver.internal.http;

import java.util.Arrays;

/**
 * A request body as it is read. Each time its array grows, the growth is taken from the request's share of the
 * {@link BodyBudget} first, so the budget counts what the heap holds (the array, doubled as it grows, not only the
 * bytes in it); a body whose length is known gets an array of exactly that length, which is handed on uncopied.
 */
final class BodyBuffer {

    private static final int FIRST_BYTES = 16 * 1024;
    private static final byte[] EMPTY = new byte[0];

    private final Exchange exchange;
    private final long most;
    private byte[] bytes = EMPTY;
    private int count;

    /**
     * @param exchange the request, whose share of the budget the array takes
     * @param most the most bytes the body may come to (its length when known), at most {@link Integer#MAX_VALUE}
     */
    BodyBuffer(Exchange exchange, long most) {
        this.exchange = exchange;
        this.most = most;
    }

    /** {@return the bytes written so far} */
    int size() {
        return count;
    }

    /**
     * Appends bytes, within {@code most}, which the caller has checked.
     *
     * @throws ApiException 503 when the budget has no room for the array to grow
     */
    void write(byte[] chunk, int length) {
        if (count + length > bytes.length) {
            grow(count + length);
        }
        System.arraycopy(chunk, 0, bytes, count, length);
        count += length;
    }

    private void grow(int needed) {
        long capacity = Math.max(needed, Math.min(most, Math.max(FIRST_BYTES, 2L * bytes.length)));
        if (!exchange.reserve(capacity - bytes.length)) {
            throw new ApiException(503, "The mock server holds too many request bodies at once; retry later");
        }
        bytes = Arrays.copyOf(bytes, (int) capacity);
    }

    /** {@return the body: the array itself when it is full, as for a body of known length} */
    byte[] toByteArray() {
        return count == bytes.length ? bytes : Arrays.copyOf(bytes, count);
    }
}
