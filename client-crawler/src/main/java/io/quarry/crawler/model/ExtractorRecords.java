package io.quarry.crawler.model;

import java.util.List;
import java.util.Map;

/**
 * The records one extractor produced in a test.
 *
 * @param index the extractor's position
 * @param type its kind
 * @param records the records
 */
public record ExtractorRecords(int index, String type, List<Map<String, Object>> records) {

    /**
     * Null lists become empty.
     *
     * @param index see the record description
     * @param type see the record description
     * @param records see the record description
     */
    public ExtractorRecords {
        records = records == null ? List.of() : List.copyOf(records);
    }
}
