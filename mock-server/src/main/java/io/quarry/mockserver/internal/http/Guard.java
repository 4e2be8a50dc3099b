package io.quarry.mockserver.internal.http;

/** The credential check that runs once per request, after routing and before the handler. */
@FunctionalInterface
public interface Guard {

    /**
     * @param request the routed request
     * @param route its route
     * @throws ApiException 403 (or another 4xx) when the request may not run
     */
    void check(Request request, Route route);
}
