package io.quarry.insights.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.NamedValue;
import io.quarry.core.spi.KnownNames;

/**
 * The kind of an event: {@link #CLICK}, {@link #VIEW} or {@link #CONVERSION}. Other names are kept as they are
 * ({@link #of(String)}), so a kind the service adds later can still be sent and read.
 */
public final class EventType extends NamedValue {

    private static final KnownNames<EventType> KNOWN = new KnownNames<>(EventType::new);

    /** A user clicked records or filters. */
    public static final EventType CLICK = KNOWN.add("click");
    /** A user saw records or filters. */
    public static final EventType VIEW = KNOWN.add("view");
    /** A user converted (added to cart, bought, ...) on records or filters. */
    public static final EventType CONVERSION = KNOWN.add("conversion");

    private EventType(String name) {
        super(name);
    }

    /**
     * The type of a name, known or not.
     *
     * @param name the name, such as {@code click}
     * @return the type
     */
    @JsonCreator
    public static EventType of(String name) {
        return KNOWN.of(name);
    }
}
