package io.quarry.mockserver.internal.http;

/**
 * Whether a raw path names one of the mock server's own endpoints, under {@code /_mock/}: as the router reads it,
 * after decoding, so {@code /%5Fmock/reset} is the reset too, and like it never faulted nor counted as a host's
 * traffic.
 */
public final class ControlPaths {

    private static final String PREFIX = "/_mock/";

    private ControlPaths() {}

    /**
     * {@return whether the path's first segment decodes to {@code _mock} and another segment follows}
     *
     * @param rawPath a request's raw path
     */
    public static boolean isControl(String rawPath) {
        if (rawPath.startsWith(PREFIX)) {
            return true;
        }
        int slash = rawPath.indexOf('/', 1);
        if (!rawPath.startsWith("/") || slash < 0 || rawPath.lastIndexOf('%', slash) < 0) {
            return false;
        }
        try {
            return PathCodec.decodeSegment(rawPath.substring(1, slash)).equals("_mock");
        } catch (ApiException malformed) {
            // the router refuses it too: no endpoint of any kind
            return false;
        }
    }
}
