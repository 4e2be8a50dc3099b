package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.engine.EngineException;
import tools.jackson.core.JacksonException;

/**
 * Turns anything a request raised into its JSON answer. Errors are answered too (a stack overflow on a deeply
 * nested body, even running out of memory), so one bad request never takes the server down with it. A refusal is
 * an {@link ApiException} or an {@link EngineException}; anything else is a failure of the mock server's (a 500),
 * never the caller's.
 */
final class Failures {

    /** The message of the 503 that answers a request the server ran out of memory for. */
    static final String OUT_OF_MEMORY = "The mock server ran out of memory answering this request; retry later";

    private Failures() {}

    static Response answer(Throwable failure) {
        if (failure instanceof ApiException e) {
            return Response.error(e.status(), e.getMessage()).withHeaders(e.headers());
        }
        if (failure instanceof EngineException e) {
            return Response.error(e.status(), e.getMessage());
        }
        if (failure instanceof JacksonException) {
            return Response.error(400, "Invalid JSON");
        }
        if (failure instanceof OutOfMemoryError) {
            return Response.error(503, OUT_OF_MEMORY);
        }
        if (failure instanceof StackOverflowError) {
            return Response.error(500, "Mock server error: the request nests too deeply (StackOverflowError)");
        }
        return Response.error(500, "Mock server error: " + failure.getClass().getSimpleName());
    }
}
