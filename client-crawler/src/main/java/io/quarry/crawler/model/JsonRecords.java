package io.quarry.crawler.model;

import io.quarry.core.spi.CopyOnWrite;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The records of a test as a record component keeps them: a list and its records, unmodifiable copies all the way
 * down (a record's nested objects and arrays included).
 */
final class JsonRecords {

    private JsonRecords() {}

    /**
     * An unmodifiable copy of the list, each record an unmodifiable deep copy in its order, null values kept; a
     * missing list is empty, a null record fails as before.
     */
    static List<Map<String, Object>> copy(List<Map<String, Object>> records) {
        if (records == null) {
            return List.of();
        }
        List<Map<String, Object>> copies = new ArrayList<>(records.size());
        for (Map<String, Object> record : records) {
            copies.add(CopyOnWrite.copy(Objects.requireNonNull(record, "record")));
        }
        return Collections.unmodifiableList(copies);
    }
}
