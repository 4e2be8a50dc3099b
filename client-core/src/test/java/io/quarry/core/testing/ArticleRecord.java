package io.quarry.core.testing;

import java.util.List;

/**
 * The members of {@link Article} as a Java record.
 *
 * @param objectID  its ID, or null for none
 * @param title     its title
 * @param tags      its tags
 * @param price     its price
 * @param stock     units in stock
 * @param available whether it can be bought
 */
public record ArticleRecord(
        String objectID, String title, List<String> tags, Double price, Integer stock, Boolean available) {}
