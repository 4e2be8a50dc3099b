package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * An entry that stopIfEnoughMatches skips is read as a search reads it: a bad parameter is the 400 it is when the
 * entry runs (it was answered 200, so whether a request was refused hung on the hits of the entries before it), and
 * the empty answer reports the entry's own page, page size and parameters, the key's forced ones included.
 */
class MultiSearchSkippedEntriesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'items':{'records':[{'objectID':'1','name':'lamp'},{'objectID':'2','name':'desk'},"
                + "{'objectID':'3','name':'lamp shade'}]}}}"));
    }

    private Reply stopAfterFirst(TestClient caller, String skippedEntry) {
        return caller.post(
                "/1/indexes/*/queries",
                jq("{'strategy':'stopIfEnoughMatches','requests':[{'indexName':'items','params':'hitsPerPage=1'},"
                        + skippedEntry + "]}"));
    }

    @Test
    void aSkippedEntryWithABadParameterIsRefusedAsWhenItRuns() {
        String[] entries = {
            "{'indexName':'items','params':'filters=((('}",
            "{'indexName':'items','hitsPerPage':5000}",
            "{'indexName':'items','hitsPerPage':'junk'}",
            "{'indexName':'items','params':'page=-4'}"
        };
        for (String entry : entries) {
            Reply ran = client.post("/1/indexes/*/queries", jq("{'requests':[" + entry + "]}"));
            Reply skipped = stopAfterFirst(client, entry);
            assertThat(ran.status()).as("%s ran: %s", entry, ran).isEqualTo(400);
            assertThat(skipped.status()).as("%s skipped: %s", entry, skipped).isEqualTo(400);
            assertThat(skipped.body().get("message")).isEqualTo(ran.body().get("message"));
        }
    }

    @Test
    void aSkippedEntryReportsItsOwnPageSizeAndParameters() {
        JsonNode skipped = stopAfterFirst(client, "{'indexName':'items','params':'query=lamp&page=3&hitsPerPage=4'}")
                .requireOk()
                .body()
                .get("results")
                .get(1);
        assertThat(skipped.get("processed").booleanValue()).isFalse();
        assertThat(skipped.get("hits")).isEmpty();
        assertThat(skipped.get("nbHits").intValue()).isZero();
        assertThat(skipped.get("page").intValue()).isEqualTo(3);
        assertThat(skipped.get("hitsPerPage").intValue()).isEqualTo(4);
        assertThat(skipped.get("query").stringValue()).isEqualTo("lamp");
        assertThat(skipped.get("params").stringValue()).isEqualTo("query=lamp&page=3&hitsPerPage=4");

        String key = client.createKey(jq("{'acl':['search'],'queryParameters':'hitsPerPage=2'}"));
        JsonNode forced = stopAfterFirst(client.withKey(key), "{'indexName':'items','params':'hitsPerPage=9'}")
                .requireOk()
                .body()
                .get("results")
                .get(1);
        assertThat(forced.get("processed").booleanValue()).isFalse();
        assertThat(forced.get("hitsPerPage").intValue())
                .as("the key's forced page size")
                .isEqualTo(2);
    }
}
