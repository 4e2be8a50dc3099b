package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Settings, index listing, deletion, copy and move with scopes. */
class IndexAdminHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    private JsonNode settings(String index) {
        return client.get("/1/indexes/" + index + "/settings").body();
    }

    @Test
    void settingsMergeAndNullResets() {
        Reply first = client.put(
                "/1/indexes/idx/settings",
                jq(
                        "{'searchableAttributes':['title','unordered(body)'],'hitsPerPage':5,'customRanking':['desc(pop)']}"));
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.body().has("updatedAt")).isTrue();
        assertThat(first.body().has("taskID")).isTrue();
        client.put("/1/indexes/idx/settings", jq("{'attributesForFaceting':['searchable(brand)'],'hitsPerPage':null}"));

        JsonNode settings = settings("idx");
        assertThat(settings.get("searchableAttributes")).isEqualTo(TestClient.json(jq("['title','unordered(body)']")));
        assertThat(settings.get("customRanking")).isEqualTo(TestClient.json(jq("['desc(pop)']")));
        assertThat(settings.get("attributesForFaceting")).isEqualTo(TestClient.json(jq("['searchable(brand)']")));
        assertThat(settings.get("hitsPerPage").intValue())
                .as("null resets to the default")
                .isEqualTo(20);
        assertThat(settings.get("paginationLimitedTo").intValue()).isEqualTo(1000);

        client.put("/1/indexes/idx/settings", jq("{'customRanking':null}"));
        assertThat(settings("idx").has("customRanking")).isFalse();
    }

    @Test
    void settingsOfAnAbsentIndexAre404AndSettingThemCreatesIt() {
        assertThat(client.get("/1/indexes/none/settings").status()).isEqualTo(404);
        client.put("/1/indexes/none/settings", "{}");
        assertThat(client.get("/1/indexes/none/settings").status()).isEqualTo(200);
    }

    @Test
    void listShowsEntriesSizesAndTimestamps() {
        client.put("/1/indexes/b/1", jq("{'text':'hello'}"));
        client.put("/1/indexes/b/2", jq("{'text':'world'}"));
        client.put("/1/indexes/a/1", "{}");
        Reply list = client.get("/1/indexes");
        assertThat(list.status()).isEqualTo(200);
        JsonNode items = list.body().get("items");
        assertThat(items).hasSize(2);
        assertThat(items.get(0).get("name").stringValue()).isEqualTo("a");
        JsonNode b = items.get(1);
        assertThat(b.get("entries").intValue()).isEqualTo(2);
        assertThat(b.get("dataSize").longValue()).isPositive();
        assertThat(b.get("fileSize").longValue()).isPositive();
        assertThat(b.get("createdAt").stringValue()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(b.get("updatedAt").stringValue()).endsWith("Z");
        assertThat(b.get("pendingTask").booleanValue()).isFalse();
        assertThat(b.get("numberOfPendingTasks").intValue()).isZero();
        assertThat(b.has("lastBuildTimeS")).isTrue();
        assertThat(list.body().get("nbPages").intValue()).isEqualTo(1);
    }

    @Test
    void listPaginates() {
        for (int i = 0; i < 5; i++) {
            client.put("/1/indexes/i" + i + "/r", "{}");
        }
        Reply page1 = client.get("/1/indexes?page=1&hitsPerPage=2");
        assertThat(page1.body().get("items")).hasSize(2);
        assertThat(page1.body().get("items").get(0).get("name").stringValue()).isEqualTo("i2");
        assertThat(page1.body().get("nbPages").intValue()).isEqualTo(3);
        assertThat(client.get("/1/indexes?page=2&hitsPerPage=2").body().get("items"))
                .hasSize(1);
        assertThat(client.get("/1/indexes?page=-1").status()).isEqualTo(400);
    }

    @Test
    void deleteRemovesEverything() {
        client.put("/1/indexes/idx/r", "{}");
        client.put("/1/indexes/idx/settings", jq("{'hitsPerPage':3}"));
        Reply deleted = client.delete("/1/indexes/idx");
        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.body().has("deletedAt")).isTrue();
        assertThat(client.get("/1/indexes/idx/settings").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes").body().get("items")).isEmpty();
        assertThat(client.delete("/1/indexes/idx").status())
                .as("deleting an absent index succeeds")
                .isEqualTo(200);
    }

    private void sourceWithEverything() {
        client.put("/1/indexes/src/r1", jq("{'v':1}"));
        client.put("/1/indexes/src/settings", jq("{'hitsPerPage':3}"));
        client.put("/1/indexes/src/synonyms/s1", jq("{'type':'synonym','synonyms':['a','b']}"));
    }

    @Test
    void copyWithoutScopeCopiesEverythingAndReplacesTheDestination() {
        sourceWithEverything();
        client.put("/1/indexes/dst/old", "{}");
        Reply copy = client.post("/1/indexes/src/operation", jq("{'operation':'copy','destination':'dst'}"));
        assertThat(copy.status()).isEqualTo(200);
        assertThat(copy.body().has("updatedAt")).isTrue();
        assertThat(client.get("/1/indexes/dst/r1").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/dst/old").status()).isEqualTo(404);
        assertThat(settings("dst").get("hitsPerPage").intValue()).isEqualTo(3);
        assertThat(client.get("/1/indexes/dst/synonyms/s1").status()).isEqualTo(200);
        client.put("/1/indexes/dst/r1", jq("{'v':2}"));
        assertThat(client.get("/1/indexes/src/r1").body().get("v").intValue())
                .as("a copy, not a share")
                .isEqualTo(1);
        assertThat(client.get("/1/indexes/src/task/" + copy.body().get("taskID").longValue())
                        .status())
                .isEqualTo(200);
    }

    @Test
    void copyWithScopeCopiesOnlyThosePartsAndKeepsDestinationRecords() {
        sourceWithEverything();
        client.put("/1/indexes/dst/own", "{}");
        client.put("/1/indexes/dst/synonyms/mine", jq("{'type':'synonym','synonyms':['x','y']}"));
        client.post("/1/indexes/src/operation", jq("{'operation':'copy','destination':'dst','scope':['settings']}"));
        assertThat(client.get("/1/indexes/dst/own").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/dst/r1").status()).isEqualTo(404);
        assertThat(settings("dst").get("hitsPerPage").intValue()).isEqualTo(3);
        assertThat(client.get("/1/indexes/dst/synonyms/mine").status())
                .as("synonyms not in scope")
                .isEqualTo(200);

        client.post(
                "/1/indexes/src/operation",
                jq("{'operation':'copy','destination':'dst','scope':['synonyms','rules']}"));
        assertThat(client.get("/1/indexes/dst/synonyms/mine").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/dst/synonyms/s1").status()).isEqualTo(200);
    }

    @Test
    void moveReplacesTheDestinationAndRemovesTheSource() {
        sourceWithEverything();
        client.put("/1/indexes/dst/old", "{}");
        Reply move = client.post("/1/indexes/src/operation", jq("{'operation':'move','destination':'dst'}"));
        assertThat(move.status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/dst/r1").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/dst/old").status()).isEqualTo(404);
        assertThat(settings("dst").get("hitsPerPage").intValue()).isEqualTo(3);
        assertThat(client.get("/1/indexes/src/settings").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes").body().get("items")).hasSize(1);
    }

    @Test
    void operationErrors() {
        client.put("/1/indexes/src/r", "{}");
        assertThat(client.post("/1/indexes/src/operation", jq("{'operation':'clone','destination':'d'}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.post("/1/indexes/src/operation", jq("{'operation':'copy'}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.post(
                                "/1/indexes/src/operation",
                                jq("{'operation':'copy','destination':'d','scope':['records']}"))
                        .status())
                .isEqualTo(400);
    }
}
