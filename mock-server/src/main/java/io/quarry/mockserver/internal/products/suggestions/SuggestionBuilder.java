package io.quarry.mockserver.internal.products.suggestions;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.SearchContext;
import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.suggestions.SuggestionsConfig.FacetConfig;
import io.quarry.mockserver.internal.products.suggestions.SuggestionsConfig.SourceConfig;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.RecordOperation;
import io.quarry.mockserver.internal.state.tracking.QueryStats;
import io.quarry.mockserver.internal.state.tracking.SearchAnalytics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One build: reads each source index's recorded searches (the last of each series of keystrokes, as analytics
 * counts them), its external indices and the facet value combinations asked for, keeps the candidates that pass {@code minLetters}, {@code exclude} and {@code minHits}
 * (checked by a real search of the source index, which also yields each suggestion's top facet values),
 * de-duplicates singular and plural forms when languages are given, and replaces the records of the suggestions
 * index. Each step is bounded: the {@value #MAX_CANDIDATES} most popular candidates per source index, the first
 * {@value #MAX_EXTERNAL_RECORDS} records per external index, {@value #MAX_COMBINATIONS} combinations per generate
 * list.
 */
final class SuggestionBuilder {

    static final int MAX_CANDIDATES = 5000;
    static final int MAX_EXTERNAL_RECORDS = 10_000;
    static final int MAX_COMBINATIONS = 1000;
    static final int DEFAULT_GENERATE_VALUES = 10;
    /** The longest query a search takes: a longer candidate could never be checked, so it is none. */
    static final int MAX_QUERY_CHARS = 512;

    /** The members of every suggestion record, which a source index's name must not overwrite. */
    private static final Set<String> RECORD_MEMBERS = Set.of("objectID", "query", "nb_words", "popularity");

    /** Where a build's write goes through, so it never replaces the records of an index a configuration reads. */
    interface WriteGuard {
        /**
         * {@return why nothing was written, or {@code null} once written}
         *
         * @param indexName the suggestions index
         * @param primaryOf the primary of a replica (which holds its primary's records), or {@code null}
         * @param write the write, answering why it wrote nothing or {@code null}
         */
        String writeUnlessRead(String indexName, Function<String, String> primaryOf, Supplier<String> write);
    }

    private final Application app;
    private final SearchEngine engine;
    private final WriteGuard guard;

    SuggestionBuilder(Application app, SearchEngine engine, WriteGuard guard) {
        this.app = app;
        this.engine = engine;
        this.guard = guard;
    }

    /**
     * Builds and writes the suggestions index.
     *
     * @param config the configuration
     * @param log where each step is told
     * @return how many suggestions were written
     */
    int build(SuggestionsConfig config, BuildLog log) {
        long resets = app.resets();
        log.info(0, "Build of index " + config.indexName() + " started");
        Map<String, ObjectNode> records = new LinkedHashMap<>();
        for (SourceConfig source : config.sourceIndices()) {
            addSource(source, config, records, log);
        }
        if (!config.languages().isEmpty()) {
            removePluralDuplicates(records, log);
        }
        String unwritten = guard.writeUnlessRead(
                config.indexName(), this::primaryOf, () -> write(config.indexName(), records, resets));
        if (unwritten != null) {
            log.error(0, unwritten + ": no suggestions written");
            return 0;
        }
        log.info(0, "Build finished: " + records.size() + " suggestions written to index " + config.indexName());
        return records.size();
    }

    private void addSource(
            SourceConfig source, SuggestionsConfig config, Map<String, ObjectNode> records, BuildLog log) {
        IndexState index = app.find(source.indexName());
        if (index == null) {
            log.error(1, "Source index " + source.indexName() + " does not exist");
            return;
        }
        log.info(1, "Reading source index " + source.indexName());
        if (!perSourceMember(source)) {
            log.info(
                    2,
                    "Index name " + source.indexName()
                            + " is a member every suggestion has itself: its hits and facets are left out of the suggestions");
        }
        Map<String, Candidate> candidates = new HashMap<>();
        addSearched(source, candidates);
        log.info(2, candidates.size() + " distinct queries searched");
        addExternal(source, candidates, log);
        ObjectNode facetValues = facetValues(index, source, log);
        addGenerated(source, facetValues, candidates, log);

        List<Candidate> ordered = new ArrayList<>(candidates.values());
        ordered.sort(Comparator.comparingLong((Candidate c) -> c.popularity)
                .reversed()
                .thenComparing(c -> c.query));
        if (ordered.size() > MAX_CANDIDATES) {
            log.info(
                    2,
                    "Only the " + MAX_CANDIDATES + " most popular of " + ordered.size() + " candidates are considered");
            ordered = ordered.subList(0, MAX_CANDIDATES);
        }
        ExcludeRules exclude = new ExcludeRules(config.exclude());
        int kept = 0;
        for (Candidate candidate : ordered) {
            if (accept(candidate, source, index, exclude, records, log)) {
                kept++;
            }
        }
        log.info(2, kept + " suggestions from index " + source.indexName());
    }

    /**
     * The queries searched on the source index (over the days analytics keeps), each counting once per search, with
     * the facet filters used with them.
     */
    private void addSearched(SourceConfig source, Map<String, Candidate> into) {
        Set<String> facetAttributes = new LinkedHashSet<>();
        source.facets().forEach(f -> facetAttributes.add(f.attribute()));
        long now = app.nowMillis();
        app.tracking().readSearches(searches -> {
            for (SearchAnalytics.Slice slice : searches.allSlices(source.indexName(), now)) {
                if (!source.analyticsTags().isEmpty()
                        && (slice.tags().overflow()
                                || slice.tags().tags().stream().noneMatch(source.analyticsTags()::contains))) {
                    continue;
                }
                for (QueryStats searched : slice.stats().queries().values()) {
                    String query = QueryText.normalize(searched.query());
                    if (query.isEmpty()) {
                        continue;
                    }
                    Candidate candidate = into.computeIfAbsent(query, Candidate::new);
                    candidate.addPopularity(searched.count());
                    searched.filterValues().forEach((filter, count) -> {
                        if (":".equals(filter.operator()) && facetAttributes.contains(filter.attribute())) {
                            candidate.filtered(filter.attribute(), filter.value(), count.value());
                        }
                    });
                }
            }
            return null;
        });
    }

    private void addExternal(SourceConfig source, Map<String, Candidate> into, BuildLog log) {
        for (String name : source.external()) {
            IndexState external = app.find(name);
            if (external == null) {
                log.error(2, "External index " + name + " does not exist");
                continue;
            }
            int read = 0;
            for (JsonNode record : external.data().records()) {
                if (read++ >= MAX_EXTERNAL_RECORDS) {
                    log.info(
                            2,
                            "Only the first " + MAX_EXTERNAL_RECORDS + " records of external index " + name
                                    + " are read");
                    break;
                }
                String query = QueryText.normalize(record.path("query").asString(""));
                long count = count(record.path("count"));
                if (query.isEmpty() || count < 0) {
                    log.skip(3, "A record of external index " + name + " has no query or a negative count");
                    continue;
                }
                if (query.length() > MAX_QUERY_CHARS) {
                    log.skip(
                            3,
                            "A record of external index " + name + " has a query longer than " + MAX_QUERY_CHARS
                                    + " characters");
                    continue;
                }
                into.computeIfAbsent(query, Candidate::new).addPopularity(count);
            }
            log.info(2, "External index " + name + " read");
        }
    }

    /**
     * {@return an external record's count: 0 when absent or not a number, a whole number past a long's range held at
     *     the range's end (so a huge count is the most popular, a hugely negative one skipped), a fraction cut}
     */
    private static long count(JsonNode count) {
        if (count.isIntegralNumber() && !count.canConvertToLong()) {
            return count.bigIntegerValue().signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        if (count.isFloatingPointNumber()) {
            return (long) count.doubleValue(); // the cast holds values past the range at its ends
        }
        return count.asLong(0);
    }

    /** The top values of every facet attribute the source names, from one search of the whole index. */
    private ObjectNode facetValues(IndexState index, SourceConfig source, BuildLog log) {
        Set<String> attributes = new LinkedHashSet<>();
        source.facets().forEach(f -> attributes.add(f.attribute()));
        source.generate().forEach(attributes::addAll);
        if (attributes.isEmpty()) {
            return Json.object();
        }
        ObjectNode request = searchRequest("", attributes);
        request.put("maxValuesPerFacet", ConfigJson.MAX_FACET_AMOUNT);
        JsonNode found;
        try {
            found = search(index, source.indexName(), request).path("facets");
        } catch (EngineException e) {
            log.error(2, "Facets of index " + source.indexName() + " cannot be read: " + e.getMessage());
            return Json.object();
        }
        // the engine leaves facets out when none of the attributes is facetable
        ObjectNode facets = found.isObject() ? (ObjectNode) found : Json.object();
        for (String attribute : attributes) {
            if (!facets.has(attribute)) {
                log.error(
                        2,
                        "Attribute " + attribute + " is not in the attributesForFaceting of index "
                                + source.indexName());
            }
        }
        return facets;
    }

    private void addGenerated(SourceConfig source, ObjectNode facetValues, Map<String, Candidate> into, BuildLog log) {
        for (List<String> attributes : source.generate()) {
            List<String> combinations = List.of("");
            int tooLong = 0;
            for (String attribute : attributes) {
                List<String> values = topValues(facetValues.path(attribute), amountOf(source, attribute));
                List<String> longer = new ArrayList<>();
                for (String prefix : combinations) {
                    for (String value : values) {
                        // joined only when it fits, so long facet values never add up to a long string
                        if (prefix.length() + 1 + value.length() > MAX_QUERY_CHARS) {
                            tooLong++;
                        } else if (longer.size() < MAX_COMBINATIONS) {
                            longer.add(prefix.isEmpty() ? value : prefix + " " + value);
                        }
                    }
                }
                combinations = longer;
            }
            if (tooLong > 0) {
                log.skip(
                        2,
                        tooLong + " combinations of " + String.join(", ", attributes) + " are longer than "
                                + MAX_QUERY_CHARS + " characters");
            }
            for (String combination : combinations) {
                String query = QueryText.normalize(combination);
                if (!query.isEmpty()) {
                    into.computeIfAbsent(query, Candidate::new);
                }
            }
            log.info(2, combinations.size() + " suggestions generated from " + String.join(", ", attributes));
        }
    }

    private static int amountOf(SourceConfig source, String attribute) {
        return source.facets().stream()
                .filter(f -> f.attribute().equals(attribute))
                .mapToInt(FacetConfig::amount)
                .findFirst()
                .orElse(DEFAULT_GENERATE_VALUES);
    }

    private static List<String> topValues(JsonNode counts, int amount) {
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : counts.properties()) {
            if (values.size() == amount) {
                break;
            }
            values.add(entry.getKey());
        }
        return values;
    }

    private boolean accept(
            Candidate candidate,
            SourceConfig source,
            IndexState index,
            ExcludeRules exclude,
            Map<String, ObjectNode> records,
            BuildLog log) {
        String query = candidate.query;
        if (QueryText.letters(query) < source.minLetters()) {
            log.skip(3, "\"" + query + "\" has fewer than " + source.minLetters() + " letters");
            return false;
        }
        String rule = exclude.excluding(query);
        if (rule != null) {
            log.skip(3, "\"" + query + "\" is excluded by \"" + rule + "\"");
            return false;
        }
        Set<String> attributes = new LinkedHashSet<>();
        source.facets().forEach(f -> attributes.add(f.attribute()));
        ObjectNode result;
        try {
            result = search(index, source.indexName(), searchRequest(query, attributes));
        } catch (EngineException e) {
            log.error(3, "\"" + query + "\" cannot be searched: " + e.getMessage());
            return false;
        }
        long nbHits = result.path("nbHits").asLong();
        if (nbHits < source.minHits()) {
            log.skip(3, "\"" + query + "\" finds " + nbHits + " hits, fewer than " + source.minHits());
            return false;
        }
        ObjectNode record = records.computeIfAbsent(query, q -> newRecord(q));
        record.put("popularity", Candidate.plus(record.path("popularity").asLong(), candidate.popularity));
        if (perSourceMember(source)) {
            record.set(source.indexName(), perSource(nbHits, result.path("facets"), candidate, source));
        }
        return true;
    }

    /**
     * Whether a suggestion may carry the source's hits and facets under the source's name: not when that name is one
     * of the suggestion's own members or an attribute the engine reserves ({@code _tags}, {@code _geoloc}, ...).
     */
    private static boolean perSourceMember(SourceConfig source) {
        String name = source.indexName();
        return !RECORD_MEMBERS.contains(name) && !name.startsWith("_");
    }

    private static ObjectNode newRecord(String query) {
        ObjectNode record = Json.object();
        record.put("objectID", query);
        record.put("query", query);
        record.put("nb_words", QueryText.words(query));
        record.put("popularity", 0L);
        return record;
    }

    /** {@code {exact_nb_hits, facets: {exact_matches: {attr: [{value, count}]}, analytics: {attr: [...]}}}}. */
    private static ObjectNode perSource(long nbHits, JsonNode facets, Candidate candidate, SourceConfig source) {
        ObjectNode node = Json.object();
        node.put("exact_nb_hits", nbHits);
        ObjectNode facetsNode = node.putObject("facets");
        ObjectNode exact = facetsNode.putObject("exact_matches");
        ObjectNode analytics = facetsNode.putObject("analytics");
        for (FacetConfig facet : source.facets()) {
            ArrayNode values = exact.putArray(facet.attribute());
            for (Map.Entry<String, JsonNode> entry :
                    facets.path(facet.attribute()).properties()) {
                if (values.size() == facet.amount()) {
                    break;
                }
                values.addObject()
                        .put("value", entry.getKey())
                        .put("count", entry.getValue().asLong());
            }
            ArrayNode used = analytics.putArray(facet.attribute());
            candidate.filters.getOrDefault(facet.attribute(), Map.of()).entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue()
                            .reversed()
                            .thenComparing(Map.Entry.comparingByKey()))
                    .limit(facet.amount())
                    .forEach(e -> used.addObject()
                            .put("attribute", facet.attribute())
                            .put("operator", ":")
                            .put("value", e.getKey())
                            .put("count", e.getValue()));
        }
        return node;
    }

    private static ObjectNode searchRequest(String query, Set<String> facets) {
        ObjectNode request = Json.object();
        request.put("query", query);
        request.put("hitsPerPage", 0);
        request.put("analytics", false);
        if (!facets.isEmpty()) {
            ArrayNode names = request.putArray("facets");
            facets.forEach(names::add);
        }
        return request;
    }

    private ObjectNode search(IndexState index, String name, ObjectNode request) {
        // records and settings as of one write: a copy or move onto the source in progress is waited for
        return index.read((data, config) -> engine.search(data, config, request, SearchContext.unrestricted(name)));
    }

    /** Keeps the most popular of the suggestions that differ only by singular and plural words. */
    private static void removePluralDuplicates(Map<String, ObjectNode> records, BuildLog log) {
        Map<String, ObjectNode> best = new HashMap<>();
        Comparator<ObjectNode> better = Comparator.<ObjectNode>comparingLong(
                        r -> r.path("popularity").asLong())
                .thenComparing(r -> -r.path("query").asString().length())
                .thenComparing(r -> r.path("query").asString(), Comparator.reverseOrder());
        for (ObjectNode record : records.values()) {
            best.merge(
                    Plurals.singularKey(record.path("query").asString()),
                    record,
                    (a, b) -> better.compare(a, b) >= 0 ? a : b);
        }
        records.values().removeIf(record -> {
            ObjectNode kept = best.get(Plurals.singularKey(record.path("query").asString()));
            if (kept != record) {
                log.skip(
                        1,
                        "\"" + record.path("query").asString() + "\" is a plural form of the more popular \""
                                + kept.path("query").asString() + "\"");
                return true;
            }
            return false;
        });
    }

    private String primaryOf(String indexName) {
        IndexState index = app.find(indexName);
        return index == null ? null : index.primaryName();
    }

    /**
     * {@return {@code null} once written, or why not: the index is a replica, which holds its primary's records, the
     * application was reset since the build began, or the suggestions do not fit the budget of stored records (the
     * index is then left as it was)} A build does not hold a reset back: one that ran meanwhile erased the searches,
     * records and configuration the build read, which its write must not bring back (nor the suggestions index, the
     * reset had removed).
     */
    private String write(String indexName, Map<String, ObjectNode> records, long resets) {
        ObjectNode settings = Json.object();
        settings.putArray("searchableAttributes").add("query");
        settings.putArray("customRanking").add("desc(popularity)");
        Application.Written<String> written;
        try {
            written = app.writeManyUnlessReset(List.of(indexName), resets, states -> {
                IndexState index = states.get(indexName);
                if (index.primaryName() != null) {
                    return "Index " + indexName + " is a replica of " + index.primaryName();
                }
                // the records first: refused past the budget, they leave the settings as they were
                index.data().write(writer -> {
                    new RecordOperation.Clear().apply(index, writer);
                    records.values().forEach(record -> new RecordOperation.Put(record).apply(index, writer));
                    return null;
                });
                index.mergeSettings(settings);
                return null;
            });
        } catch (EngineException refused) {
            return refused.getMessage();
        }
        return written == null ? "The application was reset during the build" : written.result();
    }
}
