package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Record reads and writes over HTTP: add, replace, delete, get, get objects, clear, hostile objectIDs. */
class RecordsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    private String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Test
    void addWithoutIdAssignsOneAndAnswers201() {
        Reply added = client.post("/1/indexes/books", jq("{'title':'Dune'}"));
        assertThat(added.status()).isEqualTo(201);
        assertThat(added.body().has("createdAt")).isTrue();
        assertThat(added.body().get("taskID").isIntegralNumber()).isTrue();
        String id = added.body().get("objectID").stringValue();
        assertThat(id).isNotEmpty();

        Reply read = client.get("/1/indexes/books/" + segment(id));
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.body().get("title").stringValue()).isEqualTo("Dune");
        assertThat(read.body().get("objectID").stringValue()).isEqualTo(id);

        Reply second = client.post("/1/indexes/books", jq("{'title':'Emma'}"));
        assertThat(second.body().get("objectID").stringValue()).isNotEqualTo(id);
    }

    @Test
    void putReplacesTheWholeRecord() {
        client.put("/1/indexes/books/b1", jq("{'title':'Dune','year':1965}"));
        Reply replaced = client.put("/1/indexes/books/b1", jq("{'title':'Dune Messiah'}"));
        assertThat(replaced.status()).isEqualTo(200);
        assertThat(replaced.body().get("objectID").stringValue()).isEqualTo("b1");
        assertThat(replaced.body().has("updatedAt")).isTrue();

        Reply read = client.get("/1/indexes/books/b1");
        assertThat(read.body()).isEqualTo(TestClient.json(jq("{'title':'Dune Messiah','objectID':'b1'}")));
    }

    @Test
    void deleteAnswersDeletedAtAndRemoves() {
        client.put("/1/indexes/books/b1", jq("{'title':'Dune'}"));
        Reply deleted = client.delete("/1/indexes/books/b1");
        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.body().has("deletedAt")).isTrue();
        assertThat(deleted.body().has("taskID")).isTrue();
        Reply read = client.get("/1/indexes/books/b1");
        assertThat(read.status()).isEqualTo(404);
        assertThat(read.body().get("message").stringValue()).isEqualTo("ObjectID does not exist");
        assertThat(read.body().get("status").intValue()).isEqualTo(404);
    }

    @Test
    void readingAnAbsentIndexIs404() {
        Reply read = client.get("/1/indexes/nothing/x");
        assertThat(read.status()).isEqualTo(404);
        assertThat(read.body().get("message").stringValue()).isEqualTo("Index does not exist");
    }

    @Test
    void attributesToRetrieveKeepsNamedAttributesAndObjectId() {
        client.put("/1/indexes/books/b1", jq("{'title':'Dune','year':1965,'author':{'name':'Herbert','born':1920}}"));
        Reply comma = client.get("/1/indexes/books/b1?attributesToRetrieve=title,author.name");
        assertThat(comma.body())
                .isEqualTo(TestClient.json(jq("{'objectID':'b1','title':'Dune','author':{'name':'Herbert'}}")));
        Reply array = client.get("/1/indexes/books/b1?attributesToRetrieve=" + segment("[\"year\"]"));
        assertThat(array.body()).isEqualTo(TestClient.json(jq("{'objectID':'b1','year':1965}")));
        Reply star = client.get("/1/indexes/books/b1?attributesToRetrieve=*");
        assertThat(star.body().size()).isEqualTo(4);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a/b",
                "what?",
                "#hash",
                "100%",
                "with space",
                "plus+sign",
                "é漢字",
                "batch",
                "clear",
                "a%2Fb",
                "..",
                "query",
                "*"
            })
    void hostileObjectIdsRoundTrip(String id) {
        Reply put = client.put("/1/indexes/hostile/" + segment(id), jq("{'v':1}"));
        assertThat(put.status()).as(put.toString()).isEqualTo(200);
        assertThat(put.body().get("objectID").stringValue()).isEqualTo(id);
        Reply read = client.get("/1/indexes/hostile/" + segment(id));
        assertThat(read.status()).as(read.toString()).isEqualTo(200);
        assertThat(read.body().get("objectID").stringValue()).isEqualTo(id);
        Reply partial = client.post("/1/indexes/hostile/" + segment(id) + "/partial", jq("{'v':2}"));
        assertThat(partial.body().get("objectID").stringValue()).isEqualTo(id);
        assertThat(client.delete("/1/indexes/hostile/" + segment(id)).status()).isEqualTo(200);
        Reply objects = client.post(
                "/1/indexes/*/objects",
                "{\"requests\":[{\"indexName\":\"hostile\"," + "\"objectID\":\"" + id + "\"}]}");
        assertThat(objects.body().get("results").get(0).isNull()).isTrue();
    }

    @Test
    void aLiteralSegmentWinsOverAnObjectIdForTheSameMethod() {
        Reply put = client.put("/1/indexes/books/settings", jq("{'hitsPerPage':5}"));
        assertThat(put.body().has("objectID"))
                .as("PUT .../settings is the settings endpoint")
                .isFalse();
        assertThat(client.get("/1/indexes/books/settings")
                        .body()
                        .get("hitsPerPage")
                        .intValue())
                .isEqualTo(5);
        // No DELETE .../settings endpoint exists, so this deletes the record "settings", as in the service.
        assertThat(client.delete("/1/indexes/books/settings").body().has("deletedAt"))
                .isTrue();
    }

    @Test
    void indexNamesArePercentDecodedToo() {
        client.put("/1/indexes/" + segment("my index/é") + "/r1", jq("{'v':1}"));
        Reply list = client.get("/1/indexes");
        assertThat(list.body().get("items").get(0).get("name").stringValue()).isEqualTo("my index/é");
    }

    @Test
    void getObjectsAnswersInRequestOrderWithNullForMisses() {
        client.put("/1/indexes/a/1", jq("{'name':'one','extra':true}"));
        client.put("/1/indexes/b/2", jq("{'name':'two'}"));
        Reply reply = client.post(
                "/1/indexes/*/objects",
                jq("{'requests':["
                        + "{'indexName':'b','objectID':'2'},"
                        + "{'indexName':'a','objectID':'missing'},"
                        + "{'indexName':'nope','objectID':'1'},"
                        + "{'indexName':'a','objectID':'1','attributesToRetrieve':['name']}]}"));
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body())
                .isEqualTo(TestClient.json(jq("{'results':["
                        + "{'name':'two','objectID':'2'}, null, null, {'objectID':'1','name':'one'}]}")));
    }

    @Test
    void clearEmptiesRecordsButKeepsSettingsAndSynonyms() {
        client.put("/1/indexes/books/b1", jq("{'title':'Dune'}"));
        client.put("/1/indexes/books/settings", jq("{'searchableAttributes':['title']}"));
        client.put("/1/indexes/books/synonyms/s1", jq("{'type':'synonym','synonyms':['a','b']}"));
        Reply cleared = client.post("/1/indexes/books/clear", null);
        assertThat(cleared.status()).isEqualTo(200);
        assertThat(cleared.body().has("updatedAt")).isTrue();
        assertThat(client.get("/1/indexes/books/b1").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/books/settings")
                        .body()
                        .get("searchableAttributes")
                        .get(0)
                        .stringValue())
                .isEqualTo("title");
        assertThat(client.get("/1/indexes/books/synonyms/s1").status()).isEqualTo(200);
    }

    @Test
    void invalidJsonIs400() {
        Reply reply = client.put("/1/indexes/books/b1", "{not json");
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).contains("Invalid JSON");
        assertThat(client.put("/1/indexes/books/b1", "[1,2]").status()).isEqualTo(400);
    }
}
