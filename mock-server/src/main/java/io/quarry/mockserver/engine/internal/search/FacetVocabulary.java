package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.FacetColumn;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of an index's declared facets keyed by their normalised words ({@link Tokenizer#terms}), so that rule
 * facet placeholders can recognise a value in the query. Only attributes in {@code attributesForFaceting} (in any
 * form: plain, {@code searchable()}, {@code filterOnly()}) have values. Used for one search, under the store's
 * read lock; not thread-safe.
 */
public final class FacetVocabulary {

    private final RecordStore store;
    private final Faceting faceting;
    private final Map<String, Map<List<String>, String>> byAttribute = new HashMap<>();
    private final Map<String, Integer> longestByAttribute = new HashMap<>();

    /**
     * @param store the records, read-locked for as long as this is used
     * @param faceting the attributesForFaceting setting
     */
    public FacetVocabulary(RecordStore store, Faceting faceting) {
        this.store = store;
        this.faceting = faceting;
    }

    /**
     * {@return the value of that facet whose normalised words are exactly {@code words} (the first indexed when
     *     several normalise alike), or {@code null} when there is none or the attribute is not a declared facet}
     *
     * @param attribute a facet attribute
     * @param words normalised query words
     */
    public String value(String attribute, List<String> words) {
        if (faceting.find(attribute) == null) {
            return null;
        }
        return byAttribute.computeIfAbsent(attribute, this::load).get(words);
    }

    /**
     * {@return the most words a value of that facet has (0 when it has none or is not a declared facet)}
     *
     * @param attribute a facet attribute
     */
    public int longestValue(String attribute) {
        if (faceting.find(attribute) == null) {
            return 0;
        }
        return longestByAttribute.computeIfAbsent(
                attribute,
                a -> byAttribute.computeIfAbsent(a, this::load).keySet().stream()
                        .mapToInt(List::size)
                        .max()
                        .orElse(0));
    }

    private Map<List<String>, String> load(String attribute) {
        FacetColumn column = store.facetColumn(attribute);
        Map<List<String>, String> values = new HashMap<>();
        // The values live records hold, in the order they first appear (the column also keeps removed ones).
        boolean[] seen = new boolean[column.valueCount()];
        for (int ordinal = 0; ordinal < store.ordinalLimit(); ordinal++) {
            if (store.at(ordinal) == null) {
                continue;
            }
            for (int position = column.start(ordinal); position < column.end(ordinal); position++) {
                int id = column.id(position);
                if (seen[id]) {
                    continue;
                }
                seen[id] = true;
                String text = column.text(id);
                List<String> terms = Tokenizer.terms(text);
                if (!terms.isEmpty()) {
                    values.putIfAbsent(terms, text);
                }
            }
        }
        return values;
    }
}
