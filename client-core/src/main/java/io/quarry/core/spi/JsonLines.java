package io.quarry.core.spi;

import io.quarry.core.DeserializationException;
import io.quarry.core.internal.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Bodies in JSON Lines (one JSON value per line, as some endpoints answer logs): read the body as text with
 * {@code execute(String.class)}, then decode every line here with the SDK's JSON settings (unknown members
 * ignored, unknown enum values tolerated, {@code java.time} values from ISO-8601 text).
 */
public final class JsonLines {

    private JsonLines() {}

    /**
     * Decodes each non-blank line of a body.
     *
     * @param body the body text; null or empty gives an empty list (as do blank lines and {@code null} lines)
     * @param type the type of each line
     * @param <E>  the type of each line
     * @return the values, in line order, unmodifiable
     * @throws DeserializationException if a line is not JSON of that type
     */
    public static <E> List<E> read(String body, Class<E> type) {
        Objects.requireNonNull(type, "type");
        List<E> values = new ArrayList<>();
        if (body == null) {
            return List.copyOf(values);
        }
        for (String line : body.split("\r?\n")) {
            E value = line.isBlank() ? null : Json.read(line, type);
            if (value != null) {
                values.add(value);
            }
        }
        return List.copyOf(values);
    }
}
