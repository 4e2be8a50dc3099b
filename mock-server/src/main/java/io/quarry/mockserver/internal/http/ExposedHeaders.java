package io.quarry.mockserver.internal.http;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code Access-Control-Expose-Headers} of an answer: every header it carries that a browser script on another
 * origin could not read otherwise (the analytics API's {@code X-RateLimit-*}, a 405's {@code Allow}, a scripted
 * fault's {@code Retry-After}, the server's version), so that the page a browser test drives reads what a backend
 * reads. The CORS-safelisted headers are readable without it, and CORS's own headers say nothing to a script.
 */
final class ExposedHeaders {

    static final String NAME = "Access-Control-Expose-Headers";

    /** Readable by any script (the Fetch standard's CORS-safelisted response headers). */
    private static final Set<String> SAFELISTED = caseInsensitive(
            "Cache-Control",
            "Content-Language",
            "Content-Length",
            "Content-Type",
            "Expires",
            "Last-Modified",
            "Pragma");

    private ExposedHeaders() {}

    /**
     * Names in {@link #NAME} the headers the answer carries that a script could not read, unless the answer names
     * them itself (a scripted fault's own CORS headers stay as scripted).
     *
     * @param headers the answer's headers, by case-insensitive name; changed
     * @param always a header every answer carries: named first, and alone without building a list
     */
    static void add(Map<String, String> headers, String always) {
        if (headers.containsKey(NAME)) {
            return;
        }
        StringBuilder names = null;
        for (String name : headers.keySet()) {
            if (SAFELISTED.contains(name)
                    || name.regionMatches(true, 0, "Access-Control-", 0, 15)
                    || name.equalsIgnoreCase(always)) {
                continue;
            }
            if (names == null) {
                names = new StringBuilder(always);
            }
            names.append(", ").append(name);
        }
        headers.put(NAME, names == null ? always : names.toString());
    }

    private static Set<String> caseInsensitive(String... names) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(Set.of(names));
        return set;
    }
}
