package io.quarry.personalization.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.NamedValue;
import io.quarry.core.spi.KnownNames;

/**
 * The kind of user event a strategy scores: {@link #CLICK}, {@link #CONVERSION} or {@link #VIEW}. Types the
 * service may add later are kept as they are read ({@link #of(String)}), so a strategy using them still reads;
 * {@link #isKnown()} tells them apart.
 */
public final class EventType extends NamedValue {

    private static final KnownNames<EventType> KNOWN = new KnownNames<>(EventType::new);

    /** A click on a record or filter. */
    public static final EventType CLICK = KNOWN.add("click");
    /** A conversion (add to cart, purchase, ...). */
    public static final EventType CONVERSION = KNOWN.add("conversion");
    /** A view of a record or filter. */
    public static final EventType VIEW = KNOWN.add("view");

    private EventType(String name) {
        super(name);
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
        return KNOWN.of(name);
    }

    /**
     * Whether this is one of the types the service accepts in a strategy today (click, conversion, view).
     *
     * @return true for a known type
     */
    public boolean isKnown() {
        return KNOWN.contains(this);
    }
}
