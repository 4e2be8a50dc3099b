package io.quarry.crawler.model;

import java.util.List;
import java.util.Map;

/**
 * The records a test would write to one index.
 *
 * @param indexName the index, prefix included
 * @param records the records
 * @param recordsPerExtractor the same records by extractor
 */
public record TestedIndexRecords(
        String indexName, List<Map<String, Object>> records, List<ExtractorRecords> recordsPerExtractor) {

    /**
     * Null lists become empty; the lists and each record are unmodifiable copies.
     *
     * @param indexName see the record description
     * @param records see the record description
     * @param recordsPerExtractor see the record description
     */
    public TestedIndexRecords {
        records = JsonRecords.copy(records);
        recordsPerExtractor = recordsPerExtractor == null ? List.of() : List.copyOf(recordsPerExtractor);
    }
}
