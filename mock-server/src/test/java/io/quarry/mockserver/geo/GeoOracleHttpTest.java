package io.quarry.mockserver.geo;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random records and geo searches over HTTP, each answer compared with {@link GeoOracle}: which records a
 * circle, boxes (some across the antimeridian or reaching a pole) or concave polygons hold, each hit's distance,
 * precision and matched point, and the order of distance buckets.
 *
 * <p>Tolerance: a distance may differ from the oracle's by 1 meter, since the answer rounds it to whole meters and
 * the two formulas differ by far less than a millimeter; a record within 1 meter of the radius may fall either
 * way. Boxes and polygons are compared exactly: random points land on no edge, and the points placed on purpose
 * (poles, the antimeridian) are decided the same way by both.
 */
class GeoOracleHttpTest {

    private static final long SEED = Long.getLong("quarry.geo.seed", 0x6E0_5EEDL);
    private static final int ROUNDS = Integer.getInteger("quarry.geo.rounds", 10);
    private static final int RECORDS = 250;
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    // the records are written once, in @BeforeAll, for every test of the class: they only search them
    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .state(MockServerExtension.StatePolicy.KEPT_ACROSS_CLASS)
            .build();

    /** Each record's points as {@code lat, lng, lat, lng...}, in insertion order (the order ties keep). */
    private static final List<double[]> points = new ArrayList<>();

    private static TestClient client;

    private final Random random = new Random(SEED);

    @BeforeAll
    static void seed(MockServer server) {
        client = new TestClient(server);
        new GeoOracleHttpTest().writeRecords(server);
    }

    private void writeRecords(MockServer server) {
        points.clear();
        ArrayNode records = JSON.arrayNode();
        for (int i = 0; i < RECORDS; i++) {
            int count = random.nextInt(10) == 0 ? 0 : random.nextInt(5) == 0 ? 2 + random.nextInt(2) : 1;
            double[] coordinates = new double[2 * count];
            ArrayNode geoloc = JSON.arrayNode();
            for (int p = 0; p < count; p++) {
                coordinates[2 * p] = latitude();
                coordinates[2 * p + 1] = longitude();
                geoloc.addObject().put("lat", coordinates[2 * p]).put("lng", coordinates[2 * p + 1]);
            }
            ObjectNode record = records.addObject().put("objectID", "r" + i);
            if (count == 1 && random.nextBoolean()) {
                record.set("_geoloc", geoloc.get(0));
            } else if (count > 0) {
                record.set("_geoloc", geoloc);
            }
            points.add(coordinates);
        }
        ObjectNode seed = JSON.objectNode();
        seed.putObject("indices").putObject("geo").set("records", records);
        server.seed(seed.toString());
    }

    /** Mostly near a few places, so that circles and small shapes hold something; now and then a pole. */
    private double latitude() {
        return switch (random.nextInt(8)) {
            case 0 -> random.nextBoolean() ? 90 : -90;
            case 1, 2 -> random.nextDouble() * 180 - 90;
            default -> near(new double[] {48.85, -33.9, 64.1, -17.7}[random.nextInt(4)], 6, 90);
        };
    }

    private double longitude() {
        return switch (random.nextInt(8)) {
            case 0 -> random.nextBoolean() ? 180 : -180;
            case 1, 2 -> random.nextDouble() * 360 - 180;
            default -> wrap(new double[] {2.35, 151.2, -21.9, 179.5}[random.nextInt(4)] + random.nextGaussian() * 6);
        };
    }

    private double near(double value, double spread, double bound) {
        return Math.max(-bound, Math.min(bound, value + random.nextGaussian() * spread));
    }

    private static double wrap(double lng) {
        return lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng;
    }

