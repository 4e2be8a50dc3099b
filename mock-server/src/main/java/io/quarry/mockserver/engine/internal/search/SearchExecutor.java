package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.filter.FilterCompiler;
import io.quarry.mockserver.engine.internal.filter.RecordFilter;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Runs one search over a record store that the caller holds the read lock of. */
public final class SearchExecutor {

    private static final int MAX_HITS_PER_PAGE = 1000;

    private final SearchOptions options;
    private final SynonymSet synonyms;
    private final List<String> extraFilters;
    private final int maxHitsPerQuery;
    private final boolean seeUnretrievable;

    /**
     * @param options the effective options
     * @param synonyms the index synonyms
     * @param extraFilters filters imposed by the caller's key
     * @param maxHitsPerQuery the most hits one call may return; 0 for no limit
     * @param seeUnretrievable whether unretrievable attributes are returned anyway
     */
    public SearchExecutor(SearchOptions options, SynonymSet synonyms, List<String> extraFilters, int maxHitsPerQuery,
            boolean seeUnretrievable) {
        this.options = options;
        this.synonyms = synonyms;
        this.extraFilters = extraFilters;
        this.maxHitsPerQuery = maxHitsPerQuery;
        this.seeUnretrievable = seeUnretrievable;
    }

    /** @return the effective options */
    public SearchOptions options() {
        return options;
    }

    /** @return the compiled filters of the request and the caller's key */
    public RecordFilter filter() {
        RecordFilter filter = FilterCompiler.compile(options, extraFilters,
                Faceting.of(options.setting("attributesForFaceting")));
        GeoQuery geo = GeoQuery.of(options.params());
        return geo.active() ? filter.and(geo::accepts) : filter;
    }

    /** @return the searchable attributes under restrictSearchableAttributes */
    public SearchableAttributes searchable() {
        return SearchableAttributes.of(options.list("searchableAttributes"),
                options.params().stringList("restrictSearchableAttributes"));
    }

    /**
     * @param store the records
     * @param filter the compiled filters
     * @return the readings of the query and every hit, unordered
     */
    public Result match(RecordStore store, RecordFilter filter) {
        List<List<QueryWord>> readings = new QueryPlanner(options, store.terms(), synonyms).plan();
        RecordMatcher matcher = new RecordMatcher(searchable(), options.string("exactOnSingleWordQuery", "attribute"));
        List<Hit> hits = Matching.hits(store, readings, matcher, filter);
        String typoMode = options.typoTolerance();
        if ((typoMode.equals("min") || typoMode.equals("strict")) && !hits.isEmpty()) {
            int fewest = hits.stream().mapToInt(h -> h.match().typos()).min().orElse(0);
            int allowed = typoMode.equals("min") ? fewest : fewest + 1;
            hits.removeIf(h -> h.match().typos() > allowed);
        }
        GeoQuery geo = GeoQuery.of(options.params());
        if (geo.ranks()) {
            for (Hit hit : hits) {
                int point = geo.nearestPoint(hit.record());
                if (point >= 0) {
                    hit.locate(point, geo.distanceTo(hit.record(), point));
                }
            }
        }
        return new Result(readings, hits);
    }

    /**
     * The readings of a query and its hits.
     *
     * @param readings the readings (the first is the query as typed)
     * @param hits the hits
     */
    public record Result(List<List<QueryWord>> readings, List<Hit> hits) {
    }

    /**
     * @param store the records
     * @return the search response (seed 000 §2.3)
     */
    public ObjectNode search(RecordStore store) {
        long started = System.nanoTime();
        Pagination pagination = pagination();
        FacetCounter facetCounter = new FacetCounter(options, Faceting.of(options.setting("attributesForFaceting")));
        Result result = match(store, filter());
        List<Hit> hits = result.hits();
        List<String> ranking = new ArrayList<>(options.ranking());
        if (options.typoTolerance().equals("strict") && ranking.remove("typo")) {
            ranking.add(0, "typo");
        }
        hits.sort(HitOrder.of(ranking, options.customRanking(), GeoQuery.of(options.params()).precision()));
        List<IndexedRecord> beforeDistinct = facetCounter.requested() ? records(hits) : List.of();
        hits = distinct(hits);

        ObjectNode response = JsonNodeFactory.instance.objectNode();
        int nbHits = hits.size();
        int reachable = Math.min(nbHits, pagination.limit());
        int from = Math.min(pagination.offset(), reachable);
        int to = Math.min(from + pagination.length(), reachable);
        SearchableAttributes searchable = searchable();
        HitRenderer renderer = new HitRenderer(options, searchable, seeUnretrievable,
                GeoQuery.of(options.params()).precision());
        Map<Hit, Integer> userScores = options.bool("getRankingInfo", false) ? userScores(hits) : Map.of();
        ArrayNode hitsNode = response.putArray("hits");
        for (Hit hit : hits.subList(from, to)) {
            hitsNode.add(renderer.render(hit, result.readings().get(hit.reading()), userScores.getOrDefault(hit, 0)));
        }
        response.put("nbHits", nbHits);
        response.put("page", pagination.page());
        response.put("nbPages", pagination.hitsPerPage() == 0 ? 0
                : (reachable + pagination.hitsPerPage() - 1) / pagination.hitsPerPage());
        response.put("hitsPerPage", pagination.hitsPerPage());
        if (pagination.explicitOffset()) {
            response.put("offset", pagination.offset());
            response.put("length", pagination.length());
        }
        response.put("exhaustiveNbHits", true);
        response.put("exhaustiveTypo", true);
        if (facetCounter.requested()) {
            boolean afterDistinct = options.bool("facetingAfterDistinct", false);
            facetCounter.addTo(afterDistinct ? records(hits) : beforeDistinct, response);
        }
        response.put("query", options.query());
        response.put("parsed_query", String.join(" ", Tokenizer.terms(options.query())));
        response.put("params", options.params().encode());
        response.put("processingTimeMS", Math.max(1, (System.nanoTime() - started) / 1_000_000));
        return response;
    }

