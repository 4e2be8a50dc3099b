package io.quarry.spring.archfixture.internal;

/** Fixture: a class internal to the starter's module ({@code io.quarry.spring}). */
public final class StarterMachinery {

    /** Fixture. */
    public StarterMachinery() {}
}
