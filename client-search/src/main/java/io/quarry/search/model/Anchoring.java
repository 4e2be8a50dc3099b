package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.NamedValue;
import io.quarry.core.spi.KnownNames;

/**
 * How a rule's pattern must sit in the query. The constants are the service's anchorings; {@link #of(String)}
 * takes any other name too, so one the service adds later still reads and writes unchanged.
 */
public final class Anchoring extends NamedValue {

    private static final KnownNames<Anchoring> KNOWN = new KnownNames<>(Anchoring::new);

    /** The query is the pattern. */
    public static final Anchoring IS = KNOWN.add("is");
    /** The query starts with the pattern. */
    public static final Anchoring STARTS_WITH = KNOWN.add("startsWith");
    /** The query ends with the pattern. */
    public static final Anchoring ENDS_WITH = KNOWN.add("endsWith");
    /** The query contains the pattern. */
    public static final Anchoring CONTAINS = KNOWN.add("contains");

    private Anchoring(String name) {
        super(name);
    }

    /**
     * An anchoring by its name on the wire, known or not.
     *
     * @param name the name, such as {@code startsWith}
     * @return the anchoring
     */
    @JsonCreator
    public static Anchoring of(String name) {
        return KNOWN.of(name);
    }
}
