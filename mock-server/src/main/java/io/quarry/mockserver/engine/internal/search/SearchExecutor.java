package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.filter.Atom;
import io.quarry.mockserver.engine.internal.filter.FilterCompiler;
import io.quarry.mockserver.engine.internal.filter.FilterParser;
import io.quarry.mockserver.engine.internal.filter.OptionalFilters;
import io.quarry.mockserver.engine.internal.filter.RecordFilter;
import io.quarry.mockserver.engine.internal.filter.ScoredAtom;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntConsumer;
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
    private final boolean retrievalForced;
    private final GeoQuery geo;
    private final RuleSet.Outcome rules;
    /** Told the members each hit's highlight and snippet walks visit. */
    private final IntConsumer memberVisits;

    /**
     * @param options the effective options
     * @param synonyms the index synonyms
     * @param extraFilters filters imposed by the caller's key
     * @param maxHitsPerQuery the most hits one call may return; 0 for no limit
     * @param seeUnretrievable whether unretrievable attributes are returned anyway
     * @param retrievalForced whether the caller's key forces attributesToRetrieve (see {@link HitRenderer})
     * @param rules what the index rules do to this search
     */
    public SearchExecutor(
            SearchOptions options,
            SynonymSet synonyms,
            List<String> extraFilters,
            int maxHitsPerQuery,
            boolean seeUnretrievable,
            boolean retrievalForced,
            RuleSet.Outcome rules) {
        this(
                options,
                synonyms,
                extraFilters,
                maxHitsPerQuery,
                seeUnretrievable,
                retrievalForced,
                rules,
                AttributePaths.UNCOUNTED);
    }

    /**
     * A search that reports the work of its hits' walks, for a test to count.
     *
     * @param memberVisits told the member count of each object a hit's highlight or snippet walk visits
     */
    SearchExecutor(
            SearchOptions options,
            SynonymSet synonyms,
            List<String> extraFilters,
            int maxHitsPerQuery,
            boolean seeUnretrievable,
            boolean retrievalForced,
            RuleSet.Outcome rules,
            IntConsumer memberVisits) {
        this.memberVisits = memberVisits;
        this.rules = rules;
        options.validate();
        this.options = options;
        this.synonyms = synonyms;
        this.extraFilters = extraFilters == null ? List.of() : extraFilters;
        this.maxHitsPerQuery = maxHitsPerQuery;
        this.seeUnretrievable = seeUnretrievable;
        this.retrievalForced = retrievalForced;
        this.geo = GeoQuery.of(options.params());
    }

    /** {@return the geo part of the search} */
    public GeoQuery geo() {
        return geo;
    }

    /** {@return the effective options} */
    public SearchOptions options() {
        return options;
    }

    /**
     * {@return the compiled filters of the request, the caller's key and the rules' automatic facet filters}
     *
     * @param store the records the filter will test, read-locked
     */
    public RecordFilter filter(RecordStore store) {
        List<List<Atom>> clauses = new ArrayList<>(FilterCompiler.clauses(options, extraFilters));
        clauses.addAll(rules.filters());
        RecordFilter filter =
                FilterCompiler.toFilter(clauses, Faceting.of(options.setting("attributesForFaceting")), store);
        return geo.active() ? filter.and(geo::accepts) : filter;
    }

    /**
     * {@return the request's {@code optionalFilters}, its scored {@code filters} groups ({@code <score=N>}) and the
     *     rules' automatic optional facet filters, compiled}
     *
     * @param store the records that will be scored, read-locked
     * @throws EngineException 400 for a malformed or numeric optional filter
     */
    public OptionalFilters optionalFilters(RecordStore store) {
        List<List<ScoredAtom>> groups =
                new ArrayList<>(OptionalFilters.parse(options.params().raw("optionalFilters")));
        groups.addAll(rules.optionalFilters());
        JsonNode filters = options.params().raw("filters");
        if (filters != null && filters.isString()) {
            // Scored OR groups of filters rank like optional filters (every hit already passes them).
            groups.addAll(FilterParser.parseScored(filters.asString()).scored());
        }
        return OptionalFilters.compile(
                groups,
                options.bool("sumOrFiltersScores", false),
                Faceting.of(options.setting("attributesForFaceting")),
                store);
    }

    /** {@return the searchable attributes under restrictSearchableAttributes} */
    public SearchableAttributes searchable() {
        return SearchableAttributes.of(
                options.list("searchableAttributes"), options.params().stringList("restrictSearchableAttributes"));
    }

    /**
     * {@return the readings of the query and every hit, unordered}
     *
     * @param store the records
     * @param filter the compiled filters
     */
    public Result match(RecordStore store, RecordFilter filter) {
        Matching matching = matching(store, filter);
        RecordMatcher matcher = matching.matcher();
        RecordFilter withExclusions = matching.filter();
        List<List<QueryWord>> readings = matching.readings();
        List<Hit> hits = matching.hits();
        String removal = options.removeWordsIfNoResults();
        List<QueryWord> typed = readings.get(0);
        if (hits.isEmpty() && typed.size() > 1 && !removal.equals("none")) {
            Relaxed relaxed = fewestOptional(
                    typed, removal, words -> new Matching(store, List.of(words), matcher, withExclusions).hits());
            readings = List.of(relaxed.words());
            hits = relaxed.hits();
        }
        String typoMode = options.typoTolerance();
        if ((typoMode.equals("min") || typoMode.equals("strict")) && !hits.isEmpty()) {
            int fewest = hits.stream().mapToInt(h -> h.match().typos()).min().orElse(0);
            int allowed = typoMode.equals("min") ? fewest : fewest + 1;
            hits.removeIf(h -> h.match().typos() > allowed);
        }
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

    /** A query with words made optional, and the hits it matches. */
    record Relaxed(List<QueryWord> words, List<Hit> hits) {}

    /**
     * {@return the query with the fewest words made optional that lets a record match (the most when none does)}
     * Each more optional word can only add records, so a binary search finds it in log(n) matchings rather than one
     * per word. Package-private so that a test can count the matchings.
     *
     * @param typed the query's words as typed, more than one
     * @param removal {@code lastWords}, {@code firstWords} or {@code allOptional}
     * @param hitsOf the hits of a query
     */
    static Relaxed fewestOptional(List<QueryWord> typed, String removal, Function<List<QueryWord>, List<Hit>> hitsOf) {
        int n = typed.size();
        int low = removal.equals("allOptional") ? n - 1 : 1;
        int high = n - 1;
        List<QueryWord> found = relaxed(typed, removal, high);
        List<Hit> foundHits = hitsOf.apply(found);
        while (low < high && !foundHits.isEmpty()) {
            int k = (low + high) >>> 1;
            List<QueryWord> candidate = relaxed(typed, removal, k);
            List<Hit> candidateHits = hitsOf.apply(candidate);
            if (candidateHits.isEmpty()) {
                low = k + 1;
            } else {
                high = k;
                found = candidate;
                foundHits = candidateHits;
            }
        }
        return new Relaxed(found, foundHits);
    }

    /** {@return the query with {@code k} words optional: the last ones, the first ones, or (allOptional) all} */
    private static List<QueryWord> relaxed(List<QueryWord> typed, String removal, int k) {
        int n = typed.size();
        List<QueryWord> relaxed = new ArrayList<>();
        for (int w = 0; w < n; w++) {
            boolean optional = switch (removal) {
                case "lastWords" -> w >= n - k;
                case "firstWords" -> w < k;
                default -> true;
            };
            relaxed.add(optional ? typed.get(w).asOptional() : typed.get(w));
        }
        return relaxed;
    }

    /**
     * {@return the matching of the query as typed (optional and excluded words applied; no typo-mode or
     *     word-removal post-processing)}
     *
     * @param store the records, read-locked
     * @param filter the compiled filters
     */
    public Matching matching(RecordStore store, RecordFilter filter) {
        QueryPlanner.Plan plan = new QueryPlanner(options, store.terms(), synonyms).plan();
        List<List<QueryWord>> readings = withOptionalWords(plan.readings());
        List<String> noTypoAttributes = options.list("disableTypoToleranceOnAttributes");
        RecordMatcher matcher = new RecordMatcher(
                searchable(),
                options.exactOnSingleWordQuery(),
                noTypoAttributes == null ? List.of() : noTypoAttributes,
                store.dictionary());
        RecordFilter withExclusions =
                plan.excluded().isEmpty() ? filter : filter.and(record -> !matcher.holdsAny(record, plan.excluded()));
        return new Matching(store, readings, matcher, withExclusions);
    }

    private List<List<QueryWord>> withOptionalWords(List<List<QueryWord>> readings) {
        List<String> optionalWords = options.list("optionalWords");
        if (optionalWords == null || optionalWords.isEmpty()) {
            return readings;
        }
        java.util.Set<String> optional = new java.util.HashSet<>();
        optionalWords.forEach(w -> optional.addAll(Tokenizer.terms(w)));
        List<List<QueryWord>> marked = new ArrayList<>();
        for (List<QueryWord> reading : readings) {
            List<QueryWord> words = new ArrayList<>();
            reading.forEach(w -> words.add(optional.contains(w.word()) ? w.asOptional() : w));
            marked.add(words);
        }
        return marked;
    }

    /**
     * The readings of a query and its hits.
     *
     * @param readings the readings (the first is the query as typed)
     * @param hits the hits
     */
    public record Result(List<List<QueryWord>> readings, List<Hit> hits) {}

    /**
     * {@return the search response}
     *
     * @param store the records
     */
    public ObjectNode search(RecordStore store) {
        long started = System.nanoTime();
        Pagination pagination = pagination();
        FacetCounter facetCounter = new FacetCounter(options, Faceting.of(options.setting("attributesForFaceting")));
        RecordFilter filter = filter(store);
        OptionalFilters optionalFilters = optionalFilters(store);
        Result result = match(store, filter);
        List<Hit> hits = result.hits();
        score(hits, optionalFilters);
        List<String> ranking = new ArrayList<>(options.ranking());
        if (options.typoTolerance().equals("strict") && ranking.remove("typo")) {
            ranking.add(0, "typo");
        }
        boolean textual = result.readings().stream().anyMatch(r -> !r.isEmpty());
        Comparator<Hit> order = HitOrder.of(ranking, options.customRanking(), geo.precision(), textual, store);
        int[] beforeDistinct = facetCounter.requested() ? ordinals(hits) : new int[0];
        // Sorted hits, at least down to the end of the page; every hit when distinct or rules reshape the list.
        List<Hit> head;
        if (options.distinct() == 0
                && rules.hidden().isEmpty()
                && rules.promotions().isEmpty()) {
            int reachable = Math.min(hits.size(), pagination.limit());
            int from = Math.min(pagination.offset(), reachable);
            head = TopHits.best(hits, order, Math.min(from + pagination.length(), reachable));
        } else {
            hits.sort(order);
            List<Hit> matched = hits;
            hits = distinct(hits);
            hits = applyRules(store, hits, filter, optionalFilters);
            head = hits;
            if (facetCounter.requested()
                    && !(rules.hidden().isEmpty() && rules.promotions().isEmpty())) {
                beforeDistinct = ordinals(shapedByRules(matched, hits));
            }
        }

        ObjectNode response = JsonNodeFactory.instance.objectNode();
        int nbHits = hits.size();
        int reachable = Math.min(nbHits, pagination.limit());
        int from = Math.min(pagination.offset(), reachable);
        int to = Math.min(from + pagination.length(), reachable);
        SearchableAttributes searchable = searchable();
        HitRenderer renderer =
                new HitRenderer(options, searchable, seeUnretrievable, retrievalForced, geo.precision(), memberVisits);
        Map<Hit, Integer> userScores = options.bool("getRankingInfo", false) ? userScores(hits, store) : Map.of();
        ArrayNode hitsNode = response.putArray("hits");
        for (Hit hit : head.subList(from, to)) {
            hitsNode.add(renderer.render(hit, result.readings().get(hit.reading()), userScores.getOrDefault(hit, 0)));
        }
        response.put("nbHits", nbHits);
        response.put("page", pagination.page());
        response.put(
                "nbPages",
                pagination.hitsPerPage() == 0
                        ? 0
                        : (reachable + pagination.hitsPerPage() - 1) / pagination.hitsPerPage());
        response.put("hitsPerPage", pagination.hitsPerPage());
        if (pagination.explicitOffset()) {
            response.put("offset", pagination.offset());
            response.put("length", pagination.length());
        }
        response.put("exhaustiveNbHits", true);
        response.put("exhaustiveTypo", true);
        ObjectNode exhaustive = response.putObject("exhaustive");
        exhaustive.put("nbHits", true);
        exhaustive.put("typo", true);
        if (facetCounter.requested()) {
            boolean afterDistinct = options.bool("facetingAfterDistinct", false);
            facetCounter.addTo(store, afterDistinct ? ordinals(hits) : beforeDistinct, response);
            exhaustive.put("facetsCount", true);
        }
        if (!rules.applied().isEmpty()) {
            ArrayNode userData = response.putArray("userData");
            rules.userData().forEach(userData::add);
            ArrayNode applied = response.putArray("appliedRules");
            rules.applied().forEach(id -> applied.addObject().put("objectID", id));
        }
        response.put("query", options.params().original().string("query", ""));
        response.put("parsed_query", String.join(" ", Tokenizer.terms(options.query())));
        response.put("params", options.params().encode());
        response.put("processingTimeMS", Math.max(1, (System.nanoTime() - started) / 1_000_000));
        List<String> fields = options.params().stringList("responseFields");
        if (fields != null && !fields.contains("*")) {
            response.retain(fields);
        }
        return response;
    }

    private static void score(List<Hit> hits, OptionalFilters optionalFilters) {
        if (!optionalFilters.isEmpty()) {
            hits.forEach(hit -> hit.scoreFilters(optionalFilters.score(hit.record())));
        }
    }

    /**
     * Hides and pins records. Each promoted record takes its position among the hits left (the earlier promotion
     * first when two name one position); those whose position is past the other hits follow them in position
     * order. Linear in the hits and the promotions, however many rules promote.
     */
    private List<Hit> applyRules(
            RecordStore store, List<Hit> hits, RecordFilter filter, OptionalFilters optionalFilters) {
        if (rules.hidden().isEmpty() && rules.promotions().isEmpty()) {
            return hits;
        }
        Map<String, Hit> byId = new HashMap<>();
        hits.forEach(hit -> byId.put(hit.record().objectID(), hit));
        List<RuleSet.Promotion> promotions = new ArrayList<>(rules.promotions());
        promotions.sort(Comparator.comparingInt(RuleSet.Promotion::position));
        List<Hit> pinned = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        Set<String> pinnedIds = new HashSet<>();
        for (RuleSet.Promotion promotion : promotions) {
            if (rules.hidden().contains(promotion.objectID())) {
                continue;
            }
            Hit promoted = byId.get(promotion.objectID());
            if (promoted == null) {
                IndexedRecord record = store.get(promotion.objectID());
                if (record == null || (rules.filterPromotes() && !filter.test(record))) {
                    continue;
                }
                promoted = new Hit(record, Match.EMPTY_QUERY, 0);
                promoted.scoreFilters(optionalFilters.score(record));
            }
            pinned.add(promoted);
            positions.add(promotion.position());
            pinnedIds.add(promotion.objectID());
        }
        List<Hit> rest = new ArrayList<>(hits.size());
        for (Hit hit : hits) {
            String id = hit.record().objectID();
            if (!rules.hidden().contains(id) && !pinnedIds.contains(id)) {
                rest.add(hit);
            }
        }
        List<Hit> result = new ArrayList<>(rest.size() + pinned.size());
        int next = 0;
        int taken = 0;
        while (next < pinned.size() || taken < rest.size()) {
            if (next < pinned.size() && (positions.get(next) <= result.size() || taken == rest.size())) {
                result.add(pinned.get(next++));
            } else {
                result.add(rest.get(taken++));
            }
        }
        return result;
    }

    /**
     * The hits before distinct as the rules leave them, for facet counts that agree with the hits shown: the
     * hidden ones out, the promoted records that the query did not match in.
     */
    private List<Hit> shapedByRules(List<Hit> matched, List<Hit> shown) {
        List<Hit> shaped = new ArrayList<>(matched.size());
        Set<String> matchedIds = new HashSet<>();
        for (Hit hit : matched) {
            matchedIds.add(hit.record().objectID());
            if (!rules.hidden().contains(hit.record().objectID())) {
                shaped.add(hit);
            }
        }
        for (Hit hit : shown) {
            if (!matchedIds.contains(hit.record().objectID())) {
                shaped.add(hit);
            }
        }
        return shaped;
    }

    private static int[] ordinals(List<Hit> hits) {
        int[] ordinals = new int[hits.size()];
        for (int i = 0; i < ordinals.length; i++) {
            ordinals[i] = hits.get(i).ordinal();
        }
        return ordinals;
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

    private Map<Hit, Integer> userScores(List<Hit> hits, RecordStore store) {
        List<Hit> byCustom = new ArrayList<>(hits);
        byCustom.sort(
                HitOrder.custom(options.customRanking(), store).thenComparing(Comparator.comparingLong(Hit::sequence)));
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
    public record Pagination(int page, int hitsPerPage, int offset, int length, int limit, boolean explicitOffset) {}

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
        return new Pagination(page, hitsPerPage, (int) Math.min(offset, Integer.MAX_VALUE), hitsPerPage, limit, false);
    }
}
