package io.quarry.search.archfixture;

import io.quarry.core.Host;

/** Allowed: a client module builds on the core. */
class UsesTheCore {

    Host host;
}
