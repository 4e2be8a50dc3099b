package io.quarry.search.model;

import io.quarry.core.InvalidRequestException;
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
                joined.add(UrlEncoding.percentEncode(name) + "=" + UrlEncoding.percentEncode(asJsonText(name, value)));
            }
        });
        return joined.toString();
    }

    /**
     * A value in the form the service reads from a URL: strings as they are, lists and objects as JSON.
     *
     * @param name  the parameter's name, for a refusal's message
     * @param value the value
     * @return the text
     * @throws InvalidRequestException for a NaN or an infinity, anywhere in the value: it would go as the text
     *     {@code NaN} or {@code Infinity}, which the service takes for no number
     */
    static String asJsonText(String name, Object value) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Double || value instanceof Float) {
            if (!Double.isFinite(((Number) value).doubleValue())) {
                throw new InvalidRequestException(
                        "search parameter " + shown(name) + " is " + value + ", not a finite number");
            }
            return value.toString();
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        try {
            return JsonText.write(value);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException("search parameter " + shown(name) + ": " + e.getMessage(), e.getCause());
        }
    }

    /** A parameter name as a message shows it: the caller's, of any length. */
    private static String shown(String name) {
        return name.length() <= 64 ? name : name.substring(0, 61) + "...";
    }
}
