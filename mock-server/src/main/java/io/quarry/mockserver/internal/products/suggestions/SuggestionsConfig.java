package io.quarry.mockserver.internal.products.suggestions;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One validated query-suggestions configuration, defaults applied.
 *
 * @param indexName the suggestions index the builds write
 * @param sourceIndices where suggestions come from
 * @param languages languages whose singular and plural suggestions are de-duplicated
 * @param exclude words, phrases and {@code *} patterns no suggestion may contain
 */
record SuggestionsConfig(
        String indexName, List<SourceConfig> sourceIndices, List<String> languages, List<String> exclude) {

    /** {@return the indices a build reads records or searches of: every source and external index} */
    Set<String> readIndices() {
        Set<String> read = new HashSet<>();
        for (SourceConfig source : sourceIndices) {
            read.add(source.indexName());
            read.addAll(source.external());
        }
        return read;
    }

    /**
     * One source index.
     *
     * @param indexName the index searched by users
     * @param analyticsTags only searches carrying one of these tags count; empty for all
     * @param facets facet attributes whose top values each suggestion carries
     * @param minHits the fewest hits a suggestion must find in the source index (0: no minimum)
     * @param minLetters the fewest letters (and digits) a suggestion must have (0: no minimum)
     * @param generate facet attribute lists whose value combinations become suggestions
     * @param external indices of ready-made suggestions ({@code query}, {@code count})
     * @param replicas the source index's {@code replicas} flag: stored and read back, not acted on (the service's
     *     documents give no meaning to it)
     */
    record SourceConfig(
            String indexName,
            List<String> analyticsTags,
            List<FacetConfig> facets,
            int minHits,
            int minLetters,
            List<List<String>> generate,
            List<String> external,
            boolean replicas) {}

    /**
     * A facet attribute and how many of its values a suggestion keeps.
     *
     * @param attribute the attribute
     * @param amount how many values
     */
    record FacetConfig(String attribute, int amount) {}
}
