package io.quarry.core.archfixture;

import io.quarry.core.archfixture.internal.Machinery;

/** Allowed: an entry point builds internal machinery, which uses plain values only. */
public final class EntryPoint {

    private final Machinery machinery = new Machinery();

    Value send() {
        return machinery.send(new Value(this.getClass().getName()));
    }
}
