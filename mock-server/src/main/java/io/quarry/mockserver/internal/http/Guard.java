package io.quarry.mockserver.internal.http;

/** The credential check that runs once per request, after routing and before the handler. */
@FunctionalInterface
public interface Guard {

    /**
     * {@return the request to hand to the handler, possibly carrying what the check learned (the caller)}
     *
     * @param request the routed request, with its path parameters
     * @param route its route
     * @throws ApiException 403 (or another 4xx) when the request may not run
     */
    Request check(Request request, Route route);

    /**
     * {@return a text the server shows of a request (an error's message), the keys it holds masked; by default as it
     * is}
     *
     * @param text the text
     * @param request the request it quotes, or {@code null} when none was read
     */
    default String masked(String text, Request request) {
        return text;
    }
}
