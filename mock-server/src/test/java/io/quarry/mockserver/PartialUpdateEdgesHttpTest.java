package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Built-in operations at the edges: integers past 64 bits, sums past a double, long arrays, deep values. */
class PartialUpdateEdgesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    /** Stores the record, applies the update and returns the record's {@code n} or {@code a} as JSON text. */
    private String afterUpdate(String id, String record, String update) {
        assertThat(client.put("/1/indexes/edges/" + id, record).status()).isEqualTo(200);
        Reply reply = client.post("/1/indexes/edges/" + id + "/partial", update);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        Reply read = client.get("/1/indexes/edges/" + id);
        return read.body().has("n")
                ? read.body().get("n").toString()
                : read.body().get("a").toString();
    }

    private static String operation(String name, String value) {
        return "{\"n\":{\"_operation\":\"" + name + "\",\"value\":" + value + "}}";
    }

    @Test
    void integersAreAddedExactlyPastSixtyFourBits() {
        assertThat(afterUpdate("max", "{\"n\":9223372036854775807}", operation("Increment", "1")))
                .as("it wrapped round to the least long")
                .isEqualTo("9223372036854775808");
        assertThat(afterUpdate("big", "{\"n\":1}", operation("Increment", "99999999999999999999999")))
                .isEqualTo("100000000000000000000000");
        assertThat(afterUpdate(
                        "down", "{\"n\":99999999999999999999999}", operation("Decrement", "99999999999999999999998")))
                .isEqualTo("1");
        assertThat(afterUpdate(
                        "from", "{\"n\":9223372036854775807}", operation("IncrementFrom", "9223372036854775807")))
                .isEqualTo("9223372036854775808");
        assertThat(afterUpdate("set", "{\"n\":5}", operation("IncrementSet", "99999999999999999999999")))
                .isEqualTo("99999999999999999999999");
        assertThat(afterUpdate("notSet", "{\"n\":99999999999999999999999}", operation("IncrementSet", "7")))
                .as("not greater: the update is ignored")
                .isEqualTo("99999999999999999999999");
    }

    @Test
    void aSumPastADoubleLeavesTheRecordAsItWas() {
        assertThat(afterUpdate(
                        "inf",
                        "{\"n\":1e308,\"m\":1}",
                        "{\"n\":{\"_operation\":\"Increment\",\"value\":1e308},\"m\":2}"))
                .as("it was stored as the string \"Infinity\"")
                .isEqualTo("1.0E308");
        assertThat(client.get("/1/indexes/edges/inf").body().get("m").asInt())
                .as("the whole update")
                .isEqualTo(1);
        assertThat(afterUpdate("finite", "{\"n\":1.5}", operation("Decrement", "0.5")))
                .isEqualTo("1.0");
    }

    @Test
    void numbersAreComparedByValue() {
        assertThat(afterUpdate("remove", "{\"a\":[1,2.0,\"2\",2]}", "{\"a\":{\"_operation\":\"Remove\",\"value\":2}}"))
                .isEqualTo("[1,\"2\"]");
        assertThat(afterUpdate(
                        "unique",
                        "{\"a\":[1,2.0]}",
                        "{\"a\":{\"_operation\":\"AddUnique\",\"value\":[2,\"2\",3,3.00]}}"))
                .isEqualTo("[1,2.0,\"2\",3]");
    }

    @Test
    // a hang guard: each element was compared with each; 10,000 of each took 15 to 30 s, these 50,000 25 times that
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void longArraysAreUpdatedInLinearTime() {
        String existing =
                IntStream.range(0, 50_000).mapToObj(Integer::toString).collect(Collectors.joining(",", "[", "]"));
        String others =
                IntStream.range(50_000, 100_000).mapToObj(Integer::toString).collect(Collectors.joining(",", "[", "]"));
        String halfOfEach =
                IntStream.range(25_000, 75_000).mapToObj(Integer::toString).collect(Collectors.joining(",", "[", "]"));
        client.put("/1/indexes/edges/long", "{\"a\":" + existing + "}");

        assertThat(client.post(
                                "/1/indexes/edges/long/partial",
                                "{\"a\":{\"_operation\":\"AddUnique\",\"value\":" + others + "}}")
                        .status())
                .isEqualTo(200);
        assertThat(client.post(
                                "/1/indexes/edges/long/partial",
                                "{\"a\":{\"_operation\":\"Remove\",\"value\":" + halfOfEach + "}}")
                        .status())
                .isEqualTo(200);

        assertThat(client.get("/1/indexes/edges/long").body().get("a")).hasSize(50_000);
    }

    @Test
    void aValueTooDeepForARecordIsRefusedAsAWholeRecordIsAndSearchesStillAnswer() {
        String deep = "[".repeat(450) + "]".repeat(450);
        client.put("/1/indexes/deep/r", "{\"t\":\"hello\"}");

        Reply set = client.post("/1/indexes/deep/r/partial", "{\"d\":" + deep + "}");
        Reply added =
                client.post("/1/indexes/deep/r/partial", "{\"d\":{\"_operation\":\"Add\",\"value\":" + deep + "}}");

        assertThat(set.status()).as(set.toString()).isEqualTo(400);
        assertThat(added.status()).as(added.toString()).isEqualTo(400);
        assertThat(client.post("/1/indexes/deep/query", "{\"query\":\"hello\"}").status())
                .isEqualTo(200);
    }
}
