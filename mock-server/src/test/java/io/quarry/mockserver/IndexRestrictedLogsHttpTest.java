package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The logs a key restricted to indices reads: the entries of its indices only. An entry naming no one index (a
 * multi-index search, a batch across indices, records read across indices) was shown to every key with the
 * {@code logs} right, and its body and answer held the queries and records of indices the key may not use.
 */
class IndexRestrictedLogsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    @BeforeEach
    void traffic() {
        MOCK.server()
                .seed(jq("{'indices':{'public':{'records':[{'objectID':'p'}]},"
                        + "'private':{'records':[{'objectID':'secret-record'}]}}}"));
        admin.post("/1/indexes/public/query", jq("{'query':''}")).requireOk();
        admin.post("/1/indexes/*/queries", jq("{'requests':[{'indexName':'private','query':'salaries'}]}"))
                .requireOk();
        admin.post("/1/indexes/*/objects", jq("{'requests':[{'indexName':'private','objectID':'secret-record'}]}"))
                .requireOk();
    }

    private static List<String> urls(Reply logs) {
        assertThat(logs.status()).as(logs.toString()).isEqualTo(200);
        List<String> urls = new ArrayList<>();
        for (JsonNode entry : logs.body().get("logs")) {
            urls.add(entry.get("url").asString());
        }
        return urls;
    }

    @Test
    void aKeyRestrictedToIndicesSeesNoEntryAcrossIndices() {
        String publicOnly = admin.createKey(jq("{'acl':['logs'],'indexes':['public']}"));

        List<String> seen = urls(admin.withKey(publicOnly).get("/1/logs?length=1000"));

        assertThat(seen).contains("/1/indexes/public/query").noneMatch(url -> url.startsWith("/1/indexes/*/"));
    }

    @Test
    void aSecuredKeyRestrictedToIndicesSeesNoEntryAcrossIndices() {
        String parent = admin.createKey(jq("{'acl':['logs']}"));
        TestClient secured = admin.withKey(SecuredKeyFactory.sign(parent, "restrictIndices=public"));

        List<String> seen = urls(secured.get("/1/logs?length=1000"));

        assertThat(seen).contains("/1/indexes/public/query").noneMatch(url -> url.startsWith("/1/indexes/*/"));
        assertThat(urls(admin.withKey(parent).get("/1/logs?length=1000")))
                .as("its parent, restricted to no index, sees them")
                .contains("/1/indexes/*/queries", "/1/indexes/*/objects");
    }
}