    @Test
    void circlesHoldRankAndMeasureAsTheOracle() {
        for (int round = 0; round < ROUNDS; round++) {
            double lat = latitude();
            double lng = longitude();
            ObjectNode body = JSON.objectNode().put("aroundLatLng", lat + "," + lng);
            body.put("hitsPerPage", 1000).put("getRankingInfo", true);
            double radius = Double.POSITIVE_INFINITY;
            switch (random.nextInt(3)) {
                case 0 -> body.put("aroundRadius", "all");
                case 1 -> {
                    radius = 1 + random.nextInt(3_000_000);
                    body.put("aroundRadius", (int) radius);
                }
                default -> {
                    // no radius: every located record
                }
            }
            long[] froms = {0};
            int[] widths = {10};
            if (random.nextBoolean()) {
                int ranges = 1 + random.nextInt(4);
                froms = new long[ranges];
                widths = new int[ranges];
                ArrayNode precision = body.putArray("aroundPrecision");
                for (int i = 0; i < ranges; i++) {
                    froms[i] = i == 0 ? random.nextInt(1000) : froms[i - 1] + random.nextInt(2_000_000);
                    widths[i] = 1 + random.nextInt(500_000);
                    precision.addObject().put("from", froms[i]).put("value", widths[i]);
                }
            } else if (random.nextBoolean()) {
                widths[0] = 1 + random.nextInt(1_000_000);
                body.put("aroundPrecision", widths[0]);
            }
            String what = "seed " + SEED + ", round " + round + ": " + body;
            Reply reply = client.post("/1/indexes/geo/query", body.toString());
            assertThat(reply.status()).as(what + " -> " + reply).isEqualTo(200);
            checkCircle(what, reply.body(), lat, lng, radius, froms, widths);
        }
    }

    private void checkCircle(
            String what, JsonNode answer, double lat, double lng, double radius, long[] froms, int[] widths) {
        List<Integer> certain = new ArrayList<>();
        List<Integer> either = new ArrayList<>();
        for (int i = 0; i < RECORDS; i++) {
            double nearest = nearest(i, lat, lng);
            if (Math.abs(nearest - radius) <= 1) {
                either.add(i);
            } else if (nearest < radius) {
                certain.add(i);
            }
        }
        List<Integer> hits = new ArrayList<>();
        long[] distances = new long[answer.get("hits").size()];
        for (JsonNode hit : answer.get("hits")) {
            int record = Integer.parseInt(hit.get("objectID").stringValue().substring(1));
            JsonNode info = hit.get("_rankingInfo");
            long distance = info.get("geoDistance").asLong();
            double expected = nearest(record, lat, lng);
            assertThat((double) distance).as(what + ", r" + record).isCloseTo(expected, within(1));
            assertThat(info.get("geoPrecision").asInt())
                    .as(what + ", r" + record)
                    .isEqualTo(GeoOracle.width(distance, froms, widths));
            JsonNode matched = info.get("matchedGeoLocation");
            double matchedDistance = GeoOracle.distance(
                    lat, lng, matched.get("lat").asDouble(), matched.get("lng").asDouble());
            assertThat(matchedDistance).as(what + ", r" + record).isCloseTo(expected, within(1));
            distances[hits.size()] = distance;
            hits.add(record);
        }
        assertThat(hits).as(what).containsAll(certain);
        List<Integer> allowed = new ArrayList<>(certain);
        allowed.addAll(either);
        assertThat(allowed).as(what).containsAll(hits);
        assertThat(answer.get("nbHits").asInt()).as(what).isEqualTo(hits.size());
        // the order: buckets nearest first, ties in insertion order
        long[] buckets = Arrays.stream(distances)
                .map(d -> GeoOracle.bucket(d, froms, widths))
                .toArray();
        List<Integer> expectedOrder = IntStream.range(0, hits.size())
                .boxed()
                .sorted(Comparator.<Integer>comparingLong(k -> buckets[k]).thenComparing(hits::get))
                .map(hits::get)
                .toList();
        assertThat(hits).as(what).isEqualTo(expectedOrder);
    }

    private static org.assertj.core.data.Offset<Double> within(double meters) {
        return org.assertj.core.data.Offset.offset(meters);
    }

    private double nearest(int record, double lat, double lng) {
        double[] coordinates = points.get(record);
        double best = Double.POSITIVE_INFINITY;
        for (int p = 0; p < coordinates.length; p += 2) {
            best = Math.min(best, GeoOracle.distance(lat, lng, coordinates[p], coordinates[p + 1]));
        }
        return best;
    }

