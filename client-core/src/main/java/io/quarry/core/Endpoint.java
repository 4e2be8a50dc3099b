package io.quarry.core;

import java.util.Objects;
import java.util.Set;

/**
 * One endpoint of a service API: HTTP method, path template, call type, and the name of the operation it serves.
 *
 * <p>Modules list their endpoints as constants with the path template written literally, so the whole API
 * surface of a module fits on one screen:
 * <pre>{@code
 * static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");
 * static final Endpoint SAVE_OBJECT = Endpoint.write("saveObject", "PUT", "/1/indexes/{indexName}/{objectID}");
 * }</pre>
 * A {@code {name}} placeholder stands for one path segment (or part of one); the core expands it with
 * RFC 3986 percent-encoding, so a value containing {@code /} never splits into two segments.
 *
 * <p>The operation name is what a {@link io.quarry.core.spi.CallObserver} sees as the call's operation: the name of
 * the public method that sends the endpoint (when several do, the plainest of them).
 *
 * @param method       upper-case HTTP method: GET, POST, PUT, PATCH or DELETE
 * @param pathTemplate path starting with {@code /}, with {@code {name}} placeholders
 * @param callType     whether the call only reads or may write
 * @param operation    the operation's name, a Java identifier in lower camel case such as {@code saveObjects}
 */
public record Endpoint(String method, String pathTemplate, CallType callType, String operation) {

    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE");

    /**
     * Validates the parts.
     *
     * @param method see the record description
     * @param pathTemplate see the record description
     * @param callType see the record description
     * @param operation see the record description
     * @throws IllegalArgumentException if the method is unknown, the template malformed or the operation name not
     *     a lower camel case identifier
     */
    public Endpoint {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(pathTemplate, "pathTemplate");
        Objects.requireNonNull(callType, "callType");
        Objects.requireNonNull(operation, "operation");
        if (!METHODS.contains(method)) {
            throw new IllegalArgumentException("unsupported HTTP method: " + method);
        }
        if (!pathTemplate.startsWith("/")) {
            throw new IllegalArgumentException("path template must start with '/': " + pathTemplate);
        }
        checkPlaceholders(pathTemplate);
        if (!isOperationName(operation)) {
            throw new IllegalArgumentException("an operation name is a lower camel case identifier: " + operation);
        }
    }

    /**
     * An endpoint that only reads.
     *
     * @param operation    the operation's name: the public method that sends it, such as {@code search}
     * @param method       HTTP method
     * @param pathTemplate literal path template
     * @return the endpoint
     * @throws IllegalArgumentException if a part is malformed (the message quotes the declaration)
     */
    public static Endpoint read(String operation, String method, String pathTemplate) {
        return declared(operation, method, pathTemplate, CallType.READ);
    }

    /**
     * An endpoint that may change state.
     *
     * @param operation    the operation's name: the public method that sends it, such as {@code saveObject}
     * @param method       HTTP method
     * @param pathTemplate literal path template
     * @return the endpoint
     * @throws IllegalArgumentException if a part is malformed (the message quotes the declaration)
     */
    public static Endpoint write(String operation, String method, String pathTemplate) {
        return declared(operation, method, pathTemplate, CallType.WRITE);
    }

    /** Returns {@code "METHOD /path/{template}"}, the form used in logs and error messages. */
    @Override
    public String toString() {
        return method + " " + pathTemplate;
    }

    // a module's table builds its constants when its class is initialised: the message quotes the declaration
    private static Endpoint declared(String operation, String method, String pathTemplate, CallType callType) {
        try {
            return new Endpoint(method, pathTemplate, callType, operation);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Endpoint." + (callType == CallType.READ ? "read" : "write") + "(\"" + operation + "\", \"" + method
                            + "\", \"" + pathTemplate + "\"): " + e.getMessage(),
                    e);
        }
    }

    private static void checkPlaceholders(String template) {
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '}') {
                throw new IllegalArgumentException("unbalanced '}' in path template: " + template);
            }
            if (c == '{') {
                int end = template.indexOf('}', i);
                if (end < 0 || !isPlaceholderName(template, i + 1, end)) {
                    throw new IllegalArgumentException("malformed placeholder in path template: " + template);
                }
                i = end + 1;
            } else {
                i++;
            }
        }
    }

    // the two names are checked by hand: a module's endpoint table builds every endpoint when a client is created,
    // and regular expressions there showed in its start time

    /** {@code [a-z][A-Za-z0-9]*} */
    private static boolean isOperationName(String name) {
        if (name.isEmpty() || name.charAt(0) < 'a' || name.charAt(0) > 'z') {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!isAsciiLetter(c) && !(c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }

    /** {@code [A-Za-z_][A-Za-z0-9_]*} over {@code text[from, to)} */
    private static boolean isPlaceholderName(String text, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (!isAsciiLetter(c) && c != '_' && !(i > from && c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
