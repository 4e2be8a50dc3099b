package io.quarry.mockserver.engine.internal.index;

import io.quarry.mockserver.engine.internal.text.TextNormalizer;
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
 *
 * <p>Ordinals only grow between compactions, so a column built for the first records is extended with the
 * records written since instead of being built again ({@link #extendedTo}). Slots of removed records keep
 * their values (and the dictionary the values only they held): readers only look at live records.
 */
public final class FacetColumn {

    private static final int[] NONE = new int[0];

    /**
     * Heap bytes of one distinct value besides its characters: its text's object, an entry of the dictionary (node,
     * slot, boxed id) and one of the lookup (folded text, node, slot, array of ids). With three bytes a character (a
     * text and its folded copy), the estimate of twenty columns of values of 27 characters came 17% above the heap
     * they retained (CachedColumnsHeapTest).
     */
    static final int VALUE_BYTES = 140;

    private final int limit;
    private final int[] starts;
    private final int[] ids;
    private final String[] texts;
    private final double[] numbers;
    private final int valueCount;
    /** The estimated heap of its distinct values: their texts, dictionary entries and lookup entries. */
    private final long valueBytes;

    private final Dictionary dictionary;
    /** The ids of each value, by folded text or by number; built on first use, once per column. */
    private volatile Lookup lookup;

    private record Lookup(Map<String, int[]> byFoldedText, Map<Double, int[]> byNumber) {}

    /** Ids by value; only read and written while a column is extended (under the store's column lock). */
    private static final class Dictionary {
        final Map<String, Integer> textIds = new HashMap<>();
        final Map<String, Integer> numberIds = new HashMap<>();
    }

    private FacetColumn(
            int limit,
            int[] starts,
            int[] ids,
            String[] texts,
            double[] numbers,
            int valueCount,
            long valueBytes,
            Dictionary dictionary) {
        this.limit = limit;
        this.starts = starts;
        this.ids = ids;
        this.texts = texts;
        this.numbers = numbers;
        this.valueCount = valueCount;
        this.valueBytes = valueBytes;
        this.dictionary = dictionary;
    }

    static FacetColumn build(RecordStore store, String path) {
        FacetColumn empty =
                new FacetColumn(0, new int[1], new int[16], new String[16], new double[16], 0, 0, new Dictionary());
        return empty.extendedTo(store, path);
    }

    /** {@return how many ordinals the column covers} */
    int limit() {
        return limit;
    }

    /**
     * Adds the records of ordinals from {@link #limit()} to the store's limit. The arrays are shared with this
     * column, which only reads below its own limit, and grown by copy when full.
     *
     * @param store the store the column was built from, with the same ordinals
     * @param path the column's attribute path
     * @return the column covering every ordinal of the store
     */
    FacetColumn extendedTo(RecordStore store, String path) {
        int to = store.ordinalLimit();
        int[] newStarts = grown(starts, to + 1);
        int[] newIds = ids;
        String[] newTexts = texts;
        double[] newNumbers = numbers;
        int count = valueCount;
        long newValueBytes = valueBytes;
        int size = starts[limit];
        for (int ordinal = limit; ordinal < to; ordinal++) {
            newStarts[ordinal] = size;
            IndexedRecord record = store.at(ordinal);
            if (record == null) {
                continue;
            }
            for (Leaf leaf : record.leavesAt(path)) {
                JsonNode value = leaf.value();
                String text = value.asString();
                Map<String, Integer> known = value.isNumber() ? dictionary.numberIds : dictionary.textIds;
                Integer id = known.get(text);
                if (id == null) {
                    id = count++;
                    known.put(text, id);
                    newTexts = grown(newTexts, count);
                    newNumbers = grown(newNumbers, count);
                    newTexts[id] = text;
                    newNumbers[id] = value.isNumber() ? value.asDouble() : Double.NaN;
                    newValueBytes += VALUE_BYTES + 3L * text.length();
                }
                newIds = grown(newIds, size + 1);
                newIds[size++] = id;
            }
        }
        newStarts[to] = size;
        return new FacetColumn(to, newStarts, newIds, newTexts, newNumbers, count, newValueBytes, dictionary);
    }

    /**
     * {@return an estimate of the heap it holds: its arrays, and each distinct value's text, dictionary entry and
     *     lookup entry (counted before the lookup is built: a filter may build it under a search's read lock)}
     */
    long heapBytes() {
        return 64 + 4L * starts.length + 4L * ids.length + 16L * texts.length + valueBytes;
    }

    private static int[] grown(int[] array, int needed) {
        return needed <= array.length ? array : Arrays.copyOf(array, Math.max(needed, array.length + array.length / 2));
    }

    private static String[] grown(String[] array, int needed) {
        return needed <= array.length ? array : Arrays.copyOf(array, Math.max(needed, array.length * 2));
    }

    private static double[] grown(double[] array, int needed) {
        return needed <= array.length ? array : Arrays.copyOf(array, Math.max(needed, array.length * 2));
    }

    /** {@return the number of distinct values (including values only removed records held)} */
    public int valueCount() {
        return valueCount;
    }

    /**
     * {@return the ids, ascending, of the text values that fold (case and accents) to the text given; shared, never
     *     to be written} A filter looks its value
     * up here rather than folding every value of the column: a search's thousand optional filters on a facet of
     * twenty thousand values folded twenty million texts.
     *
     * @param folded a text folded by {@link TextNormalizer#normalize(String)}
     */
    public int[] idsOfText(String folded) {
        return lookup().byFoldedText().getOrDefault(folded, NONE);
    }

    /**
     * {@return the ids, ascending, of the number values equal to the number given; shared, never to be written}
     *
     * @param number a number
     */
    public int[] idsOfNumber(double number) {
        return lookup().byNumber().getOrDefault(number + 0.0, NONE); // + 0.0: -0.0 is the key 0.0
    }

    private Lookup lookup() {
        Lookup built = lookup;
        if (built == null) {
            Map<String, List<Integer>> texts = new HashMap<>();
            Map<Double, List<Integer>> numbers = new HashMap<>();
            for (int id = 0; id < valueCount; id++) {
                double number = this.numbers[id];
                if (Double.isNaN(number)) {
                    texts.computeIfAbsent(TextNormalizer.normalize(this.texts[id]), key -> new ArrayList<>())
                            .add(id);
                } else {
                    numbers.computeIfAbsent(number + 0.0, key -> new ArrayList<>())
                            .add(id);
                }
            }
            built = new Lookup(arrays(texts), arrays(numbers));
            lookup = built;
        }
        return built;
    }

    private static <K> Map<K, int[]> arrays(Map<K, List<Integer>> lists) {
        Map<K, int[]> arrays = new HashMap<>();
        lists.forEach((key, ids) ->
                arrays.put(key, ids.stream().mapToInt(Integer::intValue).toArray()));
        return arrays;
    }

    /**
     * {@return the value's text}
     *
     * @param id a value id
     */
    public String text(int id) {
        return texts[id];
    }

    /**
     * {@return the value's number, or NaN when it was not a number}
     *
     * @param id a value id
     */
    public double number(int id) {
        return numbers[id];
    }

    /**
     * {@return where the record's value ids start in {@link #id(int)}}
     *
     * @param ordinal a record ordinal
     */
    public int start(int ordinal) {
        return ordinal < limit ? starts[ordinal] : 0;
    }

    /**
     * {@return where the record's value ids end (exclusive)}
     *
     * @param ordinal a record ordinal
     */
    public int end(int ordinal) {
        return ordinal < limit ? starts[ordinal + 1] : 0;
    }

    /**
     * {@return the value id there}
     *
     * @param position a position between {@link #start(int)} and {@link #end(int)}
     */
    public int id(int position) {
        return ids[position];
    }
}
