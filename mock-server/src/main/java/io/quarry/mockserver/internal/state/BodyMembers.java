package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.internal.http.ApiException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The optional members of a search body ({@code query}, {@code page}, {@code hitsPerPage}) read strictly: a value
 * of the wrong type or out of range is a 400 naming the member, never read as something else (a {@code page} of
 * 1.5 as 1, of 1e30 as 0, a {@code query} of 5 as "5").
 */
public final class BodyMembers {

    private BodyMembers() {}

    /**
     * {@return the member's string, or "" when it is absent or null}
     *
     * @param body the request body
     * @param member the member's name
     * @throws ApiException 400 when the member is not a string
     */
    public static String text(ObjectNode body, String member) {
        JsonNode value = body.get(member);
        if (value == null || value.isNull()) {
            return "";
        }
        if (!value.isString()) {
            throw ApiException.badRequest(member + " must be a string");
        }
        return value.stringValue();
    }

    /**
     * {@return the member's integer, or the default when it is absent or null}
     *
     * @param body the request body
     * @param member the member's name
     * @param defaultValue the value of an absent member
     * @param min the least value accepted
     * @param max the greatest value accepted
     * @throws ApiException 400 when the member is not an integer between {@code min} and {@code max}
     */
    public static int integer(ObjectNode body, String member, int defaultValue, int min, int max) {
        JsonNode value = body.get(member);
        if (value == null || value.isNull()) {
            return defaultValue;
        }
        if (!value.isIntegralNumber()
                || !value.canConvertToLong()
                || value.longValue() < min
                || value.longValue() > max) {
            throw ApiException.badRequest(member + " must be an integer between " + min + " and " + max);
        }
        return value.intValue();
    }
}
