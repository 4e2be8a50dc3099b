package io.quarry.personalization.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * The kind of user event a strategy scores: {@link #CLICK}, {@link #CONVERSION} or {@link #VIEW}. Types the
 * service may add later are kept as they are read ({@link #of(String)}), so a strategy using them still reads;
 * {@link #isKnown()} tells them apart.
 */
public final class EventType {

    /** A click on a record or filter. */
    public static final EventType CLICK = new EventType("click");
    /** A conversion (add to cart, purchase, ...). */
    public static final EventType CONVERSION = new EventType("conversion");
    /** A view of a record or filter. */
    public static final EventType VIEW = new EventType("view");

    private final String name;

    private EventType(String name) {
        this.name = name;
    }

    /**
     * The type with a name, known or not.
     *
     * @param name the name as the service spells it, such as {@code click}
     * @return the constant for a known name, or a type carrying the unknown name
     * @throws NullPointerException if the name is null
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static EventType of(String name) {
        return switch (Objects.requireNonNull(name, "name")) {
            case "click" -> CLICK;
            case "conversion" -> CONVERSION;
            case "view" -> VIEW;
            default -> new EventType(name);
        };
    }

    /**
     * The name as the service spells it.
     *
     * @return the name
     */
    @JsonValue
    public String name() {
        return name;
    }

    /**
     * Whether this is one of the types the service accepts in a strategy today (click, conversion, view).
     *
     * @return true for a known type
     */
    public boolean isKnown() {
        return this == CLICK || this == CONVERSION || this == VIEW;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EventType other && name.equals(other.name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    /** Returns the name. */
    @Override
    public String toString() {
        return name;
    }
}
