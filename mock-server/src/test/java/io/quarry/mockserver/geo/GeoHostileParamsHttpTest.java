package io.quarry.mockserver.geo;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Malformed, out-of-range and oversized geo parameters answer the service's 400 with a message naming the
 * parameter (never a 200 over a point off the globe, a 500, or unbounded work), and the well-formed spellings
 * around them are still accepted.
 */
class GeoHostileParamsHttpTest {

    private static final long SEED = 0x6E0_B16L;
    private static final int RECORDS = Integer.getInteger("quarry.geo.polygonRecords", 2_000);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    // the records are written once, in @BeforeAll, for every test of the class: they only search them
    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .state(MockServerExtension.StatePolicy.KEPT_ACROSS_CLASS)
            .build();

    private static TestClient client;

    @BeforeAll
    static void seed(MockServer server) {
        client = new TestClient(server);
        Random random = new Random(SEED);
        ArrayNode records = JSON.arrayNode();
        records.addObject()
                .put("objectID", "paris")
                .putObject("_geoloc")
                .put("lat", 48.8566)
                .put("lng", 2.3522);
        records.addObject()
                .put("objectID", "fiji")
                .putObject("_geoloc")
                .put("lat", -17.7)
                .put("lng", 178.0);
        for (int i = 0; i < RECORDS; i++) {
            records.addObject()
                    .put("objectID", "r" + i)
                    .putObject("_geoloc")
                    .put("lat", 40 + random.nextDouble() * 20)
                    .put("lng", -10 + random.nextDouble() * 30);
        }
        ObjectNode seed = JSON.objectNode();
        seed.putObject("indices").putObject("geo").set("records", records);
        server.seed(seed.toString());
    }

    private static Reply search(ObjectNode body) {
        return client.post("/1/indexes/geo/query", body.put("hitsPerPage", 5).toString());
    }

    private static Reply search(String name, String value) {
        return search(JSON.objectNode().put(name, value));
    }

