package io.quarry.archfixtureother;

import io.quarry.archfixture.internal.Hidden;

/** Uses the internal package of another module. */
class UsesOthersInternals {

    Object other() {
        return new Hidden();
    }
}
