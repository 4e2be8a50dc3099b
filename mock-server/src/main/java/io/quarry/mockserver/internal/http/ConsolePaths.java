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
     * The header the console sends with its reads of the control endpoints (the faults view's, every second): they
     * are its own requests, left out of the journal and the charts as those of its own routes are.
     */
    public static final String OWN_READ_HEADER = "X-Mock-Console";

    private static final String SEGMENT = "console";

    private ConsolePaths() {}

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
