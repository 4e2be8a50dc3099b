package io.quarry.mockserver.engine.internal.index;

import io.quarry.mockserver.engine.internal.text.DecimalText;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A stored record: its JSON kept as compact bytes ({@link CompactJson}), and its words tokenised once, at write
 * time, as ids of its store's {@link TermDictionary}, so that searches never walk the JSON again.
 *
 * <p>The words are one int array: for each string or number value holding words, in document order, the id of
 * its path, the number of its words, then their ids.
 */
public final class IndexedRecord {

    private static final double[] NO_POINTS = new double[0];

    /**
     * Heap bytes of a record besides its arrays: the object and its fields, its slot in the store's list and in the
     * table of ordinals by objectID.
     */
    static final int RECORD_BYTES = 96;

    /** How many times its JSON size a record kept as a tree of nodes (not as bytes) is estimated to take. */
    private static final int TREE_FACTOR = 8;

    /** The compact bytes, or the tree itself when it holds a node type JSON text cannot produce. */
    private final Object stored;

    private final String objectID;
    private final long sequence;
    private final long approximateSize;
    private final long heapBytes;
    private final double[] geoPoints;
    private int[] tokens;
    private TermDictionary dictionary;
    private int ordinal = -1;

    /**
     * @param source the record; not kept (its bytes are)
     * @param sequence its insertion sequence number, the final tie-break of every ordering
     * @param dictionary numbers its words and paths
     */
    public IndexedRecord(ObjectNode source, long sequence, TermDictionary dictionary) {
        this.sequence = sequence;
        this.dictionary = dictionary;
        TokenWriter writer = new TokenWriter();
        flatten("", source, writer, dictionary);
        this.tokens = writer.toArray();
        this.approximateSize = writer.size;
        String id = source.path("objectID").asString();
        int wordId = dictionary.wordId(id);
        // The objectID is usually one of the record's words: share the dictionary's instance.
        this.objectID = wordId >= 0 ? dictionary.word(wordId) : id;
        double[] points = geoPoints(source.get("_geoloc"));
        this.geoPoints = points.length == 0 ? NO_POINTS : points;
        byte[] bytes = CompactJson.encode(source);
        this.stored = bytes != null ? bytes : source;
        this.heapBytes = RECORD_BYTES
                + (bytes != null ? arrayBytes(bytes.length) : TREE_FACTOR * approximateSize)
                + arrayBytes(4L * tokens.length)
                + (geoPoints.length == 0 ? 0 : arrayBytes(8L * geoPoints.length))
                + (wordId >= 0 ? 0 : 40 + 2L * id.length());
    }

    /** {@return the heap an array of {@code payload} bytes takes: a header, the payload rounded up to 8 bytes} */
    static long arrayBytes(long payload) {
        return 16 + ((payload + 7) & ~7L);
    }

    private static double[] geoPoints(JsonNode geoloc) {
        if (geoloc == null) {
            return NO_POINTS;
        }
        List<JsonNode> points = new ArrayList<>();
        if (geoloc.isArray()) {
            geoloc.forEach(points::add);
        } else {
            points.add(geoloc);
        }
        double[] pairs = new double[points.size() * 2];
        int count = 0;
        for (JsonNode point : points) {
            double latitude = coordinate(point.get("lat"), 90);
            double longitude = coordinate(point.get("lng"), 180);
            // Not a usable point (missing, not a number, out of range): ignored, as the service ignores
            // malformed _geoloc values.
            if (!Double.isNaN(latitude) && !Double.isNaN(longitude)) {
                pairs[count++] = latitude;
                pairs[count++] = longitude;
            }
        }
        return Arrays.copyOf(pairs, count);
    }

    /** {@return a number or decimal string within [-bound, bound], or NaN for anything else} */
    private static double coordinate(JsonNode value, double bound) {
        double number = Double.NaN;
        if (value != null && value.isNumber()) {
            number = value.doubleValue();
        } else if (value != null && value.isString()) {
            Double parsed = DecimalText.parse(value.stringValue().trim());
            number = parsed == null ? Double.NaN : parsed;
        }
        return Math.abs(number) <= bound ? number : Double.NaN;
    }

    /** Collects the words of every string and number value, and the record's approximate JSON size. */
    private static final class TokenWriter {
        private int[] values = new int[32];
        private int count;
        long size = 2;

        void add(int value) {
            if (count == values.length) {
                values = Arrays.copyOf(values, count * 2);
            }
            values[count++] = value;
        }

        int[] toArray() {
            return Arrays.copyOf(values, count);
        }
    }

