package io.quarry.spring;

import io.quarry.core.ApiException;
import io.quarry.core.ForbiddenException;
import io.quarry.core.UnauthorizedException;
import java.util.Locale;

/**
 * Why the service refused a health check's call the key, read from its answer. The service answers both a key it
 * does not know and a known key lacking the call's right with the same status (403 on the search-style APIs, 401 on
 * the others), and tells them apart in its message only: {@code Invalid Application-ID or API key} for the first,
 * {@code Method not allowed with this API key} for the second.
 */
enum KeyRefusal {
    /** The key is valid but lacks the call's right: the service is up and accepted the key. */
    LACKS_RIGHT,
    /** The service does not know the application ID and key (or the crawler's user ID and key). */
    INVALID_CREDENTIALS,
    /** Another refusal of a valid key: a restriction (referer, source, index, an expired secured key), a quota. */
    RESTRICTED;

    /** {@return why the key was refused, or {@code null} when the failure is no refusal of the key} */
    static KeyRefusal of(Throwable failure) {
        if (!(failure instanceof ForbiddenException || failure instanceof UnauthorizedException)) {
            return null;
        }
        String message =
                String.valueOf(((ApiException) failure).serviceMessage()).toLowerCase(Locale.ROOT);
        if (message.startsWith("method not allowed with this api key")) {
            return LACKS_RIGHT;
        }
        if (message.contains("invalid application-id")
                || message.contains("invalid application id")
                || failure instanceof UnauthorizedException) {
            // a 401 is the other APIs' answer to credentials they do not know (the crawler's too)
            return INVALID_CREDENTIALS;
        }
        return RESTRICTED;
    }
}
