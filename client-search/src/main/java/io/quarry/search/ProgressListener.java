package io.quarry.search;

/** Told after each chunk of a chunked write is acknowledged. */
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
