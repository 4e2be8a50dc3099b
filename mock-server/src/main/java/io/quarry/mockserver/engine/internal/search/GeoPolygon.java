package io.quarry.mockserver.engine.internal.search;

/**
 * One {@code insidePolygon} polygon: its points joined in order by straight lines in latitude and longitude (the
 * last back to the first), never across the antimeridian; a point is inside when a ray from it crosses the edges an
 * odd number of times, so concave polygons work and a self-crossing one keeps the areas it wraps an odd number of
 * times.
 *
 * <p>Edges are filed by longitude into about {@code sqrt(points)} strips, so a test reads only the edges that span
 * the point's strip: a 10,000-point polygon costs a record about a hundred edge tests, not 10,000 (filing costs at
 * most {@code points * sqrt(points)} entries, a million for 10,000 points).
 */
final class GeoPolygon {

    private final double[] lats;
    private final double[] lngs;
    private final double minLat;
    private final double maxLat;
    private final double minLng;
    private final double maxLng;
    private final int strips;
    private final double stripWidth;
    /** The edges of strip {@code s} are {@code edges[firstEdge[s]]} to {@code edges[firstEdge[s + 1] - 1]}. */
    private final int[] firstEdge;
    /** Edge {@code e} joins point {@code e} to point {@code e + 1} (the last point to the first). */
    private final int[] edges;

    /**
     * @param coordinates {@code lat1, lng1, lat2, lng2, ...}: at least 3 points, in range
     */
    GeoPolygon(double[] coordinates) {
        int points = coordinates.length / 2;
        lats = new double[points];
        lngs = new double[points];
        double south = 90;
        double north = -90;
        double west = 180;
        double east = -180;
        for (int i = 0; i < points; i++) {
            lats[i] = coordinates[2 * i];
            lngs[i] = coordinates[2 * i + 1];
            south = Math.min(south, lats[i]);
            north = Math.max(north, lats[i]);
            west = Math.min(west, lngs[i]);
            east = Math.max(east, lngs[i]);
        }
        minLat = south;
        maxLat = north;
        minLng = west;
        maxLng = east;
        strips = Math.max(1, (int) Math.sqrt(points));
        stripWidth = (maxLng - minLng) / strips;
        firstEdge = new int[strips + 1];
        for (int e = 0; e < points; e++) {
            for (int s = firstStrip(e); s <= lastStrip(e); s++) {
                firstEdge[s + 1]++;
            }
        }
        for (int s = 0; s < strips; s++) {
            firstEdge[s + 1] += firstEdge[s];
        }
        edges = new int[firstEdge[strips]];
        int[] filled = new int[strips];
        for (int e = 0; e < points; e++) {
            for (int s = firstStrip(e); s <= lastStrip(e); s++) {
                edges[firstEdge[s] + filled[s]++] = e;
            }
        }
    }

    /** {@return the entries of the edges filed by strip} Package-private so a test can count the filing's work. */
    int filedEdges() {
        return edges.length;
    }

    private int firstStrip(int edge) {
        return strip(Math.min(lngs[edge], lngs[next(edge)]));
    }

    private int lastStrip(int edge) {
        return strip(Math.max(lngs[edge], lngs[next(edge)]));
    }

    private int next(int point) {
        return point + 1 == lats.length ? 0 : point + 1;
    }

    private int strip(double lng) {
        if (stripWidth == 0) {
            return 0;
        }
        return Math.min(strips - 1, Math.max(0, (int) ((lng - minLng) / stripWidth)));
    }

    /**
     * {@return whether the point is inside}
     *
     * @param lat a latitude
     * @param lng a longitude
     */
    boolean contains(double lat, double lng) {
        return contains(lat, lng, null);
    }

    /**
     * {@return whether the point is inside} Package-private so a test can count the work.
     *
     * @param lat a latitude
     * @param lng a longitude
     * @param edgesTested {@code null}, or a counter to which each edge tested adds one
     */
    boolean contains(double lat, double lng, long[] edgesTested) {
        if (lat < minLat || lat > maxLat || lng < minLng || lng > maxLng) {
            return false;
        }
        boolean inside = false;
        int strip = strip(lng);
        for (int k = firstEdge[strip]; k < firstEdge[strip + 1]; k++) {
            if (edgesTested != null) {
                edgesTested[0]++;
            }
            int a = edges[k];
            int b = next(a);
            if ((lngs[a] > lng) != (lngs[b] > lng)
                    && lat < (lats[b] - lats[a]) * (lng - lngs[a]) / (lngs[b] - lngs[a]) + lats[a]) {
                inside = !inside;
            }
        }
        return inside;
    }
}
