package io.quarry.mockserver;

import io.quarry.mockserver.internal.state.Application;

/** Hands the tests of the internal packages the application a running server serves. */
public final class ServerApplication {

    private ServerApplication() {}

    /**
     * {@return the server's application}
     *
     * @param server a running server
     */
    public static Application of(MockServer server) {
        return server.application();
    }
}
