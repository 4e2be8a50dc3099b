package io.quarry.core;

import java.time.Duration;

/**
 * The time limits of a call: as a client configures them, or as one request's options replace some of them (a
 * null limit is not set). Built by {@link TimeoutSettings}, the one place both builders set them.
 *
 * @param connect the connect timeout of the first try on a host
 * @param read the response timeout of a READ call's first try on a host
 * @param write the response timeout of a WRITE call's first try on a host
 * @param attempt the limit on one try on one host
 * @param callDeadline the limit on a whole call
 */
record Timeouts(Duration connect, Duration read, Duration write, Duration attempt, Duration callDeadline) {

    /** No limit set. */
    static final Timeouts NONE = new Timeouts(null, null, null, null, null);

    /**
     * These limits with those {@code override} sets in their place.
     *
     * @param override the limits that win where set
     * @return the merged limits
     */
    Timeouts mergedWith(Timeouts override) {
        return new Timeouts(
                either(override.connect, connect),
                either(override.read, read),
                either(override.write, write),
                either(override.attempt, attempt),
                either(override.callDeadline, callDeadline));
    }

    private static Duration either(Duration preferred, Duration otherwise) {
        return preferred != null ? preferred : otherwise;
    }

    /** The limits set, as {@code ", name=value"} pieces for a {@code toString}. */
    String describe() {
        return piece("connectTimeout", connect)
                + piece("readTimeout", read)
                + piece("writeTimeout", write)
                + piece("attemptTimeout", attempt)
                + piece("callDeadline", callDeadline);
    }

    private static String piece(String name, Duration value) {
        return value == null ? "" : ", " + name + "=" + value;
    }
}
