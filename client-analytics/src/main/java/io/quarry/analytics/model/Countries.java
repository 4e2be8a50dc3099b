package io.quarry.analytics.model;

import java.util.List;

/**
 * Searches per country.
 *
 * @param countries the rows, most frequent first
 */
public record Countries(List<CountryCount> countries) {}
