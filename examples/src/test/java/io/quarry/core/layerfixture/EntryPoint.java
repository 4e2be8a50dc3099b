package io.quarry.core.layerfixture;

import io.quarry.core.layerfixture.internal.Machinery;

/** Against the order, allowed by name: an entry point builds the machinery that runs it. */
public final class EntryPoint {
    private final Machinery machinery = new Machinery();

    Value send(Value value) {
        return machinery.send(value);
    }
}
