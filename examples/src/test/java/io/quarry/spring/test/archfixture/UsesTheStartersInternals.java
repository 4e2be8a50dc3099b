package io.quarry.spring.test.archfixture;

import io.quarry.spring.archfixture.internal.StarterMachinery;

/**
 * Fixture: a class of the starter's test module ({@code io.quarry.spring.test}, a module of its own although its
 * package lies inside the starter's) using the starter's internals.
 */
public final class UsesTheStartersInternals {

    private final StarterMachinery machinery = new StarterMachinery();

    /** {@return the starter's machinery} */
    public Object machinery() {
        return machinery;
    }
}
