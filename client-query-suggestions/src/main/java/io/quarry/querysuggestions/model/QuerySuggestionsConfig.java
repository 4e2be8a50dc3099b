package io.quarry.querysuggestions.model;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A query-suggestions configuration: the suggestions index it builds and where suggestions come from.
 * Immutable: each setter returns a copy.
 *
 * <pre>{@code
 * QuerySuggestionsConfig.of("products_suggestions", SourceIndex.of("products").minHits(3))
 *         .languages("en")
 *         .exclude("cheap", "*free*");
 * }</pre>
 *
 * @param indexName     the suggestions index
 * @param sourceIndices the indices suggestions come from, at least one
 * @param languages     languages whose singular and plural forms of a suggestion are merged (the more popular
 *                      stays); null sends nothing
 * @param exclude       words and patterns no suggestion may contain; null sends nothing
 */
public record QuerySuggestionsConfig(
        String indexName, List<SourceIndex> sourceIndices, List<String> languages, List<String> exclude) {

    /**
     * Copies the lists.
     *
     * @param indexName     see the record description
     * @param sourceIndices see the record description
     * @param languages     see the record description
     * @param exclude       see the record description
     * @throws NullPointerException naming the member, if a list holds null
     */
    public QuerySuggestionsConfig {
        sourceIndices = sourceIndices == null ? List.of() : copy(sourceIndices, "sourceIndices");
        languages = languages == null ? null : copy(languages, "languages");
        exclude = exclude == null ? null : copy(exclude, "exclude");
    }

    /** {@return an immutable copy}; a null entry is refused by name, where {@code List.copyOf} would not say which. */
    static <T> List<T> copy(List<T> list, String member) {
        for (T entry : list) {
            if (entry == null) {
                throw new NullPointerException(member + " must not hold null");
            }
        }
        return List.copyOf(list);
    }

    /**
     * A configuration of a suggestions index.
     *
     * @param indexName     the suggestions index
     * @param sourceIndices the indices suggestions come from, at least one
     * @return the configuration
     * @throws IllegalArgumentException if the name is blank or no source index is given
     */
    public static QuerySuggestionsConfig of(String indexName, SourceIndex... sourceIndices) {
        Objects.requireNonNull(indexName, "indexName");
        if (indexName.isBlank()) {
            throw new IllegalArgumentException("indexName must not be blank");
        }
        if (Objects.requireNonNull(sourceIndices, "sourceIndices").length == 0) {
            throw new IllegalArgumentException("at least one source index is needed");
        }
        return new QuerySuggestionsConfig(indexName, Arrays.asList(sourceIndices), null, null);
    }

    /**
     * Sets {@code sourceIndices}: the indices suggestions come from.
     *
     * @param sources at least one
     * @return a copy
     */
    public QuerySuggestionsConfig sourceIndices(SourceIndex... sources) {
        Objects.requireNonNull(sources, "sources");
        return new QuerySuggestionsConfig(indexName, Arrays.asList(sources), languages, exclude);
    }

    /**
     * Sets {@code languages}: languages whose singular and plural suggestions are de-duplicated. They are languages
     * of the service's dictionaries: two lower-case letters of ISO 639-1 ({@code en}, {@code ja}), alone or with a
     * lower-case country code ({@code pt-br}). The service refuses a language it does not support ({@code xx},
     * {@code EN}, {@code eng}) with a 400 naming the entry, a {@link io.quarry.core.BadRequestException}; the client
     * sends the codes as given, so that a language the service adds needs no new client.
     *
     * @param codes language codes such as {@code en} or {@code pt-br}
     * @return a copy
     */
    public QuerySuggestionsConfig languages(String... codes) {
        Objects.requireNonNull(codes, "codes");
        return new QuerySuggestionsConfig(indexName, sourceIndices, Arrays.asList(codes), exclude);
    }

    /**
     * Sets {@code exclude}: words and patterns no suggestion may contain.
     *
     * @param wordsOrPatterns the words and patterns
     * @return a copy
     */
    public QuerySuggestionsConfig exclude(String... wordsOrPatterns) {
        Objects.requireNonNull(wordsOrPatterns, "wordsOrPatterns");
        return new QuerySuggestionsConfig(indexName, sourceIndices, languages, Arrays.asList(wordsOrPatterns));
    }
}
