package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Dictionaries change search results: stop words, plurals and compounds, standard and custom. */
class DictionaryEffectsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'docs':{'records':["
                + "{'objectID':'1','text':'lord of rings'},"
                + "{'objectID':'2','text':'children books'},"
                + "{'objectID':'3','text':'les chevaux'},"
                + "{'objectID':'4','text':'kopf hoerer'},"
                + "{'objectID':'5','text':'wunder kerze'},"
                + "{'objectID':'6','text':'many cacti'}]}}}"));
    }

    private List<String> ids(String body) {
        return client.post("/1/indexes/docs/query", jq(body)).hitIds();
    }

    private void batch(String dictionary, String requests) {
        Reply reply = client.post("/1/dictionaries/" + dictionary + "/batch", jq("{'requests':" + requests + "}"));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
    }

    @Test
    void standardStopWordsAreRemovedWithRemoveStopWords() {
        assertThat(ids("{'query':'the lord '}")).isEmpty();
        assertThat(ids("{'query':'the lord ','removeStopWords':true}")).containsExactly("1");
        assertThat(ids("{'query':'the lord ','removeStopWords':['en']}")).containsExactly("1");
        assertThat(ids("{'query':'the lord ','removeStopWords':['fr']}")).isEmpty();
        assertThat(ids("{'query':'the lord ','removeStopWords':true,'queryLanguages':['de']}"))
                .isEmpty();
        client.put("/1/dictionaries/*/settings", jq("{'disableStandardEntries':{'stopwords':{'en':true}}}"));
        assertThat(ids("{'query':'the lord ','removeStopWords':true}"))
                .as("standard entries disabled")
                .isEmpty();
    }

    @Test
    void customStopWordsAddOrDisable() {
        batch("stopwords", "[{'action':'addEntry','body':{'objectID':'s1','language':'en','word':'gimme'}}]");
        assertThat(ids("{'query':'gimme lord','removeStopWords':true}")).containsExactly("1");
        batch(
                "stopwords",
                "[{'action':'addEntry','body':{'objectID':'s2','language':'en','word':'the',"
                        + "'state':'disabled'}}]");
        assertThat(ids("{'query':'the lord ','removeStopWords':true}"))
                .as("'the' no longer a stop word")
                .isEmpty();
    }

    @Test
    void pluralsFromTheDictionaries() {
        assertThat(ids("{'query':'child books'}")).isEmpty();
        assertThat(ids("{'query':'child books','ignorePlurals':true}"))
                .as("irregular, standard en")
                .containsExactly("2");
        assertThat(ids("{'query':'les cheval','ignorePlurals':['fr']}")).containsExactly("3");
        assertThat(ids("{'query':'many cactus','ignorePlurals':true}")).isEmpty();
        batch(
                "plurals",
                "[{'action':'addEntry','body':{'objectID':'p1','language':'en'," + "'words':['cactus','cacti']}}]");
        assertThat(ids("{'query':'many cactus','ignorePlurals':true}")).containsExactly("6");
        assertThat(ids("{'query':'many cactus'}")).as("ignorePlurals off").isEmpty();
    }

    @Test
    void customCompoundsSplitQueryWords() {
        assertThat(ids("{'query':'kopfhoerer'}")).isEmpty();
        batch(
                "compounds",
                "[{'action':'addEntry','body':{'objectID':'c1','language':'de','word':'kopfhoerer',"
                        + "'decomposition':['kopf','hoerer']}}]");
        assertThat(ids("{'query':'kopfhoerer'}")).containsExactly("4");
        assertThat(ids("{'query':'kopfhoerer','queryLanguages':['de']}")).containsExactly("4");
        assertThat(ids("{'query':'kopfhoerer','queryLanguages':['fr']}")).isEmpty();
        assertThat(ids("{'query':'kopfhoerer','decompoundQuery':false}")).isEmpty();
        batch(
                "compounds",
                "[{'action':'addEntry','body':{'objectID':'c2','language':'de','word':'wunder',"
                        + "'decomposition':[]}},{'action':'addEntry','body':{'objectID':'c3','language':'de','word':'kerze',"
                        + "'decomposition':[]}}]");
        assertThat(ids("{'query':'wunderkerze'}")).as("split into atoms").containsExactly("5");
    }

    @Test
    void aDecompositionKeepsARepeatedPart(MockServer server) {
        server.seed(jq("{'indices':{'dishes':{'records':["
                + "{'objectID':'twice','text':'cous cous'},{'objectID':'once','text':'cous'}]}}}"));
        batch(
                "compounds",
                "[{'action':'addEntry','body':{'objectID':'c-cc','language':'de','word':'couscous',"
                        + "'decomposition':['cous','cous']}}]");

        assertThat(client.post("/1/indexes/dishes/query", jq("{'query':'couscous','queryLanguages':['de']}"))
                        .hitIds())
                .as("the phrase is cous cous, not cous")
                .containsExactly("twice");
    }

    @Test
    void aDisabledStopWordInAnotherCaseStillDisablesTheStandardOne() {
        batch(
                "stopwords",
                "[{'action':'addEntry','body':{'objectID':'s-the','language':'en','word':'The',"
                        + "'state':'disabled'}}]");
        assertThat(ids("{'query':'the lord ','removeStopWords':true}"))
                .as("'the' no longer a stop word")
                .isEmpty();
    }
}
