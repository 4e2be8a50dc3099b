package io.quarry.mockserver.internal.http;

/**
 * A whole number a control path names (a fault rule's ID, a host's number, a journal entry's): ASCII digits that
 * fit a {@code long}. Anything else is a malformed request, a 400 saying what the number is; a number that names
 * nothing is the route's own 404.
 */
public final class PathNumbers {

    private PathNumbers() {}

    /**
     * {@return the path parameter as a number}
     *
     * @param request the request, whose path holds the parameter
     * @param name the parameter's name, e.g. {@code "id"}
     * @param what what the number is, for the error, e.g. {@code "A fault rule's ID"}
     * @throws ApiException 400 when it is not ASCII digits ({@code -1}, {@code +1}, {@code 1e3}, another script's
     *     digits, a name) or is beyond a {@code long}
     */
    public static long of(Request request, String name, String what) {
        String named = request.path(name);
        // ASCII digits only: Long.parseLong also takes a sign and other scripts' digits ("\uFF11")
        if (named.isEmpty() || !named.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw ApiException.badRequest(
                    what + " is a whole number in ASCII digits, not '" + Sanitize.shortText(named) + "'");
        }
        try {
            return Long.parseLong(named);
        } catch (NumberFormatException beyondLong) {
            throw ApiException.badRequest(
                    what + " is at most " + Long.MAX_VALUE + ", not " + Sanitize.shortText(named));
        }
    }
}
