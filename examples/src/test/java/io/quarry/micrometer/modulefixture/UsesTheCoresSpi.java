package io.quarry.micrometer.modulefixture;

import io.quarry.core.Host;
import io.quarry.core.spi.CallObserver;

/** Allowed: an integration implements the core's spi on its public values. */
class UsesTheCoresSpi {
    CallObserver observer;
    Host host;
}
