package io.quarry.mockserver.archfixture;

import io.quarry.core.Host;

/** A mock-server class that uses a client class. */
class UsesClientCode {

    Host host;
}
