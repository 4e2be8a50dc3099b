package io.quarry.core;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * A value the service knows by a name, such as an API key's right or a server's status. The client names the
 * values it knows as constants and keeps any other name as it was sent, so a value the service adds later still
 * reads and writes unchanged instead of failing the call.
 *
 * <p>In JSON the value is its name. Two values are equal when they are of the same type and have the same name;
 * {@link #toString()} is the name. Each subtype is final, declares its known values once (see
 * {@link io.quarry.core.spi.KnownNames}) and reads a name with its own {@code of(String)}.
 */
public abstract class NamedValue {

    private final String name;

    /**
     * A value with a name.
     *
     * @param name the name as the service spells it
     */
    protected NamedValue(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /**
     * The name as the service spells it: the value's JSON form.
     *
     * @return the name
     */
    @JsonValue
    public final String name() {
        return name;
    }

    /**
     * Whether another object is a value of the same type with the same name.
     *
     * @param other the other object
     * @return true when equal
     */
    @Override
    public final boolean equals(Object other) {
        return other != null && other.getClass() == getClass() && ((NamedValue) other).name.equals(name);
    }

    /** {@return the name's hash code} */
    @Override
    public final int hashCode() {
        return name.hashCode();
    }

    /** {@return the name} */
    @Override
    public final String toString() {
        return name;
    }
}
