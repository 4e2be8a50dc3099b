package io.quarry.core;

import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One endpoint of a service API: HTTP method, path template and call type.
 *
 * <p>Modules list their endpoints as constants with the path template written literally, so the whole API
 * surface of a module fits on one screen:
 * <pre>{@code
 * static final Endpoint SEARCH = Endpoint.read("POST", "/1/indexes/{indexName}/query");
 * static final Endpoint SAVE_OBJECT = Endpoint.write("PUT", "/1/indexes/{indexName}/{objectID}");
 * }</pre>
 * A {@code {name}} placeholder stands for one path segment (or part of one); the core expands it with
 * RFC 3986 percent-encoding, so a value containing {@code /} never splits into two segments.
 *
 * @param method       upper-case HTTP method: GET, POST, PUT, PATCH or DELETE
 * @param pathTemplate path starting with {@code /}, with {@code {name}} placeholders
 * @param callType     whether the call only reads or may write
 */
public record Endpoint(String method, String pathTemplate, CallType callType) {

    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE");
    private static final Pattern PLACEHOLDER_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * Validates the parts.
     *
     * @param method see the record description
     * @param pathTemplate see the record description
     * @param callType see the record description
     * @throws IllegalArgumentException if the method is unknown or the template malformed
     */
    public Endpoint {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(pathTemplate, "pathTemplate");
        Objects.requireNonNull(callType, "callType");
        if (!METHODS.contains(method)) {
            throw new IllegalArgumentException("unsupported HTTP method: " + method);
        }
        if (!pathTemplate.startsWith("/")) {
            throw new IllegalArgumentException("path template must start with '/': " + pathTemplate);
        }
        checkPlaceholders(pathTemplate);
    }

    /**
     * An endpoint that only reads.
     *
     * @param method       HTTP method
     * @param pathTemplate literal path template
     * @return the endpoint
     */
    public static Endpoint read(String method, String pathTemplate) {
        return new Endpoint(method, pathTemplate, CallType.READ);
    }

    /**
     * An endpoint that may change state.
     *
     * @param method       HTTP method
     * @param pathTemplate literal path template
     * @return the endpoint
     */
    public static Endpoint write(String method, String pathTemplate) {
        return new Endpoint(method, pathTemplate, CallType.WRITE);
    }

    /** Returns {@code "METHOD /path/{template}"}, the form used in logs and error messages. */
    @Override
    public String toString() {
        return method + " " + pathTemplate;
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
                if (end < 0
                        || !PLACEHOLDER_NAME
                                .matcher(template.substring(i + 1, end))
                                .matches()) {
                    throw new IllegalArgumentException("malformed placeholder in path template: " + template);
                }
                i = end + 1;
            } else {
                i++;
            }
        }
    }
}
