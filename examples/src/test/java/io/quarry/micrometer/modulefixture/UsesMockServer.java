package io.quarry.micrometer.modulefixture;

import io.quarry.mockserver.MockServer;

/** An integration's class that uses the mock server. */
class UsesMockServer {
    MockServer server;
}
