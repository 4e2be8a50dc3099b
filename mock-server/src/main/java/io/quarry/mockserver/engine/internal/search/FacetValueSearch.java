package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.Leaf;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.text.Token;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Search for facet values: the values of one {@code searchable()} facet, among the records matching the other
 * parameters (query, filters), whose words start with every word of {@code facetQuery} (ignoring case and
 * accents), sorted by count descending then value, at most {@code maxFacetHits} (1 to 100, default 10).
 */
public final class FacetValueSearch {

    private final SearchExecutor search;
    private final SearchOptions options;
    private final String facet;

    /**
     * @param search the search over the other parameters
     * @param options the effective options
     * @param facet the facet attribute
     */
    public FacetValueSearch(SearchExecutor search, SearchOptions options, String facet) {
        this.search = search;
        this.options = options;
        this.facet = facet;
        Faceting.Attribute attribute =
                Faceting.of(options.setting("attributesForFaceting")).find(facet);
        if (attribute == null || !attribute.searchable()) {
            throw new EngineException(
                    400,
                    "Cannot search in `" + facet + "` attribute, you need to add" + " `searchable(" + facet
                            + ")` to attributesForFaceting.");
        }
    }

    /**
     * {@return {@code {"facetHits": [...], "exhaustiveFacetsCount": true, "processingTimeMS": n}}}
     *
     * @param store the records
     */
    public ObjectNode run(RecordStore store) {
        long started = System.nanoTime();
        int maxFacetHits = options.params().integer("maxFacetHits", 10);
        if (maxFacetHits < 1 || maxFacetHits > 100) {
            throw new EngineException(400, "maxFacetHits must be between 1 and 100 (got " + maxFacetHits + ")");
        }
        String facetQuery = options.params().string("facetQuery", "");
        if (facetQuery.length() > SearchOptions.MAX_QUERY_LENGTH) {
            // Every value is compared with every word of it: bounded like the query.
            throw new EngineException(
                    400,
                    "facetQuery: too long (" + facetQuery.length() + " characters; at most "
                            + SearchOptions.MAX_QUERY_LENGTH + ")");
        }
        List<String> queryWords = Tokenizer.terms(facetQuery);
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Hit hit : search.match(store, search.filter(store)).hits()) {
            Set<String> seen = new HashSet<>();
            for (Leaf leaf : hit.record().leavesAt(facet)) {
                String value = leaf.value().asString();
                if (seen.add(value)) {
                    counts.merge(value, 1, Integer::sum);
                }
            }
        }
        List<Map.Entry<String, Integer>> matching = new ArrayList<>();
        Map<String, List<QueryWord>> readings = new HashMap<>();
        for (Map.Entry<String, Integer> entry : counts.entrySet()) {
            List<QueryWord> words = reading(entry.getKey(), queryWords);
            if (words != null) {
                matching.add(entry);
                readings.put(entry.getKey(), words);
            }
        }
        matching.sort(
                Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        String pre = options.string("highlightPreTag", "<em>");
        String post = options.string("highlightPostTag", "</em>");
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        ArrayNode hits = response.putArray("facetHits");
        TagBudget tags = TagBudget.perAnswer();
        for (Map.Entry<String, Integer> entry : matching.subList(0, Math.min(maxFacetHits, matching.size()))) {
            ObjectNode hit = hits.addObject();
            hit.put("value", entry.getKey());
            hit.put(
                    "highlighted",
                    new MarkedText(entry.getKey(), readings.get(entry.getKey())).highlight(pre, post, tags));
            hit.put("count", entry.getValue());
        }
        response.put("exhaustiveFacetsCount", true);
        response.put("processingTimeMS", Math.max(1, (System.nanoTime() - started) / 1_000_000));
        return response;
    }

    /** Returns the facetQuery words as matched in the value, or null when one word starts no word of it. */
    private static List<QueryWord> reading(String value, List<String> queryWords) {
        List<Token> tokens = Tokenizer.tokens(value);
        List<QueryWord> words = new ArrayList<>();
        for (String word : queryWords) {
            Map<String, TermMatch> terms = new HashMap<>();
            for (Token token : tokens) {
                if (token.term().startsWith(word)) {
                    terms.put(token.term(), new TermMatch(0, token.term().length() > word.length(), word.length()));
                }
            }
            if (terms.isEmpty()) {
                return null;
            }
            words.add(new QueryWord(word, terms, List.of()));
        }
        return words;
    }
}
