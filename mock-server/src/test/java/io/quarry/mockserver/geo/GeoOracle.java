package io.quarry.mockserver.geo;

/**
 * Geo answers worked out independently of the engine, for the tests to compare with: distances from unit vectors
 * (atan2 of the cross and dot products, well conditioned everywhere, where the engine uses the haversine), box
 * membership written as a union of longitude intervals, polygon membership by winding number.
 */
final class GeoOracle {

    /** The sphere the mock server measures on: the Earth's mean radius, in meters. */
    static final double EARTH_RADIUS_METERS = 6_371_008.8;

    private GeoOracle() {}

    /** {@return the great-circle distance in meters} */
    static double distance(double lat1, double lng1, double lat2, double lng2) {
        double[] a = unit(lat1, lng1);
        double[] b = unit(lat2, lng2);
        double cx = a[1] * b[2] - a[2] * b[1];
        double cy = a[2] * b[0] - a[0] * b[2];
        double cz = a[0] * b[1] - a[1] * b[0];
        double dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
        return EARTH_RADIUS_METERS * Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), dot);
    }

    private static double[] unit(double lat, double lng) {
        double phi = Math.toRadians(lat);
        double lambda = Math.toRadians(lng);
        return new double[] {Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)};
    }

    /**
     * {@return whether the point is in the box of corners {@code lat1, lng1, lat2, lng2}}: its longitudes span the
     * shorter way between the corners' (across the antimeridian when they are more than 180 degrees apart), and a
     * pole is in every box reaching its latitude
     */
    static boolean inBox(double[] box, double lat, double lng) {
        if (lat < Math.min(box[0], box[2]) || lat > Math.max(box[0], box[2])) {
            return false;
        }
        if (Math.abs(lat) == 90) {
            return true;
        }
        return inLongitudes(box, lng) || (Math.abs(lng) == 180 && inLongitudes(box, -lng));
    }

    private static boolean inLongitudes(double[] box, double lng) {
        double low = Math.min(box[1], box[3]);
        double high = Math.max(box[1], box[3]);
        if (high - low == 360) {
            return true;
        }
        return high - low <= 180 ? low <= lng && lng <= high : lng >= high || lng <= low;
    }

    /**
     * {@return whether the point is inside the simple polygon {@code lat1, lng1, lat2, lng2, ...}}, its edges
     * straight in latitude and longitude: the winding number of the polygon around the point is not zero
     */
    static boolean inPolygon(double[] polygon, double lat, double lng) {
        int points = polygon.length / 2;
        int winding = 0;
        for (int i = 0; i < points; i++) {
            int j = (i + 1) % points;
            double y1 = polygon[2 * i];
            double x1 = polygon[2 * i + 1];
            double y2 = polygon[2 * j];
            double x2 = polygon[2 * j + 1];
            // which side of the edge (x1,y1)->(x2,y2) the point lies on, x the longitude and y the latitude
            double side = (x2 - x1) * (lat - y1) - (lng - x1) * (y2 - y1);
            if (x1 <= lng && x2 > lng && side < 0) {
                winding++;
            } else if (x2 <= lng && x1 > lng && side > 0) {
                winding--;
            }
        }
        return winding != 0;
    }

    /**
     * {@return the start of the precision bucket holding that distance}
     *
     * @param distance meters
     * @param froms the ranges' starts, ascending
     * @param widths the ranges' bucket widths
     */
    static long bucket(long distance, long[] froms, int[] widths) {
        int range = 0;
        for (int i = 0; i < froms.length; i++) {
            if (froms[i] <= distance) {
                range = i;
            }
        }
        long start = range == 0 ? 0 : froms[range];
        return start + Math.floorDiv(distance - start, widths[range]) * widths[range];
    }

    /** {@return the bucket width at that distance} */
    static int width(long distance, long[] froms, int[] widths) {
        int range = 0;
        for (int i = 0; i < froms.length; i++) {
            if (froms[i] <= distance) {
                range = i;
            }
        }
        return widths[range];
    }
}
