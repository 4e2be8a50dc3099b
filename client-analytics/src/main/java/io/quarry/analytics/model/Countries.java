package io.quarry.analytics.model;

import java.util.List;

/**
 * Searches per country.
 *
 * @param countries the rows, most frequent first
 */
public record Countries(List<CountryCount> countries) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param countries see the record description
     */
    public Countries {
        countries = Rows.list(countries);
    }
}
