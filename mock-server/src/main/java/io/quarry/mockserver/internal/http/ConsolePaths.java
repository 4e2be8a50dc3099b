package io.quarry.mockserver.internal.http;

import java.util.Map;

/**
 * The console's paths, under {@code /_mock/console}, and the security headers every answer there carries: those of
 * its own routes, and the refusals made before they run (a key without the right, a view that does not exist, a
 * method it has not), which a browser shows in the console's place all the same.
 */
public final class ConsolePaths {

    /** No inline script or style, nothing from elsewhere, no framing. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self';"
            + " connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none';"
            + " frame-ancestors 'none'";

    /** What every answer of the console carries. */
    public static final Map<String, String> HEADERS = Map.of(
            "Content-Security-Policy", CONTENT_SECURITY_POLICY,
            "X-Content-Type-Options", "nosniff",
            "Referrer-Policy", "no-referrer",
            "Cache-Control", "no-store");

    /**
     * The header the console sends with its reads: of the control endpoints (the faults view's, every second) and of
     * the service (the index list, an index's settings and records, the search preview's searches). They are its own
     * requests, not the application's traffic: see {@link #isOwnRead}.
     */
    public static final String OWN_READ_HEADER = "X-Mock-Console";

    private static final String SEGMENT = "console";

    private ConsolePaths() {}

    /**
     * {@return whether the request is a read the console made for itself: marked with {@link #OWN_READ_HEADER}, and
     * changing nothing (its route reads, or none ran: a scripted fault answered first, or no route matched)}. Such a
     * request is left out of what shows the application's traffic: the journal, the charts, the request log,
     * analytics, usage and monitoring. A marked write is the application's as any other: it changes what it sees.
     *
     * @param request the request
     * @param route its route, or {@code null} when none ran
     */
    public static boolean isOwnRead(Request request, Route route) {
        return request.header(OWN_READ_HEADER) != null
                && (route == null || !route.work().writes());
    }

    /**
     * {@return whether the path is the console's, as the router reads it: its first two segments decode to
     * {@code _mock} and {@code console}}
     *
     * @param rawPath a request's raw path
     */
    public static boolean isConsole(String rawPath) {
        if (!ControlPaths.isControl(rawPath)) {
            return false;
        }
        int start = rawPath.indexOf('/', 1) + 1;
        int end = rawPath.indexOf('/', start);
        String second = rawPath.substring(start, end < 0 ? rawPath.length() : end);
        try {
            return PathCodec.decodeSegment(second).equals(SEGMENT);
        } catch (ApiException malformed) {
            return false;
        }
    }
}
