package io.quarry.mockserver.internal.http;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Finds the route of a request. Path parameters are decoded per segment from the raw path, so an encoded
 * {@code /} stays inside its parameter. Among the routes of the request's method, a literal segment wins over a
 * placeholder at the first position where they differ, as in the service ({@code POST /1/indexes/x/batch} is the
 * batch endpoint, {@code PUT /1/indexes/x/batch} saves the record {@code batch}).
 */
public final class Router {

    private final List<CompiledRoute> routes = new ArrayList<>();
    private final Set<String> methods = new HashSet<>();
    /**
     * The headers every answer under a first path segment carries, with that segment (decoded): a list, read by
     * index, as every answer looks its path up here (a product or two give any).
     */
    private final List<PathHeaders> headersUnder = new ArrayList<>();

    private record PathHeaders(String segment, Supplier<Map<String, String>> headers) {}

    /** The status replacing the front's 400 under a path prefix: a list, read on refusals alone. */
    private final List<PathStatus> invalidRequestUnder = new ArrayList<>();

    private record PathStatus(List<String> prefix, int status) {}

    /**
     * {@return this router}
     *
     * @param route a route to add
     */
    public Router add(Route route) {
        routes.add(new CompiledRoute(route, route.segments()));
        methods.add(route.method());
        return this;
    }

    /**
     * {@return this router}
     *
     * @param firstSegment the first segment of the paths, decoded ({@code 2} for {@code /2/...})
     * @param headers the headers every answer on those paths carries, asked as each is written
     * @throws IllegalStateException when another supplier has the segment already
     */
    public Router headersUnder(String firstSegment, Supplier<Map<String, String>> headers) {
        for (PathHeaders given : headersUnder) {
            if (given.segment().equals(firstSegment)) {
                throw new IllegalStateException("headers under /" + firstSegment + " are given twice");
            }
        }
        headersUnder.add(new PathHeaders(firstSegment, headers));
        return this;
    }

    /**
     * {@return the headers every answer on the path carries whatever made it (its route, or a refusal before any
     * route ran, or where none exists): those given for its first segment, none for most paths}
     *
     * @param rawPath the raw path, its first segment read as the router reads it (decoded)
     */
    public Map<String, String> headersOf(String rawPath) {
        if (headersUnder.isEmpty() || !rawPath.startsWith("/")) {
            return Map.of();
        }
        int slash = rawPath.indexOf('/', 1);
        int end = slash < 0 ? rawPath.length() : slash;
        boolean escaped = rawPath.lastIndexOf('%', end - 1) > 0;
        String first = null;
        if (escaped) {
            // rare: only an escaped first segment is cut out and decoded; the others are compared in place
            try {
                first = PathCodec.decodeSegment(rawPath.substring(1, end));
            } catch (ApiException malformed) {
                return Map.of();
            }
        }
        for (int i = 0; i < headersUnder.size(); i++) {
            PathHeaders given = headersUnder.get(i);
            String segment = given.segment();
            boolean same = escaped
                    ? segment.equals(first)
                    : end - 1 == segment.length() && rawPath.regionMatches(1, segment, 0, segment.length());
            if (same) {
                return given.headers().get();
            }
        }
        return Map.of();
    }

    /**
     * {@return this router}
     *
     * @param prefix the leading segments of the paths, decoded ({@code /1/usage})
     * @param status what the API under it documents for an invalid request (usage's 422): the status, instead of the
     *     front's 400, of a request under the prefix that the front refuses as invalid before any handler runs (an
     *     escape that decodes to nothing, an unknown parameter of a strict server)
     * @throws IllegalStateException when a status is given under the prefix already
     */
    public Router invalidRequestStatusUnder(String prefix, int status) {
        List<String> segments = PathCodec.rawSegments(prefix);
        for (PathStatus given : invalidRequestUnder) {
            if (given.prefix().equals(segments)) {
                throw new IllegalStateException("a status under " + prefix + " is given twice");
            }
        }
        invalidRequestUnder.add(new PathStatus(segments, status));
        return this;
    }

