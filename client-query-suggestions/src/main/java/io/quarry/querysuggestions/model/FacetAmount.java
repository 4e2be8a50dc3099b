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
     * Validates the attribute. Any amount is taken, so a configuration the service reads back never fails on one;
     * the service answers an amount it refuses with an error when the configuration is sent.
     *
     * @param attribute the facet attribute
     * @param amount    how many values
     * @throws IllegalArgumentException if the attribute is blank
     */
    public FacetAmount {
        Objects.requireNonNull(attribute, "attribute");
        if (attribute.isBlank()) {
            throw new IllegalArgumentException("attribute must not be blank");
        }
    }

    /**
     * A facet attribute and its number of values.
     *
     * @param attribute the facet attribute
     * @param amount    how many values, at least 1
     * @return the facet
     * @throws IllegalArgumentException if the attribute is blank or the amount below 1
     */
    public static FacetAmount of(String attribute, int amount) {
        if (amount < 1) {
            throw new IllegalArgumentException("amount must be at least 1, got " + amount);
        }
        return new FacetAmount(attribute, amount);
    }
}
