package io.quarry.core.archfixture.internal;

import io.quarry.core.archfixture.ValueUsingMachinery;

/** The internal half of the broken loop: machinery that writes the value which calls it. */
public final class MachineryUsingValue {

    private MachineryUsingValue() {}

    /**
     * {@return the value as text}
     *
     * @param value the value
     */
    public static String write(ValueUsingMachinery value) {
        return value.getClass().getSimpleName();
    }
}
