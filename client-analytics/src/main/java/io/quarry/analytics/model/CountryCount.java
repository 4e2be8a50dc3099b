package io.quarry.analytics.model;

/**
 * Searches from one country.
 *
 * @param country the ISO 3166-1 alpha-2 country code
 * @param count the searches
 */
public record CountryCount(String country, long count) {}