    private static void refused(Reply reply, String name, String what) {
        assertThat(reply.status()).as(what + " -> " + reply).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).as(what).contains(name);
    }

    @Test
    void malformedOrOutOfRangeCoordinatesAre400s() {
        for (String value : new String[] {
            "NaN,2",
            "2,NaN",
            "Infinity,0",
            "91,2",
            "-90.0001,2",
            "45,-181",
            "45,180.5",
            "0x1p3,2",
            "5d,2",
            "1f,2",
            "1e400,2",
            "1,2,3",
            "",
            " ",
            "1,",
            ",1",
            "48.85;2.35",
            "48.85 2.35",
            "1_000,2"
        }) {
            refused(search("aroundLatLng", value), "aroundLatLng", value);
        }
        for (String value :
                new String[] {"Infinity,1,2,3", "91,0,0,0", "0,0,0,-181", "1,2,3,4,", "1,2,3", "NaN,1,2,3"}) {
            refused(search("insideBoundingBox", value), "insideBoundingBox", value);
        }
        for (String value : new String[] {
            "[[1,2,3,\"NaN\"]]", "[[1,2,3,1e400]]", "[[1,2,3,4],[1,2]]", "[[1,2,3,4],5]", "[]", "[[]]", "[[1,2,3,null]]"
        }) {
            ObjectNode body = JSON.objectNode();
            body.set("insideBoundingBox", TestClient.json(value));
            refused(search(body), "insideBoundingBox", value);
        }
        for (String value : new String[] {
            "[[1,2,3,4,5]]", "[[1,2,3,4]]", "[[0,0,0,181,1,1]]", "[[0,0,95,1,1,1]]", "[[0,0,1,1,\"-Infinity\",1]]"
        }) {
            ObjectNode body = JSON.objectNode();
            body.set("insidePolygon", TestClient.json(value));
            refused(search(body), "insidePolygon", value);
        }
        refused(search("insidePolygon", "1,2,3,4,5,6,7"), "insidePolygon", "an odd count");
    }

    @Test
    void radiiAndTheAcceptedButUnappliedParametersAreReadLikeTheService() {
        for (String radius : new String[] {"ALL", "x", "0", "-5", "1.5", ""}) {
            ObjectNode body =
                    JSON.objectNode().put("aroundLatLng", "48.85,2.35").put("aroundRadius", radius);
            Reply reply = search(body);
            refused(reply, "aroundRadius", radius);
            assertThat(reply.body().get("message").stringValue()).as(radius).contains("\"all\"");
        }
        ObjectNode spaced = JSON.objectNode().put("aroundLatLng", "48.85,2.35").put("aroundRadius", " all ");
        assertThat(search(spaced).status()).isEqualTo(200);
        for (String minimum : new String[] {"x", "0", "1e3"}) {
            ObjectNode body =
                    JSON.objectNode().put("aroundLatLng", "48.85,2.35").put("minimumAroundRadius", minimum);
            refused(search(body), "minimumAroundRadius", minimum);
        }
        refused(search("aroundLatLngViaIP", "maybe"), "aroundLatLngViaIP", "maybe");
        ObjectNode unapplied = JSON.objectNode().put("aroundLatLngViaIP", true).put("minimumAroundRadius", 500);
        assertThat(search(unapplied).status()).isEqualTo(200);
    }

    @Test
    void aroundPrecisionRangesBeyondALongAreTheParametersOwn400() {
        for (String ranges : new String[] {
            "[{'from':1e19,'value':5}]",
            "[{'from':0,'value':1e300}]",
            "[{'from':-1,'value':5}]",
            "[{'from':100000000000000000000000,'value':5}]"
        }) {
            ObjectNode body = JSON.objectNode().put("aroundLatLng", "48.85,2.35");
            body.set("aroundPrecision", TestClient.json(jq(ranges)));
            refused(search(body), "aroundPrecision", ranges);
        }
    }

    @Test
    void wellFormedSpellingsAreAccepted() {
        for (String value :
                new String[] {" 48.8566 , 2.3522 ", "4.88566e1,2.3522", "+48.8566,+2.3522", "48.8566,2.3522"}) {
            Reply reply = search("aroundLatLng", value);
            assertThat(reply.status()).as(value + " -> " + reply).isEqualTo(200);
            assertThat(reply.hitIds()).as(value).startsWith("paris");
        }
        for (String value : new String[] {"-90,-180", "90,180", "90,-180"}) {
            assertThat(search("aroundLatLng", value).status()).as(value).isEqualTo(200);
        }
        assertThat(search("insideBoundingBox", "49,2,48 , 3").hitIds()).contains("paris");
        ObjectNode strings = JSON.objectNode();
        strings.set("insideBoundingBox", TestClient.json("[[\"49\",\"2\",\"48\",\"3\"]]"));
        assertThat(search(strings).hitIds()).contains("paris");
    }

    @Test
    void boxesWinOverPolygons() {
        ObjectNode body = JSON.objectNode().put("insideBoundingBox", "-10,170,-20,-170");
        body.put("insidePolygon", "49,2,49,3,48,3");
        assertThat(search(body).hitIds()).containsExactly("fiji");
    }

    // a hang guard: the refusals are the checks (reading every number is linear, which no time limit tells apart)
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void tooManyPointsOrBoxesAre400sWithoutReadingThemAll() {
        String manyNumbers = "1,".repeat(500_000) + "1";
        refused(search("insidePolygon", manyNumbers), "insidePolygon", "a million numbers");
        refused(search("insideBoundingBox", manyNumbers), "insideBoundingBox", "a million numbers");
        assertThat(search("insidePolygon", polygon(10_001))
                        .body()
                        .get("message")
                        .stringValue())
                .isEqualTo("insidePolygon: at most 10000 points in all");
        ObjectNode split = JSON.objectNode();
        ArrayNode polygons = split.putArray("insidePolygon");
        for (int i = 0; i < 4; i++) {
            ArrayNode numbers = polygons.addArray();
            for (String number : polygon(2_501).split(",")) {
                numbers.add(Double.parseDouble(number));
            }
        }
        refused(search(split), "insidePolygon", "4 polygons of 2501 points");
        assertThat(search("insideBoundingBox", "1,2,3,4,".repeat(1_000) + "1,2,3,4")
                        .body()
                        .get("message")
                        .stringValue())
                .isEqualTo("insideBoundingBox: at most 1000 boxes");
    }

    // a hang guard: the edges each record is tested against are counted in GeoPolygonCostTest
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aPolygonOfTenThousandPointsAnswersOverEveryRecord() {
        // a circle-like polygon around the records' area, every record inside: each is tested against it
        Reply reply = search("insidePolygon", polygon(10_000));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.body().get("nbHits").asInt()).isEqualTo(RECORDS + 1);
    }

    /** {@return a polygon of that many points on a circle of radius 25 degrees around 50, 5, as text} */
    private static String polygon(int points) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < points; i++) {
            double angle = 2 * Math.PI * i / points;
            text.append(i == 0 ? "" : ",")
                    .append(50 + 25 * Math.sin(angle) * 0.9)
                    .append(',')
                    .append(5 + 25 * Math.cos(angle));
        }
        return text.toString();
    }
}
