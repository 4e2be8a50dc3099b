package io.quarry.mockserver.internal.products.suggestions;

import java.util.LinkedHashMap;
import java.util.Map;

/** A query that may become a suggestion of one source index: how popular it is and the facet filters used with it. */
final class Candidate {

    final String query;
    long popularity;
    /** attribute, then value, then how many searches of this query filtered on it. */
    final Map<String, Map<String, Long>> filters = new LinkedHashMap<>();

    Candidate(String query) {
        this.query = query;
    }

    void addPopularity(long count) {
        popularity = plus(popularity, count);
    }

    /** {@return the sum of two popularities, held at the largest long}: a wrapped sum would rank a suggestion last */
    static long plus(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    void filtered(String attribute, String value, long searches) {
        filters.computeIfAbsent(attribute, a -> new LinkedHashMap<>()).merge(value, searches, Long::sum);
    }
}
