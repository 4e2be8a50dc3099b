package io.quarry.archfixture;

import io.quarry.archfixture.internal.Hidden;

/** Allowed: a class users cannot see may name internal types in its public methods. */
class HidesInternals {

    /** @return an internal type, but from a package-private class */
    public Hidden hidden() {
        return new Hidden();
    }
}
