package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Dictionary endpoints: batch, search, settings, languages, validation errors and account-level tasks. */
class DictionariesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    private Reply addStopword(String id, String word, String language) {
        return client.post(
                "/1/dictionaries/stopwords/batch",
                jq("{'requests':[{'action':'addEntry','body':" + "{'objectID':'" + id + "','language':'" + language
                        + "','word':'" + word + "'}}]}"));
    }

    @Test
    void batchAnswersAnApplicationTask() {
        Reply reply = addStopword("sw1", "foo", "en");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.body().has("updatedAt")).isTrue();
        long task = reply.body().get("taskID").asLong();
        assertThat(client.get("/1/task/" + task).body().get("status").stringValue())
                .isEqualTo("published");
    }

    @Test
    void searchFindsCustomAndStandardEntriesWithPagingAndLanguage() {
        addStopword("sw1", "thee", "en");
        Reply reply = client.get("/1/dictionaries/stopwords/search?query=the&language=en");
        assertThat(reply.body().get("nbHits").asInt())
                .as("thee (custom), the (standard)")
                .isEqualTo(2);
        assertThat(reply.body().get("hits").get(0).get("objectID").stringValue())
                .isEqualTo("sw1");
        assertThat(reply.body().get("hits").get(0).get("type").stringValue()).isEqualTo("custom");
        assertThat(reply.body().get("hits").get(1).get("type").stringValue()).isEqualTo("standard");
        Reply paged = client.post(
                "/1/dictionaries/stopwords/search", jq("{'query':'','language':'en','hitsPerPage':5,'page':1}"));
        assertThat(paged.body().get("hits")).hasSize(5);
        assertThat(paged.body().get("page").asInt()).isEqualTo(1);
        assertThat(paged.body().get("nbPages").asInt()).isGreaterThan(1);
        assertThat(client.post("/1/dictionaries/stopwords/search", jq("{'query':'thee','language':'fr'}"))
                        .body()
                        .get("nbHits")
                        .asInt())
                .isZero();
        assertThat(client.post("/1/dictionaries/stopwords/search", "{}").status())
                .as("query required")
                .isEqualTo(400);
        assertThat(client.get("/1/dictionaries/stopwords/search?query=a&hitsPerPage=1001")
                        .status())
                .isEqualTo(400);
    }

    @Test
    void deleteAndClearExistingEntries() {
        addStopword("sw1", "foo", "en");
        addStopword("sw2", "bar", "en");
        client.post(
                "/1/dictionaries/stopwords/batch",
                jq("{'requests':[{'action':'deleteEntry','body':" + "{'objectID':'sw1'}}]}"));
        assertThat(client.get("/1/dictionaries/stopwords/search?query=foo")
                        .body()
                        .get("nbHits")
                        .asInt())
                .isZero();
        client.post(
                "/1/dictionaries/stopwords/batch",
                jq("{'clearExistingDictionaryEntries':true,'requests':["
                        + "{'action':'addEntry','body':{'objectID':'sw3','language':'de','word':'baz'}}]}"));
        assertThat(client.get("/1/dictionaries/stopwords/search?query=bar")
                        .body()
                        .get("nbHits")
                        .asInt())
                .isZero();
        assertThat(client.get("/1/dictionaries/stopwords/search?query=baz")
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(1);
    }

    @Test
    void pluralsAndCompounds() {
        Reply plural = client.post(
                "/1/dictionaries/plurals/batch",
                jq("{'requests':[{'action':'addEntry','body':"
                        + "{'objectID':'p1','language':'en','words':['cactus','cacti']}}]}"));
        assertThat(plural.status()).isEqualTo(200);
        assertThat(client.get("/1/dictionaries/plurals/search?query=cacti")
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(1);
        Reply compound = client.post(
                "/1/dictionaries/compounds/batch",
                jq(
                        "{'requests':[{'action':'addEntry',"
                                + "'body':{'objectID':'c1','language':'de','word':'kopfhoerer','decomposition':['kopf','hoerer']}}]}"));
        assertThat(compound.status()).isEqualTo(200);
        assertThat(client.get("/1/dictionaries/compounds/search?query=kopf")
                        .body()
                        .get("hits")
                        .get(0)
                        .get("decomposition")
                        .size())
                .isEqualTo(2);
    }

    @Test
    void schemaErrorsAre400() {
        assertThat(client.post("/1/dictionaries/synonyms/batch", jq("{'requests':[]}"))
                        .status())
                .as("unknown dictionary")
                .isEqualTo(400);
        assertThat(client.post(
                                "/1/dictionaries/stopwords/batch",
                                jq("{'requests':[{'action':'addEntry','body':" + "{'objectID':'a','word':'x'}}]}"))
                        .status())
                .as("language missing")
                .isEqualTo(400);
        assertThat(client.post(
                                "/1/dictionaries/stopwords/batch",
                                jq("{'requests':[{'action':'addEntry','body':"
                                        + "{'objectID':'a','language':'en','word':'x','extra':1}}]}"))
                        .status())
                .as("unexpected key")
                .isEqualTo(400);
        assertThat(client.post(
                                "/1/dictionaries/plurals/batch",
                                jq("{'requests':[{'action':'addEntry','body':"
                                        + "{'objectID':'a','language':'en','word':'x'}}]}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.post(
                                "/1/dictionaries/stopwords/batch",
                                jq("{'requests':[{'action':'upsert','body':" + "{'objectID':'a'}}]}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.post("/1/dictionaries/stopwords/batch", jq("{'requests':[],'other':1}"))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void payloadAbove10MbIs413AndTheQuotaIs403() {
        String big = "{\"requests\":[],\"pad\":\"" + "x".repeat(10 * 1024 * 1024) + "\"}";
        assertThat(client.post("/1/dictionaries/stopwords/batch", big).status()).isEqualTo(413);
        StringBuilder requests = new StringBuilder("{\"requests\":[");
        for (int i = 0; i <= 1000; i++) {
            requests.append(i == 0 ? "" : ",")
                    .append(jq("{'action':'addEntry','body':{'objectID':'w" + i + "','language':'en','word':'w" + i
                            + "'}}"));
        }
        Reply quota = client.post(
                "/1/dictionaries/stopwords/batch", requests.append("]}").toString());
        assertThat(quota.status()).isEqualTo(403);
        assertThat(client.get("/1/dictionaries/stopwords/search?query=w1")
                        .body()
                        .get("nbHits")
                        .asInt())
                .as("nothing applied")
                .isZero();
    }

    @Test
    void settingsChangeOnlyTheListedLanguages() {
        assertThat(client.get("/1/dictionaries/*/settings").body())
                .isEqualTo(TestClient.json(jq("{'disableStandardEntries':{'stopwords':{}}}")));
        Reply set = client.put(
                "/1/dictionaries/*/settings", jq("{'disableStandardEntries':{'stopwords':{'en':true,'fr':true}}}"));
        assertThat(set.body().has("taskID")).isTrue();
        client.put("/1/dictionaries/*/settings", jq("{'disableStandardEntries':{'stopwords':{'fr':false}}}"));
        assertThat(client.get("/1/dictionaries/*/settings").body())
                .isEqualTo(TestClient.json(jq("{'disableStandardEntries':{'stopwords':{'en':true}}}")));
        client.put("/1/dictionaries/*/settings", jq("{'disableStandardEntries':{'stopwords':null}}"));
        assertThat(client.get("/1/dictionaries/*/settings")
                        .body()
                        .get("disableStandardEntries")
                        .get("stopwords"))
                .isEmpty();
        assertThat(client.put(
                                "/1/dictionaries/*/settings",
                                jq("{'disableStandardEntries':{'stopwords':" + "{'en':'yes'}}}"))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void languagesCountCustomEntriesOrSayNull() {
        addStopword("sw1", "foo", "en");
        Reply languages = client.get("/1/dictionaries/*/languages");
        assertThat(languages
                        .body()
                        .get("en")
                        .get("stopwords")
                        .get("nbCustomEntries")
                        .asInt())
                .isEqualTo(1);
        assertThat(languages
                        .body()
                        .get("en")
                        .get("plurals")
                        .get("nbCustomEntries")
                        .asInt())
                .isZero();
        assertThat(languages.body().get("en").get("compounds").isNull()).isTrue();
        assertThat(languages
                        .body()
                        .get("de")
                        .get("compounds")
                        .get("nbCustomEntries")
                        .asInt())
                .isZero();
    }
}
