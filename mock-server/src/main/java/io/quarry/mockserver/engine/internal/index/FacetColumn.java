package io.quarry.mockserver.engine.internal.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The values of one attribute for every record, by ordinal, as ids into a dictionary of distinct values: facet
 * counts and facet filters read arrays instead of each record's own structures. A value is its text plus whether
 * it was a number (the string "10" and the number 10 are different values).
 */
public final class FacetColumn {

    private final int[] starts;
    private final int[] ids;
    private final List<String> texts;
    private final double[] numbers;

    private FacetColumn(int[] starts, int[] ids, List<String> texts, double[] numbers) {
        this.starts = starts;
        this.ids = ids;
        this.texts = texts;
        this.numbers = numbers;
    }

    static FacetColumn build(RecordStore store, String path) {
        int limit = store.ordinalLimit();
        int[] starts = new int[limit + 1];
        int[] ids = new int[Math.max(16, limit)];
        int size = 0;
        Map<String, Integer> textIds = new HashMap<>();
        Map<String, Integer> numberIds = new HashMap<>();
        List<String> texts = new ArrayList<>();
        double[] numbers = new double[16];
        for (int ordinal = 0; ordinal < limit; ordinal++) {
            starts[ordinal] = size;
            IndexedRecord record = store.at(ordinal);
            if (record == null) {
                continue;
            }
            for (Leaf leaf : record.leavesAt(path)) {
                JsonNode value = leaf.value();
                String text = value.asString();
                Map<String, Integer> dictionary = value.isNumber() ? numberIds : textIds;
                Integer id = dictionary.get(text);
                if (id == null) {
                    id = texts.size();
                    dictionary.put(text, id);
                    texts.add(text);
                    if (id == numbers.length) {
                        numbers = Arrays.copyOf(numbers, id * 2);
                    }
                    numbers[id] = value.isNumber() ? value.asDouble() : Double.NaN;
                }
                if (size == ids.length) {
                    ids = Arrays.copyOf(ids, size * 2);
                }
                ids[size++] = id;
            }
        }
        starts[limit] = size;
        return new FacetColumn(starts, Arrays.copyOf(ids, size), texts, Arrays.copyOf(numbers, texts.size()));
    }

    /** @return the number of distinct values */
    public int valueCount() {
        return texts.size();
    }

    /**
     * @param id a value id
     * @return the value's text
     */
    public String text(int id) {
        return texts.get(id);
    }

    /**
     * @param id a value id
     * @return the value's number, or NaN when it was not a number
     */
    public double number(int id) {
        return numbers[id];
    }

    /**
     * @param ordinal a record ordinal
     * @return where the record's value ids start in {@link #id(int)}
     */
    public int start(int ordinal) {
        return ordinal + 1 < starts.length ? starts[ordinal] : 0;
    }

    /**
     * @param ordinal a record ordinal
     * @return where the record's value ids end (exclusive)
     */
    public int end(int ordinal) {
        return ordinal + 1 < starts.length ? starts[ordinal + 1] : 0;
    }

    /**
     * @param position a position between {@link #start(int)} and {@link #end(int)}
     * @return the value id there
     */
    public int id(int position) {
        return ids[position];
    }
}