    private static List<IndexedRecord> records(List<Hit> hits) {
        List<IndexedRecord> records = new ArrayList<>(hits.size());
        hits.forEach(h -> records.add(h.record()));
        return records;
    }

    private List<Hit> distinct(List<Hit> sorted) {
        int perGroup = options.distinct();
        if (perGroup == 0) {
            return sorted;
        }
        String attribute = options.string("attributeForDistinct", "");
        Map<String, Integer> seen = new HashMap<>();
        List<Hit> kept = new ArrayList<>();
        for (Hit hit : sorted) {
            Comparable<?> value = AttributeValues.sortValue(hit.record(), attribute);
            if (value == null) {
                kept.add(hit);
                continue;
            }
            String key = value.toString();
            int count = seen.merge(key, 1, Integer::sum);
            if (count <= perGroup) {
                kept.add(hit);
            }
        }
        return kept;
    }

    private Map<Hit, Integer> userScores(List<Hit> hits) {
        List<Hit> byCustom = new ArrayList<>(hits);
        byCustom.sort(HitOrder.custom(options.customRanking())
                .thenComparing(Comparator.comparingLong(h -> h.record().sequence())));
        Map<Hit, Integer> scores = new IdentityHashMap<>();
        for (int i = 0; i < byCustom.size(); i++) {
            scores.put(byCustom.get(i), byCustom.size() - i);
        }
        return scores;
    }

    /**
     * Where the page starts and how long it is.
     *
     * @param page the page number
     * @param hitsPerPage the page size
     * @param offset the first hit returned
     * @param length how many hits are returned
     * @param limit how many hits are reachable at all (paginationLimitedTo)
     * @param explicitOffset whether the request used offset/length
     */
    public record Pagination(int page, int hitsPerPage, int offset, int length, int limit, boolean explicitOffset) {
    }

    private Pagination pagination() {
        int hitsPerPage = options.integer("hitsPerPage", 20);
        if (hitsPerPage < 0 || hitsPerPage > MAX_HITS_PER_PAGE) {
            throw new EngineException(400, "hitsPerPage must be between 0 and 1000 (got " + hitsPerPage + ")");
        }
        if (maxHitsPerQuery > 0) {
            hitsPerPage = Math.min(hitsPerPage, maxHitsPerQuery);
        }
        int page = options.params().integer("page", 0);
        if (page < 0) {
            throw new EngineException(400, "page must be greater than or equal to 0 (got " + page + ")");
        }
        int limit = options.integer("paginationLimitedTo", 1000);
        if (limit < 0 || limit > 20000) {
            throw new EngineException(400, "paginationLimitedTo must be between 0 and 20000");
        }
        JsonNode offsetNode = options.params().raw("offset");
        if (offsetNode != null) {
            int offset = RequestParams.toInt("offset", offsetNode);
            int length = options.params().integer("length", hitsPerPage);
            if (offset < 0) {
                throw new EngineException(400, "offset must be greater than or equal to 0");
            }
            if (length < 0 || length > MAX_HITS_PER_PAGE) {
                throw new EngineException(400, "length must be between 0 and 1000 (got " + length + ")");
            }
            if (maxHitsPerQuery > 0) {
                length = Math.min(length, maxHitsPerQuery);
            }
            return new Pagination(length == 0 ? 0 : offset / length, length, offset, length, limit, true);
        }
        long offset = (long) page * hitsPerPage;
        return new Pagination(page, hitsPerPage, (int) Math.min(offset, Integer.MAX_VALUE), hitsPerPage, limit,
                false);
    }
}
