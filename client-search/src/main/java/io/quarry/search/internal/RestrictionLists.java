package io.quarry.search.internal;

import io.quarry.core.InvalidRequestException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * A list restriction of a secured key ({@code restrictIndices}, {@code referers}, {@code restrictSources}) as the
 * service reads it: comma-separated, spaces around each item and blank items ignored, or a JSON array of strings
 * and numbers (a number stands for the text it spells).
 */
public final class RestrictionLists {

    private RestrictionLists() {}

    /**
     * {@return the items}
     *
     * @param name the restriction's name, for the message
     * @param value the restriction as the key carries it
     * @throws InvalidRequestException for a JSON array the service refuses (malformed, or holding an object, an
     *     array, a boolean or {@code null}), which makes the key invalid
     */
    public static List<String> read(String name, String value) {
        String trimmed = value.trim();
        List<String> items = new ArrayList<>();
        if (trimmed.startsWith("[")) {
            for (JsonNode item : array(name, trimmed)) {
                if (!item.isString() && !item.isNumber()) {
                    throw refused(name, null);
                }
                items.add(item.asString());
            }
            return List.copyOf(items);
        }
        for (String item : trimmed.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        return List.copyOf(items);
    }

    private static JsonNode array(String name, String text) {
        try {
            JsonNode array = Mapper.INSTANCE.readTree(text);
            if (!array.isArray()) {
                throw refused(name, null);
            }
            return array;
        } catch (JacksonException e) {
            throw refused(name, e);
        }
    }

    private static InvalidRequestException refused(String name, Exception cause) {
        return new InvalidRequestException(
                "not a secured API key the service accepts: " + name
                        + " is neither comma-separated nor a JSON array of strings and numbers",
                cause);
    }

    /** Built on first use: most keys carry comma-separated lists. */
    private static final class Mapper {
        static final ObjectMapper INSTANCE = JsonMapper.builder().build();

        private Mapper() {}
    }
}
