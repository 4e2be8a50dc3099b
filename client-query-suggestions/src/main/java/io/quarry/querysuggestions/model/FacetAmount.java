package io.quarry.querysuggestions.model;

import java.util.Objects;

/**
 * A facet attribute of a source index and how many of its most frequent values each suggestion carries.
 *
 * @param attribute the facet attribute (it must be in the source index's {@code attributesForFaceting})
 * @param amount    how many values; {@link #of(String, int)} takes at least 1, and a configuration read back holds
 *                  whatever the service sends
 */
public record FacetAmount(String attribute, int amount) {

    /**
     * Takes the values as they are, so a configuration read back never fails on one; {@link #of(String, int)}
     * checks them, and the service answers a value it refuses with an error when the configuration is sent.
     *
     * @param attribute the facet attribute
     * @param amount    how many values
     */
    public FacetAmount {}

    /**
     * A facet attribute and its number of values.
     *
     * @param attribute the facet attribute
     * @param amount    how many values, at least 1
     * @return the facet
     * @throws NullPointerException     if the attribute is null
     * @throws IllegalArgumentException if the attribute is blank or the amount below 1
     */
    public static FacetAmount of(String attribute, int amount) {
        Objects.requireNonNull(attribute, "attribute");
        if (attribute.isBlank()) {
            throw new IllegalArgumentException("attribute must not be blank");
        }
        if (amount < 1) {
            throw new IllegalArgumentException("amount must be at least 1, got " + amount);
        }
        return new FacetAmount(attribute, amount);
    }
}
