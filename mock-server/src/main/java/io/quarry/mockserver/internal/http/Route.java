package io.quarry.mockserver.internal.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One entry of the route table.
 *
 * @param method the HTTP method
 * @param template the path template, written exactly as in the endpoint list, e.g.
 *     {@code /1/indexes/{indexName}/query}
 * @param access the credentials it asks for
 * @param queryParameters the URL parameters it understands, checked in strict mode; {@code null} for any
 * @param operation the operation it performs, as usage counts it ({@link Operation#NOT_COUNTED} for none)
 * @param work the kind of work it does, as monitoring and usage time it
 * @param handler what answers it
 */
public record Route(
        String method,
        String template,
        Access access,
        Set<String> queryParameters,
        Operation operation,
        Work work,
        Handler handler) {

    /** Every route says what it does: usage and monitoring read it here, never from its path. */
    public Route {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(work, "work");
    }

    /**
     * {@return the position of a path parameter among the template's segments (0 for the first segment after the
     * leading slash), or -1 when the template declares no such parameter}
     *
     * @param parameter a parameter name, such as {@code key} for {@code {key}}
     */
    public int segmentOf(String parameter) {
        return PathCodec.rawSegments(template).indexOf("{" + parameter + "}");
    }

    /** {@return the template's segments, without the leading empty one} */
    List<String> segments() {
        return new ArrayList<>(PathCodec.rawSegments(template));
    }

    /**
     * {@return whether it is a placeholder such as {@code {indexName}}}
     *
     * @param segment a template segment
     */
    static boolean isPlaceholder(String segment) {
        return segment.startsWith("{") && segment.endsWith("}");
    }
}
