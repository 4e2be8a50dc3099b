package io.quarry.search.model;

/**
 * The point of a hit's record that a geo search matched ({@code matchedGeoLocation} in the hit's ranking info): of a
 * record's {@code _geoloc} points, the one the search ranked it by.
 *
 * @param lat      the point's latitude
 * @param lng      the point's longitude
 * @param distance the point's distance to the searched point, in meters
 */
public record MatchedGeoLocation(Double lat, Double lng, Integer distance) {}
