package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.StringJoiner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A small request cannot make the server build a huge answer: a multi-search holds at most 50 queries (the service's
 * own limit, checked before any query runs), and the records read by objectID or the results of a multi-search add
 * up to at most 10 MB of JSON, refused with a 400 past it.
 */
class AnswerBoundsHttpTest {

    private static final int MEGABYTE = 1024 * 1024;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .state(MockServerExtension.StatePolicy.KEPT_ACROSS_CLASS)
            .build();

    private static TestClient admin;

    /**
     * Once, as the tests only read: an index of one record whose JSON, as the server writes it, is exactly 1 MB, and
     * an index of one small record.
     */
    @BeforeAll
    static void seed(MockServer server) throws IOException, InterruptedException {
        admin = new TestClient(server);
        ObjectNode big = JsonNodeFactory.instance.objectNode();
        big.put("objectID", "big");
        big.put("text", "x".repeat(MEGABYTE - "{'objectID':'big','text':''}".length()));
        admin.put("/1/indexes/big/big", big.toString()).requireOk();
        admin.put("/1/indexes/small/small", "{\"objectID\":\"small\"}").requireOk();
        HttpResponse<byte[]> read = admin.http()
                .send(
                        admin.request("GET", "/1/indexes/big/big", null).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
        assertThat(read.body()).as("the big record's JSON").hasSize(MEGABYTE);
    }

    /** {@return a multi-search body of that many copies of one entry} */
    private static String queries(int count, String entry) {
        StringJoiner requests = new StringJoiner(",", "{\"requests\":[", "]}");
        for (int i = 0; i < count; i++) {
            requests.add(entry);
        }
        return requests.toString();
    }

    /** {@return a body reading the big record that many times, then the given records of the small index} */
    private static String objects(int bigOnes, String... smallOnes) {
        StringJoiner requests = new StringJoiner(",", "{\"requests\":[", "]}");
        for (int i = 0; i < bigOnes; i++) {
            requests.add("{\"indexName\":\"big\",\"objectID\":\"big\"}");
        }
        for (String objectID : smallOnes) {
            requests.add("{\"indexName\":\"small\",\"objectID\":\"" + objectID + "\"}");
        }
        return requests.toString();
    }

    @Test
    void aMultiSearchOfFiftyQueriesIsAnsweredAndOneOfFiftyOneIsRefusedBeforeAnyRuns() {
        String search = "{\"indexName\":\"small\",\"params\":\"query=small\"}";
        Reply fifty = admin.post("/1/indexes/*/queries", queries(50, search));
        assertThat(fifty.status()).as(fifty.toString()).isEqualTo(200);
        assertThat(fifty.body().get("results")).hasSize(50);

        String fiftyOne = queries(50, search).replace("]}", ",{\"indexName\":\"small\",\"type\":\"unknown\"}]}");
        Reply refused = admin.post("/1/indexes/*/queries", fiftyOne);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().toString())
                .as("the service's answer, before the last entry's own fault is looked at")
                .isEqualTo("{\"message\":\"Too many queries in multi query request\",\"status\":400}");
    }

    @Test
    void recordsReadByObjectIdAreAnsweredUpToTenMegabytesAndRefusedPastThem() {
        Reply atTheBound = admin.post("/1/indexes/*/objects", objects(10, "missing"));
        assertThat(atTheBound.status()).as("10 MB of records and a null").isEqualTo(200);
        assertThat(atTheBound.body().get("results")).hasSize(11);

        Reply past = admin.post("/1/indexes/*/objects", objects(10, "small"));
        assertThat(past.status()).isEqualTo(400);
        assertThat(past.body().get("message").stringValue())
                .contains("more than 10 MB")
                .contains("fewer records")
                .contains("attributesToRetrieve");

        Reply fewerAttributes = admin.post(
                "/1/indexes/*/objects",
                objects(100).replace("\"big\"}", "\"big\",\"attributesToRetrieve\":[\"objectID\"]}"));
        assertThat(fewerAttributes.status()).as(fewerAttributes.toString()).isEqualTo(200);
    }

    @Test
    void aMultiSearchWhoseResultsPassTenMegabytesIsRefused() {
        String eachTheBigRecord = "{\"indexName\":\"big\",\"attributesToHighlight\":[],\"attributesToSnippet\":[]}";
        Reply nine = admin.post("/1/indexes/*/queries", queries(9, eachTheBigRecord));
        assertThat(nine.status()).as("about 9 MB of results").isEqualTo(200);
        assertThat(nine.body().get("results").get(8).get("hits")).hasSize(1);

        long searchesBefore = searchesOfTheBigIndex();
        Reply ten = admin.post("/1/indexes/*/queries", queries(10, eachTheBigRecord));
        assertThat(ten.status())
                .as("10 MB of records and the results' other members")
                .isEqualTo(400);
        assertThat(ten.body().get("message").stringValue())
                .contains("more than 10 MB")
                .contains("fewer queries")
                .contains("hitsPerPage");
        assertThat(searchesOfTheBigIndex())
                .as("a refused multi-search records none of its searches for analytics")
                .isEqualTo(searchesBefore);
    }

    private static long searchesOfTheBigIndex() {
        return admin.get("/2/searches/count?index=big")
                .requireOk()
                .body()
                .get("count")
                .asLong();
    }
}