    /**
     * {@return the status of a request the front refuses as invalid: the one given for the path's prefix, else 400}
     *
     * @param rawPath the raw path, its leading segments read as the router reads them (decoded); a segment that does
     *     not decode belongs to no prefix
     */
    public int invalidRequestStatusOf(String rawPath) {
        if (invalidRequestUnder.isEmpty()) {
            return 400;
        }
        List<String> raw = PathCodec.rawSegments(rawPath);
        for (PathStatus given : invalidRequestUnder) {
            if (startsWith(raw, given.prefix())) {
                return given.status();
            }
        }
        return 400;
    }

    private static boolean startsWith(List<String> rawSegments, List<String> prefix) {
        if (rawSegments.size() < prefix.size()) {
            return false;
        }
        for (int i = 0; i < prefix.size(); i++) {
            try {
                if (!PathCodec.decodeSegment(rawSegments.get(i)).equals(prefix.get(i))) {
                    return false;
                }
            } catch (ApiException malformed) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@return whether some route has this method (as sent: methods are case-sensitive)}
     *
     * @param method the request method
     */
    public boolean hasMethod(String method) {
        return methods.contains(method);
    }

    /** {@return the methods of the routes (as sent: methods are case-sensitive)} */
    public Set<String> methods() {
        return Set.copyOf(methods);
    }

    /** {@return every route, in the order added} */
    public List<Route> routes() {
        return routes.stream().map(CompiledRoute::route).toList();
    }

    /**
     * {@return the matched route and its decoded path parameters}
     *
     * @param method the request method
     * @param rawPath the raw path
     * @throws ApiException 404 when no route has this path, 405 when only other methods have it (naming them in
     *     {@code Allow})
     */
    public Match match(String method, String rawPath) {
        List<String> raw = PathCodec.rawSegments(rawPath);
        List<String> decoded = new ArrayList<>(raw.size());
        for (String segment : raw) {
            decoded.add(PathCodec.decodeSegment(segment));
        }
        CompiledRoute best = null;
        Set<String> otherMethods = new TreeSet<>();
        for (CompiledRoute candidate : routes) {
            if (!candidate.matches(decoded)) {
                continue;
            }
            if (!candidate.route().method().equals(method)) {
                otherMethods.add(candidate.route().method());
            } else if (best == null || candidate.moreSpecificThan(best)) {
                best = candidate;
            }
        }
        if (best == null) {
            if (!otherMethods.isEmpty()) {
                // a 405 names the methods the path has (RFC 9110, section 15.5.6)
                throw new ApiException(
                        405,
                        "Method " + method + " is not allowed on " + Sanitize.shortText(rawPath),
                        Map.of("Allow", String.join(", ", otherMethods)));
            }
            // the path is cut as any echoed text is: it may run to the head's whole 64 KB
            throw ApiException.notFound("The endpoint " + method + " " + Sanitize.shortText(rawPath)
                    + " is not supported by the mock server" + PathHint.of(method, rawPath, decoded, routes()));
        }
        return new Match(best.route(), best.parameters(decoded));
    }

    /**
     * A routed request.
     *
     * @param route the route
     * @param pathParams the decoded path parameters by placeholder name
     */
    public record Match(Route route, Map<String, String> pathParams) {}

    private record CompiledRoute(Route route, List<String> segments) {

        boolean matches(List<String> decoded) {
            if (decoded.size() != segments.size()) {
                return false;
            }
            for (int i = 0; i < segments.size(); i++) {
                String template = segments.get(i);
                String actual = decoded.get(i);
                if (Route.isPlaceholder(template) ? actual.isEmpty() : !template.equals(actual)) {
                    return false;
                }
            }
            return true;
        }

        boolean moreSpecificThan(CompiledRoute other) {
            for (int i = 0; i < segments.size(); i++) {
                boolean literal = !Route.isPlaceholder(segments.get(i));
                boolean otherLiteral = !Route.isPlaceholder(other.segments().get(i));
                if (literal != otherLiteral) {
                    return literal;
                }
            }
            return false;
        }

        Map<String, String> parameters(List<String> decoded) {
            Map<String, String> params = new HashMap<>();
            for (int i = 0; i < segments.size(); i++) {
                String template = segments.get(i);
                if (Route.isPlaceholder(template)) {
                    params.put(template.substring(1, template.length() - 1), decoded.get(i));
                }
            }
            return params;
        }
    }
}
