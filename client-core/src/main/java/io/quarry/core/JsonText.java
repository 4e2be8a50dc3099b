package io.quarry.core;

import io.quarry.core.internal.Json;

/**
 * Values as JSON text, written the way the SDK writes request bodies (null members left out, {@code java.time}
 * types as ISO-8601 text). For modules that embed JSON inside another format, such as the URL-encoded
 * {@code params} string of the search API, and for callers who want to see what would be sent.
 */
public final class JsonText {

    private JsonText() {}

    /**
     * A value as compact JSON text.
     *
     * @param value the value (records, maps, lists, strings, numbers, {@link FreeFormRecord}, ...); null
     *              gives {@code null}
     * @return the JSON text
     * @throws InvalidRequestException if the value cannot be serialised
     */
    public static String write(Object value) {
        return Json.toJsonString(value);
    }
}
