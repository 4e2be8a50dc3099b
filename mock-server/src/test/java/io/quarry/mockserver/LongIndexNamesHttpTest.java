package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Index names up to the longest the server takes (512 bytes) work wherever a name shows again: the request log, the
 * console's journal and its traffic chart, each as a key restricted to the index reads them, whole and apart from
 * indices whose names start alike. A longer name is refused (400), and what the log and the journal keep of such a
 * request stays bounded, however long the name sent.
 */
class LongIndexNamesHttpTest {

    /** 500 characters: the start a name shares with the restricted key's index. */
    private static final String START = "s".repeat(500);
    /** The longest name an index may have, 512 characters: the restricted key's index. */
    private static final String OWN = START + "m".repeat(12);
    /** Another index of a name as long, alike in its first 500 characters. */
    private static final String OTHER = START + "o".repeat(12);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    @Test
    void aKeyRestrictedToAnIndexOfTheLongestNameReadsItsOwnEntriesAndLineOnly() {
        // the key comes first: the chart names a long index for the keys that list it as its requests are counted
        TestClient restricted = admin.withKey(admin.createKey("{\"acl\":[\"logs\"],\"indexes\":[\"" + OWN + "\"]}"));
        writeAndSearch();

        assertThat(indicesOf(restricted.get("/1/logs?length=1000"), "logs"))
                .as("the request log")
                .isNotEmpty()
                .containsOnly(OWN);
        assertThat(indicesOf(restricted.get("/_mock/console/api/journal?limit=1000"), "entries"))
                .as("the console's journal")
                .isNotEmpty()
                .containsOnly(OWN);
        JsonNode byIndex = restricted
                .get("/_mock/console/api/traffic?seconds=60")
                .requireOk()
                .body()
                .get("byIndex");
        assertThat(byIndex.propertyNames()).as("the traffic chart").containsExactly(OWN);
    }

    @Test
    void aKeyRestrictedToAnIndexNamedAsTheirStartReadsNeither() {
        writeAndSearch();
        TestClient toTheStart = admin.withKey(admin.createKey("{\"acl\":[\"logs\"],\"indexes\":[\"" + START + "\"]}"));

        assertThat(indicesOf(toTheStart.get("/1/logs?length=1000"), "logs"))
                .as("the request log")
                .isEmpty();
        assertThat(indicesOf(toTheStart.get("/_mock/console/api/journal?limit=1000"), "entries"))
                .as("the console's journal")
                .isEmpty();
        assertThat(toTheStart
                        .get("/_mock/console/api/traffic?seconds=60")
                        .requireOk()
                        .body()
                        .get("byIndex")
                        .propertyNames())
                .as("the traffic chart")
                .isEmpty();
    }

    private void writeAndSearch() {
        for (String index : List.of(OWN, OTHER)) {
            admin.post("/1/indexes/" + index + "/batch", jq("{'requests':[{'action':'addObject','body':{'t':'x'}}]}"))
                    .requireOk();
            admin.post("/1/indexes/" + index + "/query", jq("{'query':'x'}")).requireOk();
        }
    }

    @Test
    void aLongerNameIsRefusedAndWhatTheLogAndJournalKeepOfItIsBounded() {
        String overlong = "x".repeat(60_000);

        Reply refused = admin.post("/1/indexes/" + overlong + "/query", jq("{'query':''}"));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("message").stringValue())
                .isEqualTo("Invalid index name: it must hold at most 512 bytes");
        JsonNode logged =
                admin.get("/1/logs?length=1").requireOk().body().get("logs").get(0);
        assertThat(logged.get("answer_code").stringValue()).isEqualTo("400");
        // 1,000 characters and the mark of a cut
        assertThat(logged.get("url").stringValue()).hasSize(1_003).endsWith("...");
        assertThat(logged.get("index").stringValue())
                .as("the log's index, cut as the URL is")
                .isEqualTo("x".repeat(1_000) + "...");
        assertThat(admin.get("/1/logs?indexName=" + overlong.substring(0, 1_000))
                        .requireOk()
                        .body()
                        .get("logs"))
                .as("a cut name names no index")
                .isEmpty();
        JsonNode journaled = admin.get("/_mock/console/api/journal?status=4xx&limit=1")
                .requireOk()
                .body()
                .get("entries")
                .get(0);
        assertThat(journaled.get("status").asInt()).isEqualTo(400);
        assertThat(journaled.path("index").asString("").length())
                .as("the journal's index")
                .isLessThanOrEqualTo(512);
    }

    private static List<String> indicesOf(Reply reply, String member) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        List<String> indices = new ArrayList<>();
        for (JsonNode entry : reply.body().get(member)) {
            indices.add(entry.path("index").asString("(none)"));
        }
        return indices;
    }
}
