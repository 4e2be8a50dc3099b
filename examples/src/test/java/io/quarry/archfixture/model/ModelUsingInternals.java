package io.quarry.archfixture.model;

import io.quarry.archfixture.internal.Hidden;

/** A model class that uses an internal package (its own module's). */
record ModelUsingInternals(String name) {

    Object helper() {
        return new Hidden();
    }
}
