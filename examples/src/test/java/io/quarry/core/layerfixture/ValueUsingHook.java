package io.quarry.core.layerfixture;

import io.quarry.core.layerfixture.spi.Hook;

/** Against the order: a public value that uses an spi type. */
final class ValueUsingHook {
    Hook hook;
}