    private static void flatten(String path, JsonNode node, TokenWriter out, TermDictionary dictionary) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                out.size += entry.getKey().length() + 4;
                String child = path.isEmpty() ? entry.getKey() : path + "." + entry.getKey();
                flatten(child, entry.getValue(), out, dictionary);
            }
        } else if (node.isArray()) {
            out.size += 2;
            for (JsonNode element : node) {
                out.size += 1;
                flatten(path, element, out, dictionary);
            }
        } else if (node.isString() || node.isNumber()) {
            String text = node.asString();
            out.size += text.length() + (node.isString() ? 2 : 0);
            List<String> words = Tokenizer.terms(text);
            if (!words.isEmpty()) {
                out.add(dictionary.internPath(path));
                out.add(words.size());
                for (String word : words) {
                    out.add(dictionary.internWord(word));
                }
            }
        } else if (node.isBoolean()) {
            out.size += 5;
        } else {
            out.size += 4;
        }
    }

    /**
     * Renumbers the record's words in another dictionary (its store started a new one).
     *
     * @param target the new dictionary
     */
    void remap(TermDictionary target) {
        if (target == dictionary) {
            return;
        }
        int[] remapped = new int[tokens.length];
        int i = 0;
        while (i < tokens.length) {
            int count = tokens[i + 1];
            remapped[i] = target.internPath(dictionary.path(tokens[i]));
            remapped[i + 1] = count;
            for (int k = i + 2; k < i + 2 + count; k++) {
                remapped[k] = target.internWord(dictionary.word(tokens[k]));
            }
            i += 2 + count;
        }
        tokens = remapped;
        dictionary = target;
    }

    /** {@return the record's current ordinal in its store (changes when the store compacts)} */
    public int ordinal() {
        return ordinal;
    }

    void assignOrdinal(int ordinal) {
        this.ordinal = ordinal;
    }

    /** {@return a new tree of the record as stored (the same tree for a record kept as a tree: never mutate it)} */
    public ObjectNode source() {
        return stored instanceof byte[] bytes ? CompactJson.decode(bytes) : (ObjectNode) stored;
    }

    /** {@return a tree of the record that the caller owns (decoded from the bytes, or a copy of the tree)} */
    public ObjectNode copyOfSource() {
        return stored instanceof byte[] bytes ? CompactJson.decode(bytes) : ((ObjectNode) stored).deepCopy();
    }

    /** {@return the record's objectID} */
    public String objectID() {
        return objectID;
    }

    /** {@return the insertion sequence number; kept when the record is replaced} */
    public long sequence() {
        return sequence;
    }

    /**
     * {@return the scalar values at exactly that path, in document order (array elements included)}
     *
     * @param path a dotted attribute path
     */
    public List<Leaf> leavesAt(String path) {
        if (stored instanceof byte[] bytes) {
            return CompactJson.leavesAt(bytes, path);
        }
        List<Leaf> found = new ArrayList<>();
        collect("", (JsonNode) stored, path, found);
        return found;
    }

    private static void collect(String at, JsonNode node, String path, List<Leaf> found) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                collect(at.isEmpty() ? entry.getKey() : at + "." + entry.getKey(), entry.getValue(), path, found);
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                collect(at, element, path, found);
            }
        } else if ((node.isString() || node.isNumber() || node.isBoolean()) && at.equals(path)) {
            found.add(new Leaf(path, node));
        }
    }

    /**
     * {@return the words of the record's string and number values: for each value holding words, in document
     *     order, the id of its path, the number of its words, then their ids (ids of {@link #dictionary()})}
     */
    public int[] tokens() {
        return tokens;
    }

    /** {@return the dictionary of the ids in {@link #tokens()}} */
    public TermDictionary dictionary() {
        return dictionary;
    }

    /** {@return the number of {@code _geoloc} points} */
    public int geoPointCount() {
        return geoPoints.length / 2;
    }

    /**
     * {@return its latitude}
     *
     * @param i a point index below {@link #geoPointCount()}
     */
    public double latitude(int i) {
        return geoPoints[2 * i];
    }

    /**
     * {@return its longitude}
     *
     * @param i a point index below {@link #geoPointCount()}
     */
    public double longitude(int i) {
        return geoPoints[2 * i + 1];
    }

    /** {@return the approximate size of the record as JSON, in bytes} */
    public long approximateSize() {
        return approximateSize;
    }

    /**
     * {@return an estimate of the heap the record holds: its bytes, its words and points, its slots in the store}
     *     The words' postings and the dictionary are counted by the store, which keeps them until it compacts.
     */
    public long heapBytes() {
        return heapBytes;
    }
}
