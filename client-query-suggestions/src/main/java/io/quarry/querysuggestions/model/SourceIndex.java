package io.quarry.querysuggestions.model;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An index whose searches feed a suggestions index, and the rules a suggestion drawn from it must pass. Members
 * left null are not sent, so the service's defaults apply (no analytics-tag restriction, no facets, no minimum
 * of hits or letters, nothing generated, no external index). Immutable: each setter returns a copy.
 *
 * <pre>{@code
 * SourceIndex source =
 *         SourceIndex.of("products").minHits(10).facets(FacetAmount.of("brand", 3)).generate("brand", "color");
 * }</pre>
 *
 * @param indexName     the source index
 * @param analyticsTags only searches carrying one of these analytics tags count; null or empty for every search
 * @param facets        facet attributes whose top values each suggestion carries
 * @param minHits       the fewest hits a suggestion must find in the source index; the service spells it
 *                      {@code minHit} when it reads a configuration back, and both spellings are accepted here
 * @param minLetters    the fewest letters a suggestion must have
 * @param generate      lists of facet attributes; every combination of their values becomes a suggestion
 * @param external      indices of ready-made suggestions, whose records carry {@code query} and {@code count}
 * @param replicas      read only: whether the source index's replicas are used too, as the service reports it
 *                      when it reads a configuration back (false by default; null in source indices built here,
 *                      and never sent)
 */
public record SourceIndex(
        String indexName,
        List<String> analyticsTags,
        List<FacetAmount> facets,
        @JsonAlias("minHit") Integer minHits,
        Integer minLetters,
        List<List<String>> generate,
        List<String> external,

        @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
        Boolean replicas) {

    /**
     * Copies the lists.
     *
     * @param indexName     the source index
     * @param analyticsTags see the record description
     * @param facets        see the record description
     * @param minHits       see the record description
     * @param minLetters    see the record description
     * @param generate      see the record description
     * @param external      see the record description
     * @param replicas      see the record description
     * @throws NullPointerException naming the member, if a list holds null
     */
    public SourceIndex {
        analyticsTags = analyticsTags == null ? null : QuerySuggestionsConfig.copy(analyticsTags, "analyticsTags");
        facets = facets == null ? null : QuerySuggestionsConfig.copy(facets, "facets");
        generate = generate == null
                ? null
                : QuerySuggestionsConfig.copy(generate, "generate").stream()
                        .map(list -> QuerySuggestionsConfig.copy(list, "generate"))
                        .toList();
        external = external == null ? null : QuerySuggestionsConfig.copy(external, "external");
    }

    /**
     * A source index with the service's defaults.
     *
     * @param indexName the index
     * @return the source index
     * @throws IllegalArgumentException if the name is blank
     */
    public static SourceIndex of(String indexName) {
        Objects.requireNonNull(indexName, "indexName");
        if (indexName.isBlank()) {
            throw new IllegalArgumentException("indexName must not be blank");
        }
        return new SourceIndex(indexName, null, null, null, null, null, null, null);
    }

    /**
     * Sets {@code analyticsTags}: only searches carrying one of these tags count.
     *
     * @param tags the tags
     * @return a copy
     */
    public SourceIndex analyticsTags(String... tags) {
        return new SourceIndex(
                indexName,
                Arrays.asList(Objects.requireNonNull(tags, "tags")),
                facets,
                minHits,
                minLetters,
                generate,
                external,
                replicas);
    }

    /**
     * Sets {@code facets}: facet attributes whose top values each suggestion carries.
     *
     * @param amounts the attributes and their numbers of values
     * @return a copy
     */
    public SourceIndex facets(FacetAmount... amounts) {
        return new SourceIndex(
                indexName,
                analyticsTags,
                Arrays.asList(Objects.requireNonNull(amounts, "amounts")),
                minHits,
                minLetters,
                generate,
                external,
                replicas);
    }

    /**
     * Sets {@code minHits}: the fewest hits a suggestion must find in the source index.
     *
     * @param hits at least 0
     * @return a copy
     * @throws IllegalArgumentException if negative
     */
    public SourceIndex minHits(int hits) {
        return new SourceIndex(
                indexName,
                analyticsTags,
                facets,
                nonNegative(hits, "minHits"),
                minLetters,
                generate,
                external,
                replicas);
    }

    /**
     * Sets {@code minLetters}: the fewest letters a suggestion must have.
     *
     * @param letters at least 0
     * @return a copy
     * @throws IllegalArgumentException if negative
     */
    public SourceIndex minLetters(int letters) {
        return new SourceIndex(
                indexName,
                analyticsTags,
                facets,
                minHits,
                nonNegative(letters, "minLetters"),
                generate,
                external,
                replicas);
    }

    /**
     * Adds one list to {@code generate}: every combination of the values of these facet attributes becomes a
     * suggestion ({@code generate("brand", "color")} suggests "acme red", "acme blue", ...). Call it once per list.
     *
     * @param attributes the facet attributes of one list, at least one
     * @return a copy
     * @throws IllegalArgumentException if no attribute is given
     */
    public SourceIndex generate(String... attributes) {
        if (Objects.requireNonNull(attributes, "attributes").length == 0) {
            throw new IllegalArgumentException("a generate list needs at least one facet attribute");
        }
        List<List<String>> lists = new ArrayList<>(generate == null ? List.of() : generate);
        lists.add(Arrays.asList(attributes));
        return new SourceIndex(indexName, analyticsTags, facets, minHits, minLetters, lists, external, replicas);
    }

    /**
     * Sets {@code external}: indices of ready-made suggestions ({@code query} and {@code count} per record).
     *
     * @param indexNames the indices
     * @return a copy
     */
    public SourceIndex external(String... indexNames) {
        return new SourceIndex(
                indexName,
                analyticsTags,
                facets,
                minHits,
                minLetters,
                generate,
                Arrays.asList(Objects.requireNonNull(indexNames, "indexNames")),
                replicas);
    }

    private static int nonNegative(int value, String name) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must not be negative, got " + value);
        }
        return value;
    }
}
