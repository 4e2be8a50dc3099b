package io.quarry.mockserver.internal.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One entry of the route table.
 *
 * @param method the HTTP method
 * @param template the path template, written exactly as in the endpoint list, e.g.
 *     {@code /1/indexes/{indexName}/query}
 * @param access the credentials it asks for
 * @param queryParameters the URL parameters it understands, checked in strict mode; {@code null} for any
 * @param handler what answers it
 */
public record Route(String method, String template, Access access, Set<String> queryParameters, Handler handler) {

    /** @return the template's segments, without the leading empty one */
    List<String> segments() {
        return new ArrayList<>(PathCodec.rawSegments(template));
    }

    /**
     * @param segment a template segment
     * @return whether it is a placeholder such as {@code {indexName}}
     */
    static boolean isPlaceholder(String segment) {
        return segment.startsWith("{") && segment.endsWith("}");
    }
}
