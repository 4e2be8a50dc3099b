package io.quarry.search.model;

import io.quarry.core.InvalidRequestException;

/**
 * One range of a varying {@code aroundPrecision}: from {@code from} meters away on, results within {@code value}
 * meters of each other rank as equally close. Ranges are sent in any order; the service sorts them by
 * {@code from}.
 *
 * @param from  the distance the range starts at, in meters, zero or more
 * @param value the width of the distance buckets in the range, in meters, at least 1
 */
public record GeoPrecisionRange(long from, int value) {

    /**
     * Validates the parts.
     *
     * @param from  the distance the range starts at, in meters, zero or more
     * @param value the width of the distance buckets in the range, in meters, at least 1
     * @throws InvalidRequestException for a negative start or a width below 1
     */
    public GeoPrecisionRange {
        if (from < 0) {
            throw new InvalidRequestException("aroundPrecision: a range starts at 0 meters or more, got " + from);
        }
        if (value < 1) {
            throw new InvalidRequestException(
                    "aroundPrecision: a range's value must be at least 1 meter, got " + value);
        }
    }

    /**
     * A range.
     *
     * @param from  the distance the range starts at, in meters
     * @param value the width of the distance buckets, in meters
     * @return the range
     */
    public static GeoPrecisionRange of(long from, int value) {
        return new GeoPrecisionRange(from, value);
    }
}
