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
     * A null list becomes empty; the list and each record are unmodifiable copies.
     *
     * @param index see the record description
     * @param type see the record description
     * @param records see the record description
     */
    public ExtractorRecords {
        records = JsonRecords.copy(records);
    }
}
