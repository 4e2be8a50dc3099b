package io.quarry.mockserver.internal.http;

/** Answers one routed request. */
@FunctionalInterface
public interface Handler {

    /**
     * {@return the response}
     *
     * @param request the request, with its path parameters
     * @throws ApiException for a request refused with a 4xx
     */
    Response handle(Request request);
}
