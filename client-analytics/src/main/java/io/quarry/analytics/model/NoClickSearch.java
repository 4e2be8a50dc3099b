package io.quarry.analytics.model;

/**
 * A frequent tracked search that earned no click.
 *
 * @param search the query
 * @param count how many times it earned no click
 * @param nbHits the average number of hits it found
 */
public record NoClickSearch(String search, long count, long nbHits) {}
