package io.quarry.core.internal;

import io.quarry.core.internal.base.HeaderNames;
import java.util.Map;
import okhttp3.Headers;
import okhttp3.Request;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds the headers a call observer gives a try (its trace context) to the try's request, leaving out every header
 * the core sets or owns: the core's own headers always win, and an observer cannot add a credential.
 */
final class ObserverHeaders {

    private static final Logger LOG = LoggerFactory.getLogger(ObserverHeaders.class);

    /** Names that carry a credential or that OkHttp's own mechanisms set, besides the client's own, in lower case. */
    private static final String[] RESERVED = {"accept-encoding", "authorization", "cookie", "proxy-authorization"};

    /** Prefixes of reserved names: the service's own headers, and the forwarded user's (IP and key). */
    private static final String[] RESERVED_PREFIXES = {"x-service-", "x-forwarded-"};

    private ObserverHeaders() {}

    /**
     * Adds the observer's headers the request does not carry and the core does not reserve.
     *
     * @param builder the try's request, its own headers set
     * @param offered the observer's headers
     * @param fixed   the headers of every request of the client (credentials, defaults, accept, user agent)
     * @param call    the call's own headers (its request options)
     */
    static void add(Request.Builder builder, Map<String, String> offered, Headers fixed, Map<String, String> call) {
        for (Map.Entry<String, String> header : offered.entrySet()) {
            String name = header.getKey();
            String value = header.getValue();
            if (!HeaderNames.isToken(name)
                    || value == null
                    || reserved(name)
                    || fixed.get(name) != null
                    || named(call, name)) {
                LOG.debug("a header the call observer gave is left out: {}", name);
                continue;
            }
            try {
                builder.header(name, value);
            } catch (IllegalArgumentException e) {
                // a value HTTP does not allow (a line break, say): the try goes without it; the value is not logged
                LOG.debug("a header the call observer gave has a value HTTP does not allow and is left out: {}", name);
            }
        }
    }

    private static boolean reserved(String name) {
        if (HeaderNames.ownedByTheClient(name)) {
            return true;
        }
        for (String reserved : RESERVED) {
            if (reserved.equalsIgnoreCase(name)) {
                return true;
            }
        }
        for (String prefix : RESERVED_PREFIXES) {
            if (name.regionMatches(true, 0, prefix, 0, prefix.length())) {
                return true;
            }
        }
        return false;
    }

    private static boolean named(Map<String, String> headers, String name) {
        for (String present : headers.keySet()) {
            if (present.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }
}
