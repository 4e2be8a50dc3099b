package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The geo part of a search, over the records' {@code _geoloc} (one {@code {lat, lng}} object or an array of
 * them): {@code insideBoundingBox} and {@code insidePolygon} restrict to areas (and then {@code aroundLatLng} is
 * ignored, as in the service); otherwise {@code aroundLatLng} ("lat,lng") with {@code aroundRadius} (meters, or
 * {@code all}; no radius means no limit) restricts to a circle and ranks by distance, bucketed by
 * {@code aroundPrecision} meters (default 10; or a list of distance ranges, see {@link GeoPrecision}). Once any geo parameter is active, records without a usable
 * {@code _geoloc} are excluded. Distances are great-circle (haversine) distances in meters.
 */
public final class GeoQuery {

    private static final double EARTH_RADIUS_METERS = 6_371_008.8;

    private final double[] center;
    private final double radius;
    private final GeoPrecision precision;
    private final List<double[]> boxes;
    private final List<double[]> polygons;

    private GeoQuery(
            double[] center, double radius, GeoPrecision precision, List<double[]> boxes, List<double[]> polygons) {
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
     */
    public static GeoQuery of(RequestParams params) {
        List<double[]> boxes = shapes(params, "insideBoundingBox", 4);
        List<double[]> polygons = shapes(params, "insidePolygon", 6);
        double[] center = null;
        if (boxes.isEmpty() && polygons.isEmpty() && params.has("aroundLatLng")) {
            double[] numbers = numbers("aroundLatLng", params.string("aroundLatLng", ""));
            if (numbers.length != 2) {
                throw new EngineException(400, "aroundLatLng must be \"lat,lng\"");
            }
            center = numbers;
        }
        double radius = Double.POSITIVE_INFINITY;
        JsonNode radiusNode = params.raw("aroundRadius");
        if (center != null
                && radiusNode != null
                && !(radiusNode.isString() && radiusNode.asString().equals("all"))) {
            radius = RequestParams.toInt("aroundRadius", radiusNode);
            if (radius < 1) {
                throw new EngineException(400, "aroundRadius must be at least 1 meter, or \"all\"");
            }
        }
        return new GeoQuery(center, radius, GeoPrecision.of(params.raw("aroundPrecision")), boxes, polygons);
    }

    private static List<double[]> shapes(RequestParams params, String name, int minimum) {
        List<double[]> shapes = new ArrayList<>();
        JsonNode raw = params.raw(name);
        if (raw == null) {
            return shapes;
        }
        JsonNode node = RequestParams.asStructured(name, raw);
        if (node.isArray() && !node.isEmpty() && node.get(0).isArray()) {
            for (JsonNode shape : node) {
                shapes.add(numbers(name, shape));
            }
        } else if (node.isArray()) {
            shapes.add(numbers(name, node));
        } else if (node.isString()) {
            double[] all = numbers(name, node.asString());
            if (minimum == 4) {
                for (int i = 0; i + 4 <= all.length; i += 4) {
                    shapes.add(java.util.Arrays.copyOfRange(all, i, i + 4));
                }
                if (all.length % 4 != 0) {
                    throw new EngineException(400, name + " needs groups of 4 numbers");
                }
            } else {
                shapes.add(all);
            }
        } else {
            throw new EngineException(400, name + " must be a string or an array of numbers");
        }
        for (double[] shape : shapes) {
            if (shape.length < minimum || shape.length % 2 != 0 || (minimum == 4 && shape.length != 4)) {
                throw new EngineException(
                        400,
                        name + ": each shape needs " + (minimum == 4 ? "4 numbers" : "at least 6 numbers (3 points)"));
            }
        }
        return shapes;
    }

    private static double[] numbers(String name, JsonNode array) {
        double[] numbers = new double[array.size()];
        for (int i = 0; i < numbers.length; i++) {
            JsonNode element = array.get(i);
            if (!element.isNumber() && !element.isString()) {
                throw new EngineException(400, name + " must hold numbers");
            }
            numbers[i] = number(name, element.asString());
        }
        return numbers;
    }

    private static double[] numbers(String name, String text) {
        String[] parts = text.split(",");
        double[] numbers = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            numbers[i] = number(name, parts[i]);
        }
        return numbers;
    }

    private static double number(String name, String text) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new EngineException(400, "Invalid number in " + name + ": \"" + text.trim() + "\"");
        }
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
            for (double[] box : boxes) {
                if (inBox(box, lat, lng)) {
                    return true;
                }
            }
            for (double[] polygon : polygons) {
                if (inPolygon(polygon, lat, lng)) {
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

    private static boolean inBox(double[] box, double lat, double lng) {
        double minLat = Math.min(box[0], box[2]);
        double maxLat = Math.max(box[0], box[2]);
        double minLng = Math.min(box[1], box[3]);
        double maxLng = Math.max(box[1], box[3]);
        return lat >= minLat && lat <= maxLat && lng >= minLng && lng <= maxLng;
    }

    private static boolean inPolygon(double[] polygon, double lat, double lng) {
        boolean inside = false;
        int points = polygon.length / 2;
        for (int i = 0, j = points - 1; i < points; j = i++) {
            double latI = polygon[2 * i];
            double lngI = polygon[2 * i + 1];
            double latJ = polygon[2 * j];
            double lngJ = polygon[2 * j + 1];
            if ((lngI > lng) != (lngJ > lng) && lat < (latJ - latI) * (lng - lngI) / (lngJ - lngI) + latI) {
                inside = !inside;
            }
        }
        return inside;
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
