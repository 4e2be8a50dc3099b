package io.quarry.core.archfixture.internal;

import io.quarry.core.archfixture.Value;

/** Allowed: internal machinery that uses a public value and nothing that leads back to it. */
public final class Machinery {

    /**
     * {@return the value sent back}
     *
     * @param value the value to send
     */
    public Value send(Value value) {
        return value;
    }
}
