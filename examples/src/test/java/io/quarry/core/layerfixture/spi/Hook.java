package io.quarry.core.layerfixture.spi;

import io.quarry.core.layerfixture.Value;

/** Allowed: an spi type built on a public value. */
public interface Hook {

    /**
     * Called with each value sent.
     *
     * @param value the value
     */
    void sent(Value value);
}
