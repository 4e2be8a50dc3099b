package io.quarry.insights.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * What a conversion was: {@link #ADD_TO_CART} or {@link #PURCHASE}. Other names are kept as they are
 * ({@link #of(String)}).
 *
 * @param name the name sent to the service
 */
public record EventSubtype(String name) {

    /** The user added the records to a cart. */
    public static final EventSubtype ADD_TO_CART = new EventSubtype("addToCart");
    /** The user bought the records. */
    public static final EventSubtype PURCHASE = new EventSubtype("purchase");

    /**
     * Validates the name.
     *
     * @param name see the record description
     */
    public EventSubtype {
        Objects.requireNonNull(name, "name");
    }

    /**
     * The type of a name, known or not.
     *
     * @param name the name, such as {@code purchase}
     * @return the type
     */
    @JsonCreator
    public static EventSubtype of(String name) {
        return new EventSubtype(name);
    }

    /** {@return the name, as sent} */
    @JsonValue
    @Override
    public String toString() {
        return name;
    }
}
