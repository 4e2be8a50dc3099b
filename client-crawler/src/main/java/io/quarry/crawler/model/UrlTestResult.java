package io.quarry.crawler.model;

import io.quarry.core.spi.CopyOnWrite;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What the crawler makes of one URL, nothing written.
 *
 * @param startDate when the test started
 * @param endDate when it ended
 * @param logs the log lines, each a list of strings
 * @param records the records per index
 * @param links the links found on the page
 * @param externalData external data the extraction used
 * @param error what went wrong; empty when nothing did
 */
public record UrlTestResult(
        Instant startDate,
        Instant endDate,
        List<List<String>> logs,
        List<TestedIndexRecords> records,
        List<String> links,
        Map<String, Object> externalData,
        Map<String, Object> error) {

    /**
     * Null members become empty; the lists and maps are unmodifiable copies, the JSON values inside a map copied
     * all the way down (a map keeps null values).
     *
     * @param startDate see the record description
     * @param endDate see the record description
     * @param logs see the record description
     * @param records see the record description
     * @param links see the record description
     * @param externalData see the record description
     * @param error see the record description
     */
    public UrlTestResult {
        logs = logs == null
                ? List.of()
                : List.copyOf(logs.stream().map(UrlTestResult::line).toList());
        records = records == null ? List.of() : List.copyOf(records);
        links = links == null ? List.of() : List.copyOf(links);
        externalData = CopyOnWrite.copy(externalData);
        error = CopyOnWrite.copy(error);
    }

    /** An unmodifiable copy of a log line, its null items kept; a null line fails the answer's read as before. */
    private static List<String> line(List<String> line) {
        return Collections.unmodifiableList(new ArrayList<>(line));
    }

    /** {@return whether the test reported an error} */
    public boolean failed() {
        return !error.isEmpty();
    }
}
