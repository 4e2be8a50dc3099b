package io.quarry.search.internal;

import io.quarry.core.internal.Json;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Encodes parameters as the URL-encoded strings the service reads in {@code params} members and in secured
 * API keys: RFC 3986 percent-encoding (a space is {@code %20}, never {@code +}).
 */
public final class ParamEncoding {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private ParamEncoding() {
    }

    /**
     * Percent-encodes text, keeping only the RFC 3986 unreserved characters.
     *
     * @param text the text
     * @return the encoded text
     */
    public static String percentEncode(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return out.toString();
    }

    /**
     * A search-parameter string: {@code name=value&...} in the map's order; lists and objects as JSON.
     *
     * @param params the parameters; null values are left out
     * @return the encoded string
     */
    public static String searchParams(Map<String, ?> params) {
        StringJoiner joined = new StringJoiner("&");
        params.forEach((name, value) -> {
            if (value != null) {
                joined.add(percentEncode(name) + "=" + percentEncode(asJsonText(value)));
            }
        });
        return joined.toString();
    }

    /**
     * A value in the form the service reads from a URL: strings as they are, lists and objects as JSON.
     *
     * @param value the value
     * @return the text
     */
    public static String asJsonText(Object value) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        return Json.toJsonString(value);
    }

    /**
     * A value in the form secured API keys use: lists comma-joined, objects as JSON, the rest as text.
     *
     * @param value the value
     * @return the text
     */
    public static String asRestrictionText(Object value) {
        if (value instanceof Collection<?> list && list.stream().allMatch(v -> v instanceof String)) {
            StringJoiner joined = new StringJoiner(",");
            list.forEach(v -> joined.add((String) v));
            return joined.toString();
        }
        return asJsonText(value);
    }
}
