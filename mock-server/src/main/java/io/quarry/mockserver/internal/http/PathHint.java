package io.quarry.mockserver.internal.http;

import java.util.List;

/**
 * For a path no route serves: a route of the same method that serves it once a literal base path is put in front,
 * such as {@code /api/1} before {@code /1/crawlers} or {@code /crawlers} (the crawler API's base path), or
 * {@code /1} before {@code /indexes/x/query}. Named in the 404 so a caller who left out an API's base path sees
 * the one to use.
 */
final class PathHint {

    private PathHint() {}

    /**
     * {@return {@code "; did you mean <method> <path>?"}, or an empty string when no route fits}
     *
     * @param method the request method
     * @param rawPath the raw path requested
     * @param decoded its decoded segments
     * @param routes every route
     */
    static String of(String method, String rawPath, List<String> decoded, List<Route> routes) {
        if (decoded.isEmpty() || decoded.get(0).isEmpty()) {
            return "";
        }
        for (Route route : routes) {
            if (!route.method().equals(method)) {
                continue;
            }
            List<String> template = route.segments();
            int offset = template.size() - decoded.size();
            if (offset <= 0
                    || template.subList(0, offset).stream().anyMatch(Route::isPlaceholder)
                    || Route.isPlaceholder(template.get(offset))) {
                continue;
            }
            if (matches(template.subList(offset, template.size()), decoded)) {
                return "; did you mean " + method + " "
                        + Sanitize.shortText("/" + String.join("/", template.subList(0, offset)) + rawPath) + "?";
            }
        }
        return "";
    }

    private static boolean matches(List<String> template, List<String> decoded) {
        for (int i = 0; i < template.size(); i++) {
            String segment = template.get(i);
            String actual = decoded.get(i);
            if (Route.isPlaceholder(segment) ? actual.isEmpty() : !segment.equals(actual)) {
                return false;
            }
        }
        return true;
    }
}
