package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A polygon of many points costs each point tested the edges of its strip of longitude, about the square root of its
 * points, not all of them: 10,000 points against 2,000 records were 20 million edge tests a search.
 */
class GeoPolygonCostTest {

    private static final int POINTS = 10_000;
    private static final int TESTS = 2_000;

    @Test
    void aPointIsTestedAgainstTheEdgesOfItsStripOnly() {
        double[] circle = circle(POINTS);
        GeoPolygon polygon = new GeoPolygon(circle);
        Random random = new Random(20_261_130L);
        long[] tested = {0};
        for (int i = 0; i < TESTS; i++) {
            double lat = 20 + random.nextDouble() * 60;
            double lng = -25 + random.nextDouble() * 60;
            assertThat(polygon.contains(lat, lng, tested))
                    .as("%s, %s", lat, lng)
                    .isEqualTo(crossesOddly(circle, lat, lng));
        }
        long root = (long) Math.sqrt(POINTS);
        // every edge for every point in the polygon's box: about 12 million
        assertThat(tested[0]).as("edges tested").isLessThanOrEqualTo(TESTS * 2 * root);
        // a circle's edges are short: each spans one strip, or two
        assertThat(polygon.filedEdges()).as("edges filed by strip").isLessThanOrEqualTo(2 * POINTS);
    }

    /** {@return that many points on a circle of 25 degrees around 50, 5, the latitudes squeezed by 0.9} */
    private static double[] circle(int points) {
        double[] coordinates = new double[2 * points];
        for (int i = 0; i < points; i++) {
            double angle = 2 * Math.PI * i / points;
            coordinates[2 * i] = 50 + 25 * Math.sin(angle) * 0.9;
            coordinates[2 * i + 1] = 5 + 25 * Math.cos(angle);
        }
        return coordinates;
    }

    /** The ray cast over every edge: what the strips must agree with. */
    private static boolean crossesOddly(double[] coordinates, double lat, double lng) {
        int points = coordinates.length / 2;
        boolean inside = false;
        for (int a = 0; a < points; a++) {
            int b = (a + 1) % points;
            double latA = coordinates[2 * a];
            double lngA = coordinates[2 * a + 1];
            double latB = coordinates[2 * b];
            double lngB = coordinates[2 * b + 1];
            if ((lngA > lng) != (lngB > lng) && lat < (latB - latA) * (lng - lngA) / (lngB - lngA) + latA) {
                inside = !inside;
            }
        }
        return inside;
    }
}
