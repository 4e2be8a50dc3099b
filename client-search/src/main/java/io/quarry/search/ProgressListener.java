package io.quarry.search;

/**
 * Told after each chunk of a chunked write is acknowledged. Calls are never concurrent and {@code sent} only
 * grows; with several chunks in flight (or in the asynchronous forms) they may come from the client's threads,
 * so a listener should return quickly.
 */
@FunctionalInterface
public interface ProgressListener {

    /**
     * One more chunk was acknowledged by the service.
     *
     * @param sent  records sent and acknowledged so far
     * @param total records to send in all
     */
    void onProgress(long sent, long total);
}
