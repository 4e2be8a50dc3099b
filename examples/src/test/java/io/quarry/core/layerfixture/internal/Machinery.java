package io.quarry.core.layerfixture.internal;

import io.quarry.core.layerfixture.Value;
import io.quarry.core.layerfixture.spi.Hook;

/** Allowed: internal machinery on public values and spi types. */
public final class Machinery {
    private Hook hook;

    /**
     * {@return the value sent back}
     *
     * @param value the value to send
     */
    public Value send(Value value) {
        if (hook != null) {
            hook.sent(value);
        }
        return value;
    }
}
