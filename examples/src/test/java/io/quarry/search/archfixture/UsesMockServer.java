package io.quarry.search.archfixture;

import io.quarry.mockserver.MockServer;

/** A client class that uses the mock server. */
class UsesMockServer {

    MockServer server;
}
