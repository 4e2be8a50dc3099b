package io.quarry.archfixture;

import io.quarry.archfixture.internal.Hidden;

/** Allowed: a module uses its own internal package, behind a package-private method. */
class UsesOwnInternals {

    Hidden hidden() {
        return new Hidden();
    }
}
