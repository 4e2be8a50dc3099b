package io.quarry.insights.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.NamedValue;
import io.quarry.core.spi.KnownNames;

/**
 * What a conversion was: {@link #ADD_TO_CART} or {@link #PURCHASE}. Other names are kept as they are
 * ({@link #of(String)}), so a subtype the service adds later can still be sent and read.
 */
public final class EventSubtype extends NamedValue {

    private static final KnownNames<EventSubtype> KNOWN = new KnownNames<>(EventSubtype::new);

    /** The user added the records to a cart. */
    public static final EventSubtype ADD_TO_CART = KNOWN.add("addToCart");
    /** The user bought the records. */
    public static final EventSubtype PURCHASE = KNOWN.add("purchase");

    private EventSubtype(String name) {
        super(name);
    }

    /**
     * The subtype of a name, known or not.
     *
     * @param name the name, such as {@code purchase}
     * @return the subtype
     */
    @JsonCreator
    public static EventSubtype of(String name) {
        return KNOWN.of(name);
    }
}
