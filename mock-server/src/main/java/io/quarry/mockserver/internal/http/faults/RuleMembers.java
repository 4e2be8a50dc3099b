package io.quarry.mockserver.internal.http.faults;

import io.quarry.mockserver.internal.http.Sanitize;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reads the numbers and names of a fault rule's JSON as they were written: a member of another JSON type, a
 * fraction where a whole number is asked for, or a number out of range is refused, never read as some other value
 * (a {@code "count": "2"} read as no limit, a {@code "share": "0.1"} as every request).
 */
final class RuleMembers {

    private RuleMembers() {}

    /**
     * {@return the member, a whole number from {@code min} to {@code max}, or {@code fallback} when it is absent or
     * null}
     *
     * @throws IllegalArgumentException when it is of another type or out of range
     */
    static long wholeNumber(JsonNode object, String name, long min, long max, long fallback) {
        JsonNode value = object.get(name);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isIntegralNumber()
                || !value.canConvertToLong()
                || value.longValue() < min
                || value.longValue() > max) {
            throw new IllegalArgumentException(name + " must be a whole number from " + min + " to " + max);
        }
        return value.longValue();
    }

    /**
     * {@return the member, a number above 0 and at most 1, or 1 when it is absent or null}
     *
     * @throws IllegalArgumentException when it is of another type or out of range
     */
    static double share(JsonNode object, String name) {
        JsonNode value = object.get(name);
        if (value == null || value.isNull()) {
            return 1.0;
        }
        double share = value.isNumber() ? value.doubleValue() : Double.NaN;
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException(name + " must be a number above 0 and at most 1");
        }
        return share;
    }

    /**
     * {@return the member, a method name or {@code *}, or {@code *} when it is absent or null}
     *
     * @throws IllegalArgumentException when it is not a string naming a method: one that no request can have would
     *     leave the rule matching nothing
     */
    static String method(JsonNode object) {
        JsonNode value = object.get("method");
        if (value == null || value.isNull()) {
            return "*";
        }
        String method = value.isString() ? value.stringValue() : "";
        if (method.isEmpty() || method.length() > 20 || !method.chars().allMatch(RuleMembers::isTokenCharacter)) {
            throw new IllegalArgumentException("method must be * or an HTTP method such as GET or POST");
        }
        return method;
    }

    /**
     * Refuses a member the rule does not have: a misspelt one ({@code "times"} for {@code "count"}) left its member
     * at its default, and a rule meant for two requests of one path faulted every request of every path.
     *
     * @param object the rule or fault object
     * @param what what it is, for the message
     * @param known the names of its members
     * @throws IllegalArgumentException naming the first member not among them
     */
    static void requireKnown(JsonNode object, String what, List<String> known) {
        for (String name : object.propertyNames()) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown member " + Sanitize.shortText(name) + " of " + what
                        + " (its members: " + String.join(", ", known) + ")");
            }
        }
    }

    /** The characters of a method name (an HTTP token), and {@code *}, which is one of them. */
    private static boolean isTokenCharacter(int c) {
        return c >= '0' && c <= '9'
                || c >= 'A' && c <= 'Z'
                || c >= 'a' && c <= 'z'
                || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
    }
}
