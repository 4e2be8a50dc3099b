package io.quarry.examples;

/**
 * A product of the example catalogue, as stored in the index.
 *
 * @param objectID    the record's ID
 * @param name        display name
 * @param brand       brand (a facet)
 * @param category    category (a facet)
 * @param color       color (a facet)
 * @param price       price in euros
 * @param rating      average rating, 0 to 5
 * @param reviews     number of reviews
 * @param inStock     whether it can be ordered now
 * @param description a sentence about it
 */
public record Product(
        String objectID,
        String name,
        String brand,
        String category,
        String color,
        double price,
        double rating,
        int reviews,
        boolean inStock,
        String description) {}
