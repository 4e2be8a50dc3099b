package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.EnrichedRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A search (or browse) response with hits decoded into the caller's type. Counts absent from the answer read
 * as 0.
 *
 * <p>Compared by identity, as its {@link Hit}s are. A test compares {@link #records()} and the counts.
 *
 * @param <T> the record type
 */
public final class SearchResponse<T> {

    private final SearchResponseJson<T> json;
    private final List<Hit<T>> hits;

    private SearchResponse(SearchResponseJson<T> json, List<Hit<T>> hits) {
        this.json = json;
        this.hits = hits;
    }

    // Jackson reads the wire form, the record type of the hits bound from the requested SearchResponse<T>.
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static <T> SearchResponse<T> of(SearchResponseJson<T> json) {
        if (json.hits() == null) {
            return new SearchResponse<>(json, List.of());
        }
        // a plain loop: a stream costs several objects per response on the hot path
        List<Hit<T>> hits = new ArrayList<>(json.hits().size());
        for (EnrichedRecord<T> hit : json.hits()) {
            hits.add(Hit.of(hit));
        }
        return new SearchResponse<>(json, Collections.unmodifiableList(hits));
    }

    /** {@return the hits, with the generated members} */
    public List<Hit<T>> hits() {
        return hits;
    }

    /** {@return the records of the hits, in order} */
    public List<T> records() {
        return hits.stream().map(Hit::record).toList();
    }

    /** {@return the zero-based page} */
    public int page() {
        return json.page() == null ? 0 : json.page();
    }

    /** {@return the number of hits} */
    public long nbHits() {
        return json.nbHits() == null ? 0 : json.nbHits();
    }

    /** {@return the number of pages} */
    public int nbPages() {
        return json.nbPages() == null ? 0 : json.nbPages();
    }

    /** {@return hits per page} */
    public int hitsPerPage() {
        return json.hitsPerPage() == null ? 0 : json.hitsPerPage();
    }

    /** {@return engine time in milliseconds} */
    public long processingTimeMS() {
        return json.processingTimeMS() == null ? 0 : json.processingTimeMS();
    }

    /** {@return the query text} */
    public String query() {
        return json.query() == null ? "" : json.query();
    }

    /** {@return the query as the engine parsed it (single-index search)} */
    public Optional<String> parsedQuery() {
        return Optional.ofNullable(json.parsedQuery());
    }

    /** {@return the parameters that applied, URL-encoded} */
    public String params() {
        return json.params() == null ? "" : json.params();
    }

    /** {@return the index, in each result of a multi-index search} */
    public Optional<String> index() {
        return Optional.ofNullable(json.index());
    }

    /** {@return false when a multi-index search skipped this query (stopIfEnoughMatches); true otherwise} */
    public boolean processed() {
        return json.processed() == null || json.processed();
    }

    /** {@return the cursor of the next browse page; empty at the end or in search responses} */
    public Optional<String> cursor() {
        return Optional.ofNullable(json.cursor());
    }

    /** {@return facet name to value to count} */
    public Map<String, Map<String, Long>> facets() {
        return json.facets() == null ? Map.of() : json.facets();
    }

    /** {@return numeric facet name to statistics} */
    public Map<String, FacetStats> facetsStats() {
        return json.facetsStats() == null ? Map.of() : json.facetsStats();
    }

    /** {@return whether {@link #nbHits()} is exact, if the service said} */
    public Optional<Boolean> exhaustiveNbHits() {
        return Optional.ofNullable(json.exhaustiveNbHits());
    }

    /** {@return the query ID, present with {@code clickAnalytics}} */
    public Optional<String> queryID() {
        return Optional.ofNullable(json.queryID());
    }

    /**
     * The custom data of the rules that applied to this query, in the order they applied (plain JSON values:
     * strings, numbers, booleans, lists, maps).
     *
     * @return the data; empty when no rule applied
     */
    public List<Object> userData() {
        return json.userData() == null ? List.of() : json.userData();
    }

    /** {@return the rules that applied to this query; empty when none did} */
    public List<AppliedRule> appliedRules() {
        return json.appliedRules() == null ? List.of() : json.appliedRules();
    }

    /**
     * The radius the engine chose for a search around a point that gave no {@code aroundRadius}, from how densely
     * records lie around the point. The service sends it as a string of digits; it reads here as a number.
     *
     * @return the radius in meters; empty when the search set its own radius or searched around no point
     */
    public OptionalInt automaticRadius() {
        Integer radius = json.automaticRadius();
        return radius == null ? OptionalInt.empty() : OptionalInt.of(radius);
    }

    /** Shows the counts and the query. */
    @Override
    public String toString() {
        return "SearchResponse{query=" + query() + ", nbHits=" + nbHits() + ", page=" + page() + ", hits=" + hits.size()
                + "}";
    }
}
