package io.quarry.core;

/** How a client compresses the bodies of its requests. The service accepts both; responses are always decompressed. */
public enum RequestCompression {
    /** Bodies are sent as they are: the default, and the cheapest on CPU. */
    NONE,
    /**
     * Bodies are compressed with gzip ({@code Content-Encoding: gzip}): fewer bytes on the wire for large batches, at
     * the cost of the client's CPU.
     */
    GZIP
}
