package io.quarry.mockserver.internal.http;

/** Told about every answered request, just before the response is written (the request log). */
@FunctionalInterface
public interface RequestListener {

    /**
     * @param request the request (with its path parameters once routed)
     * @param route its route, or {@code null} when none matched
     * @param response what was answered
     * @param elapsedNanos how long it took to answer
     */
    void answered(Request request, Route route, Response response, long elapsedNanos);
}
