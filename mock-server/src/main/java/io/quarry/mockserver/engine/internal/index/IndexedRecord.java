package io.quarry.mockserver.engine.internal.index;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A stored record with its values flattened and tokenised once, at write time, so that searches, filters and
 * facets never walk the JSON again.
 */
public final class IndexedRecord {

    private final ObjectNode source;
    private final String objectID;
    private final long sequence;
    private final List<Leaf> leaves;
    private final List<String> terms;
    private final int attributeTermCount;
    private final long approximateSize;
    private final double[] geoPoints;
    private int ordinal = -1;

    /**
     * @param source the record; owned by this object afterwards
     * @param sequence its insertion sequence number, the final tie-break of every ordering
     * @param canonical returns the shared instance of a word or path (records share their strings)
     */
    public IndexedRecord(ObjectNode source, long sequence, UnaryOperator<String> canonical) {
        this.source = source;
        this.objectID = source.path("objectID").asString();
        this.sequence = sequence;
        List<Leaf> collected = new ArrayList<>();
        long[] size = {2};
        flatten("", source, collected, size, canonical);
        this.leaves = List.copyOf(collected);
        Set<String> allTerms = new LinkedHashSet<>();
        for (Leaf leaf : collected) {
            if (!leaf.path().equals("objectID")) {
                allTerms.addAll(leaf.terms());
            }
        }
        this.attributeTermCount = allTerms.size();
        for (Leaf leaf : leavesAt("objectID")) {
            allTerms.addAll(leaf.terms());
        }
        this.terms = List.copyOf(allTerms);
        this.approximateSize = size[0];
        this.geoPoints = geoPoints(source.get("_geoloc"));
    }

    private static double[] geoPoints(JsonNode geoloc) {
        if (geoloc == null) {
            return new double[0];
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
            JsonNode lat = point.get("lat");
            JsonNode lng = point.get("lng");
            boolean usable = lat != null
                    && lng != null
                    && (lat.isNumber() || lat.isString())
                    && (lng.isNumber() || lng.isString());
            if (usable) {
                try {
                    double latitude = Double.parseDouble(lat.asString());
                    double longitude = Double.parseDouble(lng.asString());
                    pairs[count++] = latitude;
                    pairs[count++] = longitude;
                } catch (NumberFormatException e) {
                    // Not a usable point: ignored, as the service ignores malformed _geoloc values.
                }
            }
        }
        return java.util.Arrays.copyOf(pairs, count);
    }

    private static void flatten(
            String path, JsonNode node, List<Leaf> out, long[] size, UnaryOperator<String> canonical) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                size[0] += entry.getKey().length() + 4;
                String child = canonical.apply(path.isEmpty() ? entry.getKey() : path + "." + entry.getKey());
                flatten(child, entry.getValue(), out, size, canonical);
            }
        } else if (node.isArray()) {
            size[0] += 2;
            for (JsonNode element : node) {
                size[0] += 1;
                flatten(path, element, out, size, canonical);
            }
        } else if (node.isString() || node.isNumber()) {
            String text = node.asString();
            size[0] += text.length() + (node.isString() ? 2 : 0);
            List<String> words = Tokenizer.terms(text);
            words.replaceAll(canonical);
            out.add(new Leaf(path, node, List.copyOf(words)));
        } else if (node.isBoolean()) {
            size[0] += 5;
            out.add(new Leaf(path, node, List.of()));
        } else {
            size[0] += 4;
        }
    }

    /** @return the record's current ordinal in its store (changes when the store compacts) */
    public int ordinal() {
        return ordinal;
    }

    void assignOrdinal(int ordinal) {
        this.ordinal = ordinal;
    }

    /** @return the record as stored (never mutate it) */
    public ObjectNode source() {
        return source;
    }

    /** @return the record's objectID */
    public String objectID() {
        return objectID;
    }

    /** @return the insertion sequence number; kept when the record is replaced */
    public long sequence() {
        return sequence;
    }

    /** @return every scalar value in document order */
    public List<Leaf> leaves() {
        return leaves;
    }

    /**
     * @param path a dotted attribute path
     * @return the scalar values at exactly that path, in document order (array elements included)
     */
    public List<Leaf> leavesAt(String path) {
        int from = -1;
        int to = -1;
        List<Leaf> scattered = null;
        for (int i = 0; i < leaves.size(); i++) {
            Leaf leaf = leaves.get(i);
            String leafPath = leaf.path();
            if (leafPath != path && !leafPath.equals(path)) {
                continue;
            }
            if (from < 0) {
                from = i;
                to = i + 1;
            } else if (scattered == null && to == i) {
                to = i + 1;
            } else {
                // Values of an array of objects interleave with their siblings.
                if (scattered == null) {
                    scattered = new ArrayList<>(leaves.subList(from, to));
                }
                scattered.add(leaf);
            }
        }
        if (scattered != null) {
            return scattered;
        }
        return from < 0 ? List.of() : leaves.subList(from, to);
    }

    /**
     * @return the distinct normalised words of every string and number value: first those of attributes other
     *     than objectID ({@link #attributeTermCount()} of them), then those found only in the objectID
     */
    public List<String> terms() {
        return terms;
    }

    /** @return how many of {@link #terms()} come from attributes other than objectID */
    public int attributeTermCount() {
        return attributeTermCount;
    }

    /** @return the number of {@code _geoloc} points */
    public int geoPointCount() {
        return geoPoints.length / 2;
    }

    /**
     * @param i a point index below {@link #geoPointCount()}
     * @return its latitude
     */
    public double latitude(int i) {
        return geoPoints[2 * i];
    }

    /**
     * @param i a point index below {@link #geoPointCount()}
     * @return its longitude
     */
    public double longitude(int i) {
        return geoPoints[2 * i + 1];
    }

    /** @return the approximate size of the record as JSON, in bytes */
    public long approximateSize() {
        return approximateSize;
    }
}
