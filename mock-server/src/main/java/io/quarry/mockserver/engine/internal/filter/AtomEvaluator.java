package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.internal.index.FacetColumn;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.Leaf;
import io.quarry.mockserver.engine.internal.index.NumericColumn;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.search.Faceting;
import io.quarry.mockserver.engine.internal.text.DecimalText;
import io.quarry.mockserver.engine.internal.text.TextNormalizer;
import java.util.Arrays;
import tools.jackson.databind.JsonNode;

/**
 * Decides whether a record satisfies one filter, following the service: facet filters apply only to attributes
 * declared in attributesForFaceting (an undeclared attribute matches nothing) and ignore case and accents; a
 * facet filter whose value is a number also matches that number; tag filters match {@code _tags} exactly;
 * numeric filters apply to any numeric attribute; an array matches when one element does; {@code !=} is the
 * negation of {@code =} (a record without the attribute passes it).
 */
final class AtomEvaluator {

    private static final int[] NONE = {};

    private AtomEvaluator() {}

    static RecordFilter compile(Atom atom, Faceting faceting, RecordStore store) {
        RecordFilter positive;
        if (atom instanceof Atom.Facet facet) {
            positive = store == null ? facet(facet, faceting) : facetByColumn(facet, faceting, store);
        } else if (atom instanceof Atom.Tag tag) {
            positive = record -> hasTag(record, tag.value());
        } else if (atom instanceof Atom.Numeric numeric) {
            positive = numeric(numeric, store);
        } else {
            Atom.Range range = (Atom.Range) atom;
            positive = numbers(range.attribute(), v -> v >= range.low() && v <= range.high(), store);
        }
        return atom.negated() ? RecordFilter.byOrdinal((record, ordinal) -> !positive.test(record, ordinal)) : positive;
    }

    private static RecordFilter facet(Atom.Facet facet, Faceting faceting) {
        boolean declared = faceting.find(facet.attribute()) != null;
        String wanted = TextNormalizer.normalize(facet.value());
        Double number = parseNumber(facet.value());
        return record -> {
            for (Leaf leaf : record.leavesAt(facet.attribute())) {
                JsonNode value = leaf.value();
                if (number != null && value.isNumber() && value.asDouble() == number) {
                    return true;
                }
                if (declared && (value.isString() || value.isBoolean()) && sameText(value.asString(), wanted)) {
                    return true;
                }
            }
            return false;
        };
    }

    private static RecordFilter facetByColumn(Atom.Facet facet, Faceting faceting, RecordStore store) {
        FacetColumn column = store.facetColumn(facet.attribute());
        int[] matching = matchingIds(facet, faceting, column, null);
        if (matching.length == 0) {
            return RecordFilter.byOrdinal((record, ordinal) -> false);
        }
        return RecordFilter.byOrdinal((record, ordinal) -> {
            for (int position = column.start(ordinal); position < column.end(ordinal); position++) {
                if (Arrays.binarySearch(matching, column.id(position)) >= 0) {
                    return true;
                }
            }
            return false;
        });
    }

    /**
     * {@return the ids of the column's values the facet filter matches, its negation aside: ascending, each once, as
     *     long as what it matches} A set of the column's size for each filter cost every value of the column per
     *     filter, where a filter matches a value or two; the ids are the column's look-up's own when one kind of
     *     value matches (shared: never written), else the two merged.
     *
     * @param facet a facet filter
     * @param faceting the faceting declarations
     * @param column the column of the filter's attribute
     * @param valuesRead {@code null}, or a counter to which each value id read adds one (a test counts the work)
     */
    static int[] matchingIds(Atom.Facet facet, Faceting faceting, FacetColumn column, long[] valuesRead) {
        int[] texts = faceting.find(facet.attribute()) != null
                ? column.idsOfText(TextNormalizer.normalize(facet.value()))
                : NONE;
        Double number = parseNumber(facet.value());
        int[] numbers = number != null ? column.idsOfNumber(number) : NONE;
        Work.add(valuesRead, texts.length + numbers.length);
        if (numbers.length == 0) {
            return texts;
        }
        if (texts.length == 0) {
            return numbers;
        }
        // a value is a text or a number, never both: the two ascending lists merge without repeats
        int[] merged = new int[texts.length + numbers.length];
        int t = 0;
        int n = 0;
        for (int i = 0; i < merged.length; i++) {
            merged[i] = n == numbers.length || (t < texts.length && texts[t] < numbers[n]) ? texts[t++] : numbers[n++];
        }
        return merged;
    }

    /**
     * Compares folded texts only: {@code equalsIgnoreCase} would also equate the dotless {@code ı} and the long
     * {@code ſ} with {@code i} and {@code s}, which the words the filter narrows by do not.
     */
    private static boolean sameText(String text, String normalizedWanted) {
        return TextNormalizer.normalize(text).equals(normalizedWanted);
    }

    private static RecordFilter numeric(Atom.Numeric numeric, RecordStore store) {
        double n = numeric.number();
        String attribute = numeric.attribute();
        return switch (numeric.operator()) {
            case "<" -> numbers(attribute, v -> v < n, store);
            case "<=" -> numbers(attribute, v -> v <= n, store);
            case ">" -> numbers(attribute, v -> v > n, store);
            case ">=" -> numbers(attribute, v -> v >= n, store);
            case "!=" -> {
                RecordFilter equal = numbers(attribute, v -> v == n, store);
                yield RecordFilter.byOrdinal((record, ordinal) -> !equal.test(record, ordinal));
            }
            default -> numbers(attribute, v -> v == n, store);
        };
    }

    /** Reads the attribute's column when the record has one number there, else the record's own values. */
    private static RecordFilter numbers(String attribute, DoubleTest test, RecordStore store) {
        if (store == null) {
            return record -> anyNumber(record, attribute, test);
        }
        NumericColumn column = store.numericColumn(attribute);
        return RecordFilter.byOrdinal((record, ordinal) -> {
            if (column.regular(ordinal)) {
                double value = column.value(ordinal);
                return !Double.isNaN(value) && test.test(value);
            }
            return anyNumber(record, attribute, test);
        });
    }

    private interface DoubleTest {
        boolean test(double value);
    }

    private static boolean anyNumber(IndexedRecord record, String attribute, DoubleTest test) {
        for (Leaf leaf : record.leavesAt(attribute)) {
            JsonNode value = leaf.value();
            if (value.isNumber() && test.test(value.asDouble())) {
                return true;
            }
            if (value.isBoolean() && test.test(value.asBoolean() ? 1 : 0)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasTag(IndexedRecord record, String tag) {
        for (Leaf leaf : record.leavesAt("_tags")) {
            if (leaf.value().isString() && leaf.value().asString().equals(tag)) {
                return true;
            }
        }
        return false;
    }

    private static Double parseNumber(String text) {
        return DecimalText.parse(text.trim());
    }
}
