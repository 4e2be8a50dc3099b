package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.http.ApiException;
import java.util.HashMap;
import java.util.Map;

/**
 * The bytes of JSON the crawlers' configurations hold together, within a 32nd of the heap (1 MB to 64 MB; the tree
 * a configuration is kept as takes a few times its JSON): a configuration keeps every member sent, so 1,000 crawlers
 * of 10 MB configurations each outgrew any heap. Not thread-safe: the crawlers' lock guards it.
 */
final class ConfigBytes {

    private final long maxBytes;
    private final Map<String, Long> byCrawler = new HashMap<>();
    private long bytes;

    /** @param heapBytes the heap the configurations are sized to */
    ConfigBytes(long heapBytes) {
        this.maxBytes = Math.max(1L << 20, Math.min(64L << 20, heapBytes / 32));
    }

    /**
     * Counts a crawler's configuration in place of its former one.
     *
     * @param crawlerId the crawler
     * @param jsonBytes the bytes of its new configuration as JSON
     * @throws ApiException 400 when the configurations would pass the bound; nothing is counted then
     */
    void set(String crawlerId, long jsonBytes) {
        long before = byCrawler.getOrDefault(crawlerId, 0L);
        if (jsonBytes > before && bytes - before + jsonBytes > maxBytes) {
            throw ApiException.badRequest("The crawlers' configurations would hold " + (bytes - before + jsonBytes)
                    + " bytes of JSON; the mock server keeps at most " + maxBytes
                    + " (a 32nd of its heap): make configurations smaller, or reset the server");
        }
        byCrawler.put(crawlerId, jsonBytes);
        bytes += jsonBytes - before;
    }

    /** {@return the bytes counted} */
    long bytes() {
        return bytes;
    }

    /** {@return the bytes the configurations may hold} */
    long maxBytes() {
        return maxBytes;
    }

    /** Forgets every crawler. */
    void clear() {
        byCrawler.clear();
        bytes = 0;
    }
}
