package io.quarry.crawler.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The records of a test as a record component keeps them: a list and its records, all unmodifiable copies. */
final class JsonRecords {

    private JsonRecords() {}

    /**
     * An unmodifiable copy of the list, each record an unmodifiable copy in its order, null values kept (the JSON
     * values inside a record stay as they came); a missing list is empty, a null record fails as before.
     */
    static List<Map<String, Object>> copy(List<Map<String, Object>> records) {
        if (records == null) {
            return List.of();
        }
        List<Map<String, Object>> copies = new ArrayList<>(records.size());
        for (Map<String, Object> record : records) {
            copies.add(Collections.unmodifiableMap(new LinkedHashMap<>(record)));
        }
        return Collections.unmodifiableList(copies);
    }
}
