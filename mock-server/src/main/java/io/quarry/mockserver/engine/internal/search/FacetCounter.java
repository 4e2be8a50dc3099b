package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.FacetColumn;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Counts facet values over the hits: {@code facets} (names, or {@code *} for every countable faceting attribute;
 * undeclared names are ignored), sorted by count descending then value (or by value with
 * {@code sortFacetValuesBy=alpha}), at most {@code maxValuesPerFacet} values; {@code facets_stats} (min, max, avg,
 * sum) for the facets holding numbers. Counts are exact.
 */
public final class FacetCounter {

    private final List<String> facets;
    private final int maxValues;
    private final boolean alphabetical;

    /**
     * @param options the effective options
     * @param faceting the faceting declarations
     */
    public FacetCounter(SearchOptions options, Faceting faceting) {
        List<String> requested = options.params().stringList("facets");
        Set<String> resolved = new LinkedHashSet<>();
        if (requested != null) {
            boolean everyCountable = false;
            for (String name : requested) {
                if (name.equals("*")) {
                    if (!everyCountable) {
                        resolved.addAll(faceting.countable());
                        everyCountable = true;
                    }
                } else {
                    Faceting.Attribute attribute = faceting.find(name);
                    if (attribute != null && !attribute.filterOnly()) {
                        resolved.add(name);
                    }
                }
            }
        }
        this.facets = List.copyOf(resolved);
        this.maxValues = options.integer("maxValuesPerFacet", 100);
        if (maxValues < 0 || maxValues > 1000) {
            throw new io.quarry.mockserver.engine.EngineException(400, "maxValuesPerFacet must be between 0 and 1000");
        }
        this.alphabetical = options.string("sortFacetValuesBy", "count").equals("alpha");
    }

    /** {@return whether facets were asked for} */
    public boolean requested() {
        return !facets.isEmpty();
    }

    /**
     * @param store the records, read-locked (their facet columns serve the counts)
     * @param ordinals the ordinals of the records to count over
     * @param response the response to add {@code facets}, {@code facets_stats} and
     *     {@code exhaustiveFacetsCount} to
     */
    public void addTo(RecordStore store, int[] ordinals, ObjectNode response) {
        ObjectNode facetsNode = JsonNodeFactory.instance.objectNode();
        ObjectNode statsNode = JsonNodeFactory.instance.objectNode();
        for (String facet : facets) {
            FacetColumn column = store.facetColumn(facet);
            int[] counts = new int[column.valueCount()];
            int[] lastRecord = new int[column.valueCount()];
            Arrays.fill(lastRecord, -1);
            for (int r = 0; r < ordinals.length; r++) {
                int ordinal = ordinals[r];
                for (int position = column.start(ordinal); position < column.end(ordinal); position++) {
                    int id = column.id(position);
                    if (lastRecord[id] != r) {
                        lastRecord[id] = r;
                        counts[id]++;
                    }
                }
            }
            List<Integer> present = new ArrayList<>();
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            double sum = 0;
            long numbers = 0;
            for (int id = 0; id < counts.length; id++) {
                if (counts[id] == 0) {
                    continue;
                }
                present.add(id);
                double number = column.number(id);
                if (!Double.isNaN(number)) {
                    min = Math.min(min, number);
                    max = Math.max(max, number);
                    sum += number * counts[id];
                    numbers += counts[id];
                }
            }
            Comparator<Integer> byText = Comparator.comparing(column::text);
            present.sort(
                    alphabetical
                            ? byText
                            : Comparator.<Integer>comparingInt(id -> counts[id])
                                    .reversed()
                                    .thenComparing(byText));
            ObjectNode values = facetsNode.putObject(facet);
            for (int i = 0; i < Math.min(maxValues, present.size()); i++) {
                int id = present.get(i);
                // A string and a number with the same text share one entry, as in the service's JSON.
                values.put(column.text(id), values.path(column.text(id)).asInt(0) + counts[id]);
            }
            if (numbers > 0) {
                ObjectNode stats = statsNode.putObject(facet);
                putNumber(stats, "min", min);
                putNumber(stats, "max", max);
                putNumber(stats, "avg", sum / numbers);
                putNumber(stats, "sum", sum);
            }
        }
        response.set("facets", facetsNode);
        if (!statsNode.isEmpty()) {
            response.set("facets_stats", statsNode);
        }
        response.put("exhaustiveFacetsCount", true);
    }

    private static void putNumber(ObjectNode node, String name, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            node.put(name, (long) value);
        } else {
            node.put(name, value);
        }
    }
}
