package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Synonym endpoints: save, batch (with replaceExistingSynonyms), get, delete, clear, search. */
class SynonymsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void saveGetDelete() {
        Reply saved = client.put("/1/indexes/idx/synonyms/s1", jq("{'type':'synonym','synonyms':['car','auto']}"));
        assertThat(saved.status()).isEqualTo(200);
        assertThat(saved.body().get("id").stringValue()).isEqualTo("s1");
        assertThat(saved.body().has("updatedAt")).isTrue();
        assertThat(saved.body().has("taskID")).isTrue();
        assertThat(client.get("/1/indexes/idx/synonyms/s1").body())
                .isEqualTo(TestClient.json(jq("{'type':'synonym','synonyms':['car','auto'],'objectID':'s1'}")));
        Reply deleted = client.delete("/1/indexes/idx/synonyms/s1");
        assertThat(deleted.body().has("deletedAt")).isTrue();
        assertThat(client.get("/1/indexes/idx/synonyms/s1").status()).isEqualTo(404);
    }

    @Test
    void invalidSynonymsAre400() {
        assertThat(client.put("/1/indexes/idx/synonyms/s1", jq("{'type':'synonym'}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.put("/1/indexes/idx/synonyms/s1", jq("{'type':'magic','synonyms':['a']}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.put("/1/indexes/idx/synonyms/s1", jq("{'type':'onewaysynonym','synonyms':['a']}"))
                        .status())
                .as("input missing")
                .isEqualTo(400);
        assertThat(client.put(
                                "/1/indexes/idx/synonyms/s1",
                                jq("{'objectID':'other','type':'synonym','synonyms':['a']}"))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void batchSavesAndCanReplaceAll() {
        client.put("/1/indexes/idx/synonyms/old", jq("{'type':'synonym','synonyms':['x','y']}"));
        Reply batch = client.post(
                "/1/indexes/idx/synonyms/batch",
                jq("["
                        + "{'objectID':'one','type':'onewaysynonym','input':'phone','synonyms':['iphone']},"
                        + "{'objectID':'alt','type':'altcorrection1','word':'colour','corrections':['color']}]"));
        assertThat(batch.status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/idx/synonyms/old").status()).isEqualTo(200);
        client.post(
                "/1/indexes/idx/synonyms/batch?replaceExistingSynonyms=true",
                jq("[" + "{'objectID':'ph','type':'placeholder','placeholder':'<n>','replacements':['1','2']}]"));
        assertThat(client.get("/1/indexes/idx/synonyms/old").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/idx/synonyms/one").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/idx/synonyms/ph").status()).isEqualTo(200);
        assertThat(client.post("/1/indexes/idx/synonyms/batch", jq("{'not':'an array'}"))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void searchFiltersByTextAndTypeAndPages() {
        client.post(
                "/1/indexes/idx/synonyms/batch",
                jq("["
                        + "{'objectID':'s1','type':'synonym','synonyms':['car','auto']},"
                        + "{'objectID':'s2','type':'synonym','synonyms':['bike','bicycle']},"
                        + "{'objectID':'s3','type':'onewaysynonym','input':'cars','synonyms':['vehicles']}]"));
        Reply all = client.post("/1/indexes/idx/synonyms/search", "{}");
        assertThat(all.body().get("nbHits").intValue()).isEqualTo(3);
        Reply car = client.post("/1/indexes/idx/synonyms/search", jq("{'query':'CAR'}"));
        assertThat(car.body().get("nbHits").intValue()).isEqualTo(2);
        Reply typed = client.post("/1/indexes/idx/synonyms/search", jq("{'query':'car','type':'onewaysynonym'}"));
        assertThat(typed.body().get("nbHits").intValue()).isEqualTo(1);
        assertThat(typed.body().get("hits").get(0).get("objectID").stringValue())
                .isEqualTo("s3");
        Reply paged = client.post("/1/indexes/idx/synonyms/search", jq("{'page':1,'hitsPerPage':2}"));
        assertThat(paged.body().get("nbHits").intValue()).isEqualTo(3);
        assertThat(paged.body().get("hits")).hasSize(1);
        assertThat(paged.body().get("hits").get(0).get("objectID").stringValue())
                .isEqualTo("s3");
        assertThat(client.post("/1/indexes/none/synonyms/search", "{}")
                        .body()
                        .get("nbHits")
                        .intValue())
                .isZero();
    }

    @Test
    void clearRemovesAll() {
        client.put("/1/indexes/idx/synonyms/s1", jq("{'type':'synonym','synonyms':['a','b']}"));
        Reply cleared = client.post("/1/indexes/idx/synonyms/clear", null);
        assertThat(cleared.status()).isEqualTo(200);
        assertThat(cleared.body().has("updatedAt")).isTrue();
        assertThat(client.post("/1/indexes/idx/synonyms/search", "{}")
                        .body()
                        .get("nbHits")
                        .intValue())
                .isZero();
    }
}
