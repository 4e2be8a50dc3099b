package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The geo part of a search, over the records' {@code _geoloc} (one {@code {lat, lng}} object or an array of
 * them): {@code insideBoundingBox} (see {@link GeoBox}) or else {@code insidePolygon} (see {@link GeoPolygon})
 * restricts to areas, and then {@code aroundLatLng} is ignored, as in the service, as are the polygons when boxes
 * are given; otherwise {@code aroundLatLng} ("lat,lng") with {@code aroundRadius} (meters, or {@code all}; no radius
 * means no limit) restricts to a circle and ranks by distance, bucketed by {@code aroundPrecision} meters (default
 * 10; or a list of distance ranges, see {@link GeoPrecision}). Coordinates are read by {@link GeoNumbers}. At most
 * {@value #MAX_BOXES} boxes and {@value #MAX_POLYGON_POINTS} polygon points in all, so that a search costs each
 * record a bounded number of tests. Once any geo parameter is active, records without a usable {@code _geoloc} are
 * excluded. Distances are great-circle (haversine) distances in meters on a sphere of the Earth's mean radius.
 */
public final class GeoQuery {

    /** The most boxes one search may give. */
    public static final int MAX_BOXES = 1_000;

    /** The most polygon points one search may give, all its polygons together (as the service). */
    public static final int MAX_POLYGON_POINTS = 10_000;

    private static final double EARTH_RADIUS_METERS = 6_371_008.8;

    private final double[] center;
    private final double radius;
    private final GeoPrecision precision;
    private final List<GeoBox> boxes;
    private final List<GeoPolygon> polygons;

    private GeoQuery(
            double[] center, double radius, GeoPrecision precision, List<GeoBox> boxes, List<GeoPolygon> polygons) {
        this.center = center;
        this.radius = radius;
        this.precision = precision;
        this.boxes = boxes;
        this.polygons = polygons;
    }

    /**
     * {@return the geo query (inactive when no geo parameter is set)}
     *
     * @param params the request's parameters
     * @throws EngineException 400 for a malformed, out-of-range or oversized geo parameter
     */
    public static GeoQuery of(RequestParams params) {
        List<GeoBox> boxes = shapes(params, "insideBoundingBox", true, 4 * MAX_BOXES).stream()
                .map(GeoBox::new)
                .toList();
        List<double[]> polygonPoints = shapes(params, "insidePolygon", false, 2 * MAX_POLYGON_POINTS);
        List<GeoPolygon> polygons =
                boxes.isEmpty() ? polygonPoints.stream().map(GeoPolygon::new).toList() : List.of();
        double[] center = null;
        if (boxes.isEmpty() && polygons.isEmpty() && params.has("aroundLatLng")) {
            double[] numbers = GeoNumbers.ofText(
                    "aroundLatLng", params.string("aroundLatLng", ""), 2, "aroundLatLng must be \"lat,lng\"");
            if (numbers.length != 2) {
                throw new EngineException(400, "aroundLatLng must be \"lat,lng\"");
            }
            center = numbers;
        }
        double radius = Double.POSITIVE_INFINITY;
        JsonNode radiusNode = params.raw("aroundRadius");
        if (center != null && radiusNode != null && !isAll(radiusNode)) {
            radius = meters("aroundRadius", radiusNode, "aroundRadius must be at least 1 meter, or \"all\"");
        }
        // accepted and not applied (no geolocation of addresses, no automatic radius), but read like the service
        JsonNode minimum = params.raw("minimumAroundRadius");
        if (minimum != null) {
            meters("minimumAroundRadius", minimum, "minimumAroundRadius must be at least 1 meter");
        }
        params.bool("aroundLatLngViaIP", false);
        return new GeoQuery(center, radius, GeoPrecision.of(params.raw("aroundPrecision")), boxes, polygons);
    }

    private static boolean isAll(JsonNode radius) {
        return radius.isString() && radius.stringValue().trim().equals("all");
    }

    private static int meters(String name, JsonNode value, String message) {
        int meters;
        try {
            meters = RequestParams.toInt(name, value);
        } catch (EngineException e) {
            throw new EngineException(400, message);
        }
        if (meters < 1) {
            throw new EngineException(400, message);
        }
        return meters;
    }

    /**
     * The shapes of one parameter: an array of arrays, one flat array or comma-separated text (boxes: every 4
     * numbers a box; a polygon: the whole list).
     */
    private static List<double[]> shapes(RequestParams params, String name, boolean box, int limit) {
        List<double[]> shapes = new ArrayList<>();
        JsonNode raw = params.raw(name);
        if (raw == null) {
            return shapes;
        }
        String tooMany = box
                ? name + ": at most " + MAX_BOXES + " boxes"
                : name + ": at most " + MAX_POLYGON_POINTS + " points in all";
        JsonNode node = RequestParams.asStructured(name, raw);
        if (node.isArray() && !node.isEmpty() && node.get(0).isArray()) {
            int left = limit;
            for (JsonNode shape : node) {
                if (!shape.isArray()) {
                    throw new EngineException(400, name + " must hold numbers");
                }
                shapes.add(checked(name, box, GeoNumbers.ofArray(name, shape, left, tooMany)));
                left -= shape.size();
            }
            return shapes;
        }
        if (!node.isArray() && !node.isString()) {
            throw new EngineException(400, name + " must be a string or an array of numbers");
        }
        double[] all = node.isArray()
                ? GeoNumbers.ofArray(name, node, limit, tooMany)
                : GeoNumbers.ofText(name, node.asString(), limit, tooMany);
        if (!box) {
            shapes.add(checked(name, false, all));
        } else if (all.length == 0 || all.length % 4 != 0) {
            throw new EngineException(400, name + " needs groups of 4 numbers");
        }
        for (int i = 0; box && i < all.length; i += 4) {
            shapes.add(Arrays.copyOfRange(all, i, i + 4));
        }
        return shapes;
    }

    private static double[] checked(String name, boolean box, double[] shape) {
        if (box ? shape.length != 4 : shape.length < 6 || shape.length % 2 != 0) {
            throw new EngineException(
                    400, name + ": each shape needs " + (box ? "4 numbers" : "at least 6 numbers (3 points)"));
        }
        return shape;
    }

    /** {@return whether any geo parameter is set} */
    public boolean active() {
        return center != null || !boxes.isEmpty() || !polygons.isEmpty();
    }

    /** {@return whether results are ranked by distance} */
    public boolean ranks() {
        return center != null;
    }

    /** {@return the precision of distance ranking} */
    public GeoPrecision precision() {
        return precision;
    }

    /**
     * {@return whether one of its points is inside the area}
     *
     * @param record a record
     */
    public boolean accepts(IndexedRecord record) {
        for (int i = 0; i < record.geoPointCount(); i++) {
            double lat = record.latitude(i);
            double lng = record.longitude(i);
            if (center != null && distance(center[0], center[1], lat, lng) <= radius) {
                return true;
            }
            for (GeoBox box : boxes) {
                if (box.contains(lat, lng)) {
                    return true;
                }
            }
            for (GeoPolygon polygon : polygons) {
                if (polygon.contains(lat, lng)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * {@return the index of its point nearest to the center, or -1 without a center or points}
     *
     * @param record a record
     */
    public int nearestPoint(IndexedRecord record) {
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int i = 0; center != null && i < record.geoPointCount(); i++) {
            double d = distance(center[0], center[1], record.latitude(i), record.longitude(i));
            if (d < bestDistance) {
                bestDistance = d;
                best = i;
            }
        }
        return best;
    }

    /**
     * {@return the distance from the center to that point, in whole meters}
     *
     * @param record a record
     * @param point one of its point indices
     */
    public int distanceTo(IndexedRecord record, int point) {
        return (int) Math.round(distance(center[0], center[1], record.latitude(point), record.longitude(point)));
    }

    private static double distance(double lat1, double lng1, double lat2, double lng2) {
        double dLat = Math.toRadians(lat2 - lat1);
        double dLng = Math.toRadians(lng2 - lng1);
        double a = Math.sin(dLat / 2) * Math.sin(dLat / 2)
                + Math.cos(Math.toRadians(lat1))
                        * Math.cos(Math.toRadians(lat2))
                        * Math.sin(dLng / 2)
                        * Math.sin(dLng / 2);
        return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
    }
}
