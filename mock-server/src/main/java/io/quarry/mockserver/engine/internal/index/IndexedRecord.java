package io.quarry.mockserver.engine.internal.index;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    private final Map<String, List<Leaf>> leavesByPath;
    private final Set<String> terms;
    private final long approximateSize;
    private final double[] geoPoints;

    /**
     * @param source the record; owned by this object afterwards
     * @param sequence its insertion sequence number, the final tie-break of every ordering
     */
    public IndexedRecord(ObjectNode source, long sequence) {
        this.source = source;
        this.objectID = source.path("objectID").asString();
        this.sequence = sequence;
        List<Leaf> collected = new ArrayList<>();
        long[] size = {2};
        flatten("", source, collected, size);
        this.leaves = Collections.unmodifiableList(collected);
        Map<String, List<Leaf>> byPath = new HashMap<>();
        Set<String> allTerms = new LinkedHashSet<>();
        for (Leaf leaf : collected) {
            byPath.computeIfAbsent(leaf.path(), p -> new ArrayList<>(1)).add(leaf);
            leaf.tokens().forEach(t -> allTerms.add(t.term()));
        }
        this.leavesByPath = byPath;
        this.terms = allTerms;
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
            if (lat != null && lng != null && (lat.isNumber() || lat.isString()) && (lng.isNumber() || lng.isString())) {
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

    private static void flatten(String path, JsonNode node, List<Leaf> out, long[] size) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                size[0] += entry.getKey().length() + 4;
                String child = path.isEmpty() ? entry.getKey() : path + "." + entry.getKey();
                flatten(child, entry.getValue(), out, size);
            }
        } else if (node.isArray()) {
            size[0] += 2;
            for (JsonNode element : node) {
                size[0] += 1;
                flatten(path, element, out, size);
            }
        } else if (node.isString()) {
            String text = node.asString();
            size[0] += text.length() + 2;
            out.add(new Leaf(path, node, Tokenizer.tokens(text)));
        } else if (node.isNumber()) {
            String text = node.asString();
            size[0] += text.length();
            out.add(new Leaf(path, node, Tokenizer.tokens(text)));
        } else if (node.isBoolean()) {
            size[0] += 5;
            out.add(new Leaf(path, node, List.of()));
        } else {
            size[0] += 4;
        }
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
     * @return the scalar values at exactly that path (array elements included)
     */
    public List<Leaf> leavesAt(String path) {
        return leavesByPath.getOrDefault(path, List.of());
    }

    /** @return the distinct normalised words of every string and number value */
    public Set<String> terms() {
        return terms;
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
