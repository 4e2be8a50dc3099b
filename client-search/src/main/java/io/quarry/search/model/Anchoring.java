package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * How a rule's pattern must sit in the query. The constants are the service's anchorings; {@link #of(String)}
 * takes any other name too, so one the service adds later still reads and writes unchanged.
 *
 * @param name the anchoring's name on the wire, such as {@code contains}
 */
public record Anchoring(String name) {

    /** The query is the pattern. */
    public static final Anchoring IS = new Anchoring("is");
    /** The query starts with the pattern. */
    public static final Anchoring STARTS_WITH = new Anchoring("startsWith");
    /** The query ends with the pattern. */
    public static final Anchoring ENDS_WITH = new Anchoring("endsWith");
    /** The query contains the pattern. */
    public static final Anchoring CONTAINS = new Anchoring("contains");

    /**
     * Checks the name.
     *
     * @param name the anchoring's name on the wire
     */
    public Anchoring {
        Objects.requireNonNull(name, "name");
    }

    /**
     * An anchoring by its name on the wire, known or not.
     *
     * @param name the name, such as {@code startsWith}
     * @return the anchoring
     */
    @JsonCreator
    public static Anchoring of(String name) {
        return new Anchoring(name);
    }

    /** @return the name on the wire */
    @JsonValue
    @Override
    public String name() {
        return name;
    }

    /** @return the name on the wire */
    @Override
    public String toString() {
        return name;
    }
}
