package io.quarry.benchmarks.data;

import java.util.List;

/**
 * The typed hit and record of every benchmark: a catalogue product, the shape most search indices hold.
 *
 * @param objectID the record's ID
 * @param name a short title (a few words)
 * @param description a paragraph of some twenty words
 * @param brand one of a few dozen brands (a facet)
 * @param categories two or three categories (a facet)
 * @param price the price (a numeric filter)
 * @param rating 1 to 5
 * @param reviews the number of reviews
 * @param inStock whether it can be bought now
 */
public record Product(
        String objectID,
        String name,
        String description,
        String brand,
        List<String> categories,
        double price,
        int rating,
        int reviews,
        boolean inStock) {}
