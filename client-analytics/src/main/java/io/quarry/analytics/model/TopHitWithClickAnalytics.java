package io.quarry.analytics.model;

/**
 * A record often returned by searches, with its click and conversion metrics; the rates are null when none of those searches was tracked.
 *
 * @param hit the record's objectID
 * @param count how many times it was returned
 * @param clickThroughRate share of tracked searches returning it where it was clicked; null without tracked searches
 * @param conversionRate share of tracked searches returning it where it converted; null without tracked searches
 * @param trackedSearchCount tracked searches that returned it
 * @param clickCount clicks on it
 * @param conversionCount conversions on it
 */
public record TopHitWithClickAnalytics(
        String hit,
        long count,
        Double clickThroughRate,
        Double conversionRate,
        long trackedSearchCount,
        long clickCount,
        long conversionCount) {}