    @Test
    void boxesHoldAsTheOracle() {
        for (int round = 0; round < ROUNDS; round++) {
            List<double[]> boxes = new ArrayList<>();
            ArrayNode wire = JSON.arrayNode();
            for (int b = 1 + random.nextInt(3); b > 0; b--) {
                double[] box = box();
                boxes.add(box);
                ArrayNode corners = wire.addArray();
                Arrays.stream(box).forEach(corners::add);
            }
            String what = "seed " + SEED + ", round " + round + ": " + wire;
            checkArea(
                    what,
                    "insideBoundingBox",
                    wire,
                    (lat, lng) -> boxes.stream().anyMatch(box -> GeoOracle.inBox(box, lat, lng)));
        }
    }

    /** Some boxes cross the antimeridian, some reach a pole, in either corner order. */
    private double[] box() {
        double lat1 = latitude();
        double lat2 = random.nextInt(4) == 0 ? (random.nextBoolean() ? 90 : -90) : near(lat1, 20, 90);
        double lng1;
        double lng2;
        if (random.nextInt(3) == 0) {
            lng1 = 180 - random.nextDouble() * 40;
            lng2 = -180 + random.nextDouble() * 40;
        } else {
            lng1 = longitude();
            lng2 = wrap(lng1 + random.nextGaussian() * 40);
        }
        return random.nextBoolean() ? new double[] {lat1, lng1, lat2, lng2} : new double[] {lat2, lng2, lat1, lng1};
    }

    @Test
    void concavePolygonsHoldAsTheOracle() {
        for (int round = 0; round < ROUNDS; round++) {
            List<double[]> polygons = new ArrayList<>();
            ArrayNode wire = JSON.arrayNode();
            for (int p = 1 + random.nextInt(2); p > 0; p--) {
                double[] polygon = starPolygon(round == 3 ? 2_000 : 3 + random.nextInt(40));
                polygons.add(polygon);
                ArrayNode numbers = wire.addArray();
                Arrays.stream(polygon).forEach(numbers::add);
            }
            String what = "seed " + SEED + ", round " + round + ": " + polygons.size() + " polygons of "
                    + polygons.stream().map(p -> p.length / 2).toList() + " points";
            checkArea(
                    what,
                    "insidePolygon",
                    wire,
                    (lat, lng) -> polygons.stream().anyMatch(polygon -> GeoOracle.inPolygon(polygon, lat, lng)));
        }
    }

    /**
     * A simple polygon around one of the places, its points at increasing angles and random distances: concave as
     * soon as it has more than three, and clear of the antimeridian.
     */
    private double[] starPolygon(int count) {
        double lat = new double[] {48.85, -33.9, 64.1, 10}[random.nextInt(4)];
        double lng = new double[] {2.35, 151.2, -21.9, 120}[random.nextInt(4)];
        double[] angles = random.doubles(count, 0, 2 * Math.PI).sorted().toArray();
        double[] polygon = new double[2 * count];
        for (int i = 0; i < count; i++) {
            double reach = 1 + random.nextDouble() * 20;
            polygon[2 * i] = Math.max(-89, Math.min(89, lat + reach * Math.sin(angles[i])));
            polygon[2 * i + 1] = lng + reach * Math.cos(angles[i]);
        }
        return polygon;
    }

    private interface Area {
        boolean holds(double lat, double lng);
    }

    private void checkArea(String what, String parameter, ArrayNode shapes, Area area) {
        ObjectNode body = JSON.objectNode().put("hitsPerPage", 1000);
        body.set(parameter, shapes);
        Reply reply = client.post("/1/indexes/geo/query", body.toString());
        assertThat(reply.status()).as(what + " -> " + reply).isEqualTo(200);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < RECORDS; i++) {
            double[] coordinates = points.get(i);
            for (int p = 0; p < coordinates.length; p += 2) {
                if (area.holds(coordinates[p], coordinates[p + 1])) {
                    expected.add("r" + i);
                    break;
                }
            }
        }
        // no distance to rank by: the geo criterion ties and hits keep insertion order
        assertThat(reply.hitIds()).as(what).isEqualTo(expected);
    }
}
