package io.quarry.search.model;

import io.quarry.core.JsonText;
import io.quarry.core.spi.UrlEncoding;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Encodes search parameters as the URL-encoded strings the service reads in {@code params} members: RFC 3986
 * percent-encoding (a space is {@code %20}, never {@code +}), lists and objects as JSON.
 */
final class ParamEncoding {

    private ParamEncoding() {}

    /**
     * A search-parameter string: {@code name=value&...} in the map's order.
     *
     * @param params the parameters; null values are left out
     * @return the encoded string
     */
    static String searchParams(Map<String, ?> params) {
        StringJoiner joined = new StringJoiner("&");
        params.forEach((name, value) -> {
            if (value != null) {
                joined.add(UrlEncoding.percentEncode(name) + "=" + UrlEncoding.percentEncode(asJsonText(value)));
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
    static String asJsonText(Object value) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        return JsonText.write(value);
    }
}
