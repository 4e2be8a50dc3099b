package io.quarry.mockserver.geo;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random text for {@code aroundLatLng} and {@code insideBoundingBox}, built from the pieces numbers are
 * made of (digits, signs, points, exponents, commas, spaces, {@code NaN}, {@code 0x}, a trailing {@code d}): the
 * server answers 200 exactly when the text is whole decimal coordinates in range, as worked out here, and a 400
 * naming the parameter otherwise; never anything else.
 */
class GeoRandomParamsHttpTest {

    private static final long SEED = Long.getLong("quarry.geo.paramSeed", 0x6E0_7A2AL);
    private static final int ROUNDS = Integer.getInteger("quarry.geo.paramRounds", 150);
    private static final Pattern DECIMAL =
            Pattern.compile("[+-]?+(?:\\d++(?:\\.\\d*+)?+|\\.\\d++)(?:[eE][+-]?+\\d++)?+");
    private static final String[] PIECES = {
        "0",
        "1",
        "4",
        "9",
        "45",
        "90",
        "91",
        "179",
        "180",
        "181",
        "-",
        "+",
        ".",
        ".5",
        "e",
        "E2",
        "e-3",
        "e400",
        ",",
        ",",
        ",",
        " ",
        "NaN",
        "Infinity",
        "0x1p3",
        "d",
        "f",
        "_",
        ";"
    };

    // one record at the origin, so that searches run the geo code over something
    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .state(MockServerExtension.StatePolicy.KEPT_ACROSS_CLASS)
            .build();

    private static TestClient client;

    @BeforeAll
    static void seed(MockServer server) {
        client = new TestClient(server);
        server.seed("{\"indices\":{\"geo\":{\"records\":[{\"objectID\":\"o\",\"_geoloc\":{\"lat\":0,\"lng\":0}}]}}}");
    }

    @Test
    void randomCoordinateTextIsAcceptedExactlyWhenItIsWholeCoordinates() {
        Random random = new Random(SEED);
        int accepted = 0;
        for (int round = 0; round < ROUNDS; round++) {
            boolean box = random.nextBoolean();
            String name = box ? "insideBoundingBox" : "aroundLatLng";
            String value = text(random, box ? 4 : 2);
            boolean valid = valid(value, box);
            ObjectNode body = JsonNodeFactory.instance.objectNode().put(name, value);
            Reply reply = client.post("/1/indexes/geo/query", body.toString());
            String what = "seed " + SEED + ", round " + round + ": " + name + "=" + value + " -> " + reply;
            assertThat(reply.status()).as(what).isEqualTo(valid ? 200 : 400);
            if (!valid) {
                assertThat(reply.body().get("message").stringValue()).as(what).contains(name);
            }
            accepted += valid ? 1 : 0;
        }
        assertThat(accepted)
                .as("seed " + SEED + ": some rounds are valid coordinates")
                .isGreaterThan(ROUNDS / 10);
    }

    /** Mostly numbers joined by commas, the count about right, with random pieces spliced in now and then. */
    private static String text(Random random, int numbers) {
        StringBuilder text = new StringBuilder();
        int count = numbers * (1 + random.nextInt(2)) + (random.nextInt(4) == 0 ? random.nextInt(3) - 1 : 0);
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                text.append(random.nextInt(10) == 0 ? " , " : ",");
            }
            if (random.nextInt(3) == 0) {
                for (int p = 1 + random.nextInt(3); p > 0; p--) {
                    text.append(PIECES[random.nextInt(PIECES.length)]);
                }
            } else {
                double bound = i % 2 == 0 ? 95 : 185;
                text.append(Math.round((random.nextDouble() * 2 - 1) * bound * 1000) / 1000.0);
            }
        }
        return text.toString();
    }

    private static boolean valid(String text, boolean box) {
        String[] parts = text.split(",", -1);
        if (box ? parts.length % 4 != 0 : parts.length != 2) {
            return false;
        }
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].strip();
            if (!DECIMAL.matcher(part).matches()) {
                return false;
            }
            double number = Double.parseDouble(part);
            if (!(Math.abs(number) <= (i % 2 == 0 ? 90 : 180))) {
                return false;
            }
        }
        return true;
    }
}
