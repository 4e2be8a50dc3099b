package io.quarry.answers.model;

import com.fasterxml.jackson.annotation.JsonValue;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.spi.CopyOnWrite;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A question for the answers API: immutable, each method returns a new query with one member set. Two queries are
 * equal when they send the same body.
 *
 * <pre>{@code
 * AnswersQuery query = AnswersQuery.of("how long does the battery last", "en")
 *         .attributesForPrediction("title", "body")
 *         .searchParameters(Map.of("filters", "category:phones"))
 *         .nbHits(5)
 *         .threshold(0.3);
 * }</pre>
 * Members left unset take the service's defaults: every attribute ({@code ["*"]}) for prediction, 10 hits, a
 * threshold of 0, and the attribute of each extract returned. Checked before sending: a non-null question, at
 * least one two-letter lower-case language code, and {@code nbHits} from 1 to {@value #MAX_HITS}.
 */
public final class AnswersQuery {

    /** The most hits one prediction returns. */
    public static final int MAX_HITS = 1000;

    private static final Pattern LANGUAGE = Pattern.compile("[a-z]{2}");

    private final String query;
    private final List<String> queryLanguages;
    private final List<String> attributesForPrediction;
    private final Map<String, Object> searchParameters;
    private final Integer nbHits;
    private final Double threshold;
    private final Boolean returnExtractAttribute;

    private AnswersQuery(
            String query,
            List<String> queryLanguages,
            List<String> attributesForPrediction,
            Map<String, Object> searchParameters,
            Integer nbHits,
            Double threshold,
            Boolean returnExtractAttribute) {
        this.query = query;
        this.queryLanguages = queryLanguages;
        this.attributesForPrediction = attributesForPrediction;
        this.searchParameters = searchParameters;
        this.nbHits = nbHits;
        this.threshold = threshold;
        this.returnExtractAttribute = returnExtractAttribute;
    }

    /**
     * A question in some languages.
     *
     * @param query          the question
     * @param queryLanguages the languages of the question, two-letter codes such as {@code en} or {@code fr}
     * @return the query
     * @throws InvalidRequestException if no language is given or a code is not two lower-case letters
     */
    public static AnswersQuery of(String query, String... queryLanguages) {
        return of(query, Arrays.asList(Objects.requireNonNull(queryLanguages, "queryLanguages")));
    }

    /**
     * A question in some languages.
     *
     * @param query          the question
     * @param queryLanguages the languages of the question, two-letter codes such as {@code en} or {@code fr}
     * @return the query
     * @throws InvalidRequestException if no language is given or a code is not two lower-case letters
     */
    public static AnswersQuery of(String query, List<String> queryLanguages) {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(queryLanguages, "queryLanguages");
        if (queryLanguages.isEmpty()) {
            throw new InvalidRequestException("queryLanguages needs at least one language, such as \"en\"");
        }
        for (String language : queryLanguages) {
            if (language == null || !LANGUAGE.matcher(language).matches()) {
                throw new InvalidRequestException(
                        "queryLanguages holds two-letter lower-case language codes such as \"en\", got " + language);
            }
        }
        return new AnswersQuery(query, List.copyOf(queryLanguages), null, Map.of(), null, null, null);
    }

    /**
     * The attributes searched for an answer.
     *
     * @param attributes attribute names (dotted paths reach nested attributes); {@code *} for every attribute
     * @return a new query
     * @throws InvalidRequestException if an attribute name is null
     */
    public AnswersQuery attributesForPrediction(String... attributes) {
        return attributesForPrediction(Arrays.asList(Objects.requireNonNull(attributes, "attributes")));
    }

    /**
     * The attributes searched for an answer.
     *
     * @param attributes attribute names; {@code *} for every attribute; null for the default ({@code ["*"]})
     * @return a new query
     * @throws InvalidRequestException if an attribute name is null
     */
    public AnswersQuery attributesForPrediction(List<String> attributes) {
        // a loop, not contains(null), which immutable lists refuse
        if (attributes != null && attributes.stream().anyMatch(Objects::isNull)) {
            throw new InvalidRequestException("attributesForPrediction holds attribute names, got null");
        }
        return new AnswersQuery(
                query,
                queryLanguages,
                attributes == null ? null : List.copyOf(attributes),
                searchParameters,
                nbHits,
                threshold,
                returnExtractAttribute);
    }

    /**
     * The search parameters used to fetch the hits the answers come from (filters, facet filters,
     * restrictSearchableAttributes, ...). The service sets the query and the paging itself. A search client's
     * query parameters fit as they are ({@code searchQuery.params()}).
     *
     * @param parameters parameter name to plain JSON value (String, Number, Boolean, List, Map); null for none
     * @return a new query
     */
    public AnswersQuery searchParameters(Map<String, ?> parameters) {
        return new AnswersQuery(
                query,
                queryLanguages,
                attributesForPrediction,
                CopyOnWrite.copy(parameters),
                nbHits,
                threshold,
                returnExtractAttribute);
    }

    /**
     * The most hits returned.
     *
     * @param nbHits 1 to {@value #MAX_HITS}
     * @return a new query
     * @throws InvalidRequestException if out of range
     */
    public AnswersQuery nbHits(int nbHits) {
        if (nbHits < 1 || nbHits > MAX_HITS) {
            throw new InvalidRequestException("nbHits must be from 1 to " + MAX_HITS + ", got " + nbHits);
        }
        return new AnswersQuery(
                query,
                queryLanguages,
                attributesForPrediction,
                searchParameters,
                nbHits,
                threshold,
                returnExtractAttribute);
    }

    /**
     * Keeps only the answers scoring above a threshold.
     *
     * @param threshold the score an answer must exceed; 0 by default
     * @return a new query
     * @throws InvalidRequestException if not a finite number
     */
    public AnswersQuery threshold(double threshold) {
        if (!Double.isFinite(threshold)) {
            throw new InvalidRequestException("threshold must be a finite number, got " + threshold);
        }
        return new AnswersQuery(
                query,
                queryLanguages,
                attributesForPrediction,
                searchParameters,
                nbHits,
                threshold,
                returnExtractAttribute);
    }

    /**
     * Leaves out the attribute of each extract ({@link Answer#extractAttribute()} is then null), which saves the
     * service some processing time.
     *
     * @return a new query
     */
    public AnswersQuery withoutExtractAttribute() {
        return extractAttribute(false);
    }

    /**
     * Returns the attribute of each extract (the default).
     *
     * @return a new query
     */
    public AnswersQuery withExtractAttribute() {
        return extractAttribute(true);
    }

    private AnswersQuery extractAttribute(boolean returned) {
        return new AnswersQuery(
                query, queryLanguages, attributesForPrediction, searchParameters, nbHits, threshold, returned);
    }

    /** {@return the question} */
    public String query() {
        return query;
    }

    /** {@return the languages of the question} */
    public List<String> queryLanguages() {
        return queryLanguages;
    }

    /** {@return the attributes for prediction, empty when left to the service's default ({@code ["*"]})} */
    public Optional<List<String>> attributesForPrediction() {
        return Optional.ofNullable(attributesForPrediction);
    }

    /** {@return the search parameters, empty when none} */
    public Map<String, Object> searchParameters() {
        return searchParameters;
    }

    /** {@return the most hits returned, empty when left to the service's default (10)} */
    public OptionalInt nbHits() {
        return nbHits == null ? OptionalInt.empty() : OptionalInt.of(nbHits);
    }

    /** {@return the threshold, empty when left to the service's default (0)} */
    public OptionalDouble threshold() {
        return threshold == null ? OptionalDouble.empty() : OptionalDouble.of(threshold);
    }

    /** {@return whether extracts name their attribute, empty when left to the service's default (they do)} */
    public Optional<Boolean> returnExtractAttribute() {
        return Optional.ofNullable(returnExtractAttribute);
    }

    /** The JSON body: the members set, in a fixed order. */
    @JsonValue
    Map<String, Object> json() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("query", query);
        body.put("queryLanguages", queryLanguages);
        putIfSet(body, "attributesForPrediction", attributesForPrediction);
        if (!searchParameters.isEmpty()) {
            body.put("searchParameters", searchParameters);
        }
        putIfSet(body, "nbHits", nbHits);
        putIfSet(body, "threshold", threshold);
        putIfSet(body, "returnExtractAttribute", returnExtractAttribute);
        return body;
    }

    private static void putIfSet(Map<String, Object> body, String name, Object value) {
        if (value != null) {
            body.put(name, value);
        }
    }

    /**
     * {@return whether the other object is a query that sends the same body}
     *
     * @param other the object compared
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof AnswersQuery query && json().equals(query.json());
    }

    /** {@return a hash of the body, consistent with {@link #equals(Object)}} */
    @Override
    public int hashCode() {
        return json().hashCode();
    }

    /** Shows the JSON body. */
    @Override
    public String toString() {
        return "AnswersQuery" + json();
    }
}
