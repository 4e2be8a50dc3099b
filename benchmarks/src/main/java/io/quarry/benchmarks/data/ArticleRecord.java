package io.quarry.benchmarks.data;

import java.util.List;

/**
 * {@link Article}'s eleven members as a Java {@code record}: the same members and values (Jackson orders a
 * record's members as declared and, by default, a class's alphabetically).
 *
 * @param objectID the record's ID
 * @param title a short title
 * @param description a paragraph
 * @param brand the brand
 * @param category the category
 * @param tags three tags
 * @param price the price
 * @param rating 0 to 5
 * @param stock units in stock
 * @param popularity a popularity score
 * @param available whether it can be bought now
 */
public record ArticleRecord(
        String objectID,
        String title,
        String description,
        String brand,
        String category,
        List<String> tags,
        Double price,
        Double rating,
        Integer stock,
        Long popularity,
        Boolean available) {}
