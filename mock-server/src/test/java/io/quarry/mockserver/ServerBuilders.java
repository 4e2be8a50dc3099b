package io.quarry.mockserver;

import java.time.Duration;

/** Hands the tests of the internal packages the builder's settings that are not public. */
public final class ServerBuilders {

    private ServerBuilders() {}

    /**
     * Shortens how long a query-suggestions create or replace waits for its build: a test that holds the build
     * lets the request end at once rather than after the 10 s the service's clients see.
     *
     * @param builder the server's builder
     * @param wait how long the request waits for its build
     * @return the builder
     */
    public static MockServer.Builder suggestionsBuildWait(MockServer.Builder builder, Duration wait) {
        return builder.suggestionsBuildWait(wait);
    }
}
