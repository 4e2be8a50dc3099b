package io.quarry.mockserver.internal.http.wire;

import java.util.Map;

/**
 * An answer to write: the wire adds {@code Content-Length} and {@code Connection}.
 *
 * @param status the HTTP status
 * @param headers the headers, by name
 * @param body the body (ignored for {@code HEAD})
 * @param cutAfter how many body bytes to send before the connection is closed on purpose (a scripted fault), or -1
 *     to send the whole answer
 */
public record WireResponse(int status, Map<String, String> headers, byte[] body, int cutAfter) {

    /**
     * {@return a whole answer}
     *
     * @param status the HTTP status
     * @param headers the headers
     * @param body the body
     */
    public static WireResponse of(int status, Map<String, String> headers, byte[] body) {
        return new WireResponse(status, headers, body, -1);
    }
}
