package io.quarry.crawler.model;

import java.util.List;

/** Reading raw JSON values of configurations. */
final class ConfigValues {

    private ConfigValues() {}

    static List<String> strings(Object value) {
        if (value instanceof List<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        return List.of();
    }

    static String text(Object value) {
        return value == null ? null : String.valueOf(value);
    }
}
