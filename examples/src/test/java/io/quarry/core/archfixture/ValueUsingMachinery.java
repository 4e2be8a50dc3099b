package io.quarry.core.archfixture;

import io.quarry.core.archfixture.internal.MachineryUsingValue;

/** Breaks the rule: a public value calls internal machinery that uses the value. */
public final class ValueUsingMachinery {

    String text() {
        return MachineryUsingValue.write(this);
    }
}
