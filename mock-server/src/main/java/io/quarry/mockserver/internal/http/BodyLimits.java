package io.quarry.mockserver.internal.http;

/**
 * How much request body the server takes. Bodies are refused with 413 past either size; the sizes match the
 * service's largest documented payload (10 MB), which every smaller per-endpoint limit fits within.
 *
 * @param maxWireBytes the most bytes read from the connection (after chunked decoding, before gunzip)
 * @param maxDecodedBytes the most bytes once gunzipped (the body handlers see)
 * @param maxBufferedBytes the most body bytes held at once across all requests; past it new bodies get a 503
 * @param readTimeoutMillis the longest a whole body may take to arrive; past it the request gets a 408
 */
public record BodyLimits(long maxWireBytes, long maxDecodedBytes, long maxBufferedBytes, long readTimeoutMillis) {

    /** 10 MB, the service's largest documented payload. */
    public static final long TEN_MEGABYTES = 10L * 1024 * 1024;

    /** The most body bytes held at once on a large heap. */
    static final long MAX_BUFFERED = 256L * 1024 * 1024;

    /**
     * {@return 10 MB on the wire and decoded, a quarter of the heap buffered across requests (at least one whole
     *     body, at most 256 MB), 60 s per body}
     */
    public static BodyLimits defaults() {
        return new BodyLimits(
                TEN_MEGABYTES, TEN_MEGABYTES, bufferedFor(Runtime.getRuntime().maxMemory()), 60_000);
    }

    /**
     * {@return the body bytes held at once on a heap of {@code maxHeapBytes}: a quarter of it, since a handler holds
     *     a body's parsed tree (about as large again) beside it, and state and answers need the rest; never less
     *     than one whole body, which must always be taken, nor more than {@link #MAX_BUFFERED}}
     *
     * @param maxHeapBytes the heap's limit, {@link Runtime#maxMemory()} ({@link Long#MAX_VALUE} when unbounded)
     */
    static long bufferedFor(long maxHeapBytes) {
        return Math.max(TEN_MEGABYTES, Math.min(MAX_BUFFERED, maxHeapBytes / 4));
    }
}
