package io.quarry.querysuggestions.model;

import java.util.Objects;

/**
 * A facet attribute of a source index and how many of its most frequent values each suggestion carries.
 *
 * @param attribute the facet attribute (it must be in the source index's {@code attributesForFaceting})
 * @param amount    how many values, at least 1
 */
public record FacetAmount(String attribute, int amount) {

    /**
     * Validates the values.
     *
     * @param attribute the facet attribute
     * @param amount    how many values
     * @throws IllegalArgumentException if the attribute is blank or the amount below 1
     */
    public FacetAmount {
        Objects.requireNonNull(attribute, "attribute");
        if (attribute.isBlank()) {
            throw new IllegalArgumentException("attribute must not be blank");
        }
        if (amount < 1) {
            throw new IllegalArgumentException("amount must be at least 1, got " + amount);
        }
    }

    /**
     * A facet attribute and its number of values.
     *
     * @param attribute the facet attribute
     * @param amount    how many values
     * @return the facet
     */
    public static FacetAmount of(String attribute, int amount) {
        return new FacetAmount(attribute, amount);
    }
}
