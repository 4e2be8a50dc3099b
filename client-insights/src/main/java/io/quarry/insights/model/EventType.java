package io.quarry.insights.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * The kind of an event: {@link #CLICK}, {@link #VIEW} or {@link #CONVERSION}. Other names are kept as they are
 * ({@link #of(String)}), so a kind the service adds later can still be sent and read.
 *
 * @param name the name sent to the service
 */
public record EventType(String name) {

    /** A user clicked records or filters. */
    public static final EventType CLICK = new EventType("click");
    /** A user saw records or filters. */
    public static final EventType VIEW = new EventType("view");
    /** A user converted (added to cart, bought, ...) on records or filters. */
    public static final EventType CONVERSION = new EventType("conversion");

    /**
     * Validates the name.
     *
     * @param name see the record description
     */
    public EventType {
        Objects.requireNonNull(name, "name");
    }

    /**
     * The type of a name, known or not.
     *
     * @param name the name, such as {@code click}
     * @return the type
     */
    @JsonCreator
    public static EventType of(String name) {
        return new EventType(name);
    }

    /** @return the name, as sent */
    @JsonValue
    @Override
    public String toString() {
        return name;
    }
}
