package io.quarry.mockserver.internal.http.wire;

import java.util.Locale;
import java.util.Map;

/**
 * A request's line and headers, as read from the wire and checked.
 *
 * @param method the method, as sent (upper case by convention, not forced)
 * @param rawPath the path, still percent-encoded, {@code "/"} at least ({@code "*"} for {@code OPTIONS *})
 * @param rawQuery the query string after {@code ?}, still encoded, or {@code null}
 * @param http11 whether the request is HTTP/1.1 (else HTTP/1.0)
 * @param headers the first value of each header, by case-insensitive name
 * @param contentLength the body's length from {@code Content-Length}, or -1 when absent
 * @param chunked whether the body comes in chunks ({@code Transfer-Encoding: chunked})
 */
public record RequestHead(
        String method,
        String rawPath,
        String rawQuery,
        boolean http11,
        Map<String, String> headers,
        long contentLength,
        boolean chunked) {

    /**
     * {@return the header's first value, or {@code null}}
     *
     * @param name the header name, any case
     */
    public String header(String name) {
        return headers.get(name);
    }

    /** {@return whether a body follows the head} */
    public boolean hasBody() {
        return chunked || contentLength > 0;
    }

    /** {@return whether the client lets the connection carry another request after this one} */
    boolean keepAlive() {
        String connection = header("Connection");
        String tokens = connection == null ? "" : connection.toLowerCase(Locale.ROOT);
        return http11 ? !tokens.contains("close") : tokens.contains("keep-alive");
    }

    /** {@return whether the client waits for {@code 100 Continue} before it sends the body} */
    boolean expectsContinue() {
        return http11 && hasBody() && "100-continue".equalsIgnoreCase(trimmed(header("Expect")));
    }

    private static String trimmed(String value) {
        return value == null ? null : value.trim();
    }
}
