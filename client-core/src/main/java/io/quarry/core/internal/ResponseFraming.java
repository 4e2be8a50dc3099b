package io.quarry.core.internal;

import java.net.ProtocolException;
import okhttp3.Headers;
import okhttp3.Protocol;
import okhttp3.Response;

/**
 * Refuses an HTTP/1 answer whose {@code Content-Length} fields disagree. OkHttp reads the body by the last one, so
 * the answer was read with a length the server may not have meant: the value could be cut or carry the start of the
 * next answer, and bytes left on the connection would be read as the next call's answer. HTTP has the client close
 * the connection and discard such an answer (RFC 9112, section 6.3). Identical repeated values are one length, as
 * HTTP allows.
 *
 * <p>Its cost, on every answer: one pass over the header names, comparing each with {@code Content-Length} (no
 * allocation while the answer has one such field, as every answer does).
 */
final class ResponseFraming {

    private static final String CONTENT_LENGTH = "Content-Length";

    private ResponseFraming() {}

    /** The answer's framing is ambiguous: its connection is closed and the answer discarded. */
    static final class AmbiguousLength extends ProtocolException {
        private static final long serialVersionUID = 1L;

        AmbiguousLength(String first, String other) {
            super("the answer's Content-Length fields disagree (" + first + " and " + other
                    + "): its body cannot be told from what follows it");
        }
    }

    /**
     * @param response an answer as it came off the network, before its body is read
     * @return the failure to end its try with, or null when its length is unambiguous (nearly always)
     */
    static AmbiguousLength check(Response response) {
        Protocol protocol = response.protocol();
        if (protocol != Protocol.HTTP_1_1 && protocol != Protocol.HTTP_1_0) {
            return null; // HTTP/2 frames its bodies itself
        }
        Headers headers = response.headers();
        String first = null;
        for (int i = 0, n = headers.size(); i < n; i++) {
            if (headers.name(i).equalsIgnoreCase(CONTENT_LENGTH)) {
                String value = headers.value(i).trim();
                if (first == null) {
                    first = value;
                } else if (!first.equals(value)) {
                    return new AmbiguousLength(first, value);
                }
            }
        }
        return null;
    }
}
