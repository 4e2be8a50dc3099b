package io.quarry.analytics.model;

import java.util.List;

/**
 * One of the most frequent searches with its click and conversion metrics. The rates are null when none of its searches was tracked (made with click analytics on).
 *
 * @param search the query as the user typed it
 * @param count how many times it was searched, tracked or not
 * @param nbHits the average number of hits it found
 * @param clickThroughRate share of tracked searches with at least one click; null when no tracked search was received, 0 with tracked searches but no click
 * @param averageClickPosition average absolute position of the clicks; null until a click with a position arrives
 * @param conversionRate share of tracked searches with at least one conversion; null when no tracked search was received, 0 with tracked searches but no conversion
 * @param trackedSearchCount searches made with click analytics on
 * @param clickCount clicks counted for these searches
 * @param conversionCount conversions counted for these searches
 * @param clickPositions clicks per range of positions (empty when the service sends none)
 */
public record TopSearchWithClickAnalytics(
        String search,
        long count,
        long nbHits,
        Double clickThroughRate,
        Double averageClickPosition,
        Double conversionRate,
        long trackedSearchCount,
        long clickCount,
        long conversionCount,
        List<ClickPositionBucket> clickPositions) {

    /**
     * Copies the click positions without null items; missing ones are empty.
     *
     * @param search see the record description
     * @param count see the record description
     * @param nbHits see the record description
     * @param clickThroughRate see the record description
     * @param averageClickPosition see the record description
     * @param conversionRate see the record description
     * @param trackedSearchCount see the record description
     * @param clickCount see the record description
     * @param conversionCount see the record description
     * @param clickPositions see the record description
     */
    public TopSearchWithClickAnalytics {
        clickPositions = Rows.list(clickPositions);
    }
}
