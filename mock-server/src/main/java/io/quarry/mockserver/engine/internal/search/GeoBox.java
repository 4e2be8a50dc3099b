package io.quarry.mockserver.engine.internal.search;

/**
 * One {@code insideBoundingBox} rectangle, given by two opposite corners. Its latitudes run from the lower to the
 * higher corner; its longitudes run the shorter way between the corners' (so {@code 170} and {@code -170} make a
 * box 20 degrees wide across the antimeridian, and {@code -180} with {@code 180} the whole circle). A pole belongs
 * to every box that reaches its latitude, whatever the longitudes, since every longitude meets there.
 */
final class GeoBox {

    private final double south;
    private final double north;
    private final double low;
    private final double high;
    /** Whether the box holds the longitudes outside [low, high], across the antimeridian, rather than those inside. */
    private final boolean across;

    /**
     * @param corners {@code lat1, lng1, lat2, lng2}, in range
     */
    GeoBox(double[] corners) {
        south = Math.min(corners[0], corners[2]);
        north = Math.max(corners[0], corners[2]);
        low = Math.min(corners[1], corners[3]);
        high = Math.max(corners[1], corners[3]);
        across = high - low > 180 && high - low < 360;
    }

    /**
     * {@return whether the point is inside or on the edge}
     *
     * @param lat a latitude in [-90, 90]
     * @param lng a longitude in [-180, 180]
     */
    boolean contains(double lat, double lng) {
        if (lat < south || lat > north) {
            return false;
        }
        if (Math.abs(lat) == 90) {
            return true;
        }
        if (across) {
            return lng >= high || lng <= low;
        }
        // compared as given, no arithmetic to round: -180 and 180 are one meridian
        return (lng >= low && lng <= high) || (Math.abs(lng) == 180 && -lng >= low && -lng <= high);
    }
}
