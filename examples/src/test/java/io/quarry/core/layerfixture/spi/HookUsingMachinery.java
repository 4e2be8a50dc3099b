package io.quarry.core.layerfixture.spi;

import io.quarry.core.layerfixture.internal.Machinery;

/** Against the order: an spi class that depends on internal machinery. */
final class HookUsingMachinery {
    Machinery machinery;
}
