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
 * The text parameters whose values are read by name, and the answer members reporting what the query matched:
 * values outside those a parameter takes are a 400 naming them, plurals follow the query languages, a query
 * repeating a word matches fully, and highlighting marks no typo where typos are disabled.
 */
class QueryTextParametersHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'pets':{'records':["
                + "{'objectID':'1','name':'apple pie'},"
                + "{'objectID':'2','name':'cats'}]}}}"));
    }

    private Reply search(String body) {
        return client.post("/1/indexes/pets/query", jq(body));
    }

    @Test
    void aQueryRepeatingAWordMatchesFullyWhenTheWordMatches() {
        JsonNode highlight = search("{'query':'apple apple'}")
                .requireOk()
                .body()
                .get("hits")
                .get(0)
                .get("_highlightResult")
                .get("name");
        assertThat(highlight.get("matchLevel").stringValue()).isEqualTo("full");
        assertThat(highlight.get("matchedWords").toString()).isEqualTo("[\"apple\"]");
        JsonNode partial = search("{'query':'apple apple tart','optionalWords':['tart']}")
                .requireOk()
                .body()
                .get("hits")
                .get(0)
                .get("_highlightResult")
                .get("name");
        assertThat(partial.get("matchLevel").stringValue()).isEqualTo("partial");
    }

    @Test
    void aTypoIsNotHighlightedWhereTyposAreDisabled(MockServer server) {
        server.seed(jq("{'indices':{'typos':{'records':[{'objectID':'1','name':'apple','alias':'aple'}]}}}"));
        JsonNode highlights = client.post(
                        "/1/indexes/typos/query",
                        jq("{'query':'aple ','disableTypoToleranceOnAttributes':['name'],"
                                + "'attributesToSnippet':['name']}"))
                .requireOk()
                .body()
                .get("hits")
                .get(0);
        // The record matches through its alias; its name holds "aple" only with a typo.
        assertThat(highlights.get("_highlightResult").get("name").get("value").stringValue())
                .isEqualTo("apple");
        assertThat(highlights
                        .get("_highlightResult")
                        .get("name")
                        .get("matchLevel")
                        .stringValue())
                .isEqualTo("none");
        assertThat(highlights
                        .get("_snippetResult")
                        .get("name")
                        .get("matchLevel")
                        .stringValue())
                .isEqualTo("none");
        assertThat(highlights.get("_highlightResult").get("alias").get("value").stringValue())
                .isEqualTo("<em>aple</em>");
    }

    @Test
    void englishPluralsApplyOnlyWhenTheQueryLanguagesIncludeEnglish() {
        // The trailing space ends the word, so "cat" is no prefix of "cats".
        assertThat(search("{'query':'cat ','ignorePlurals':true}").hitIds()).containsExactly("2");
        assertThat(search("{'query':'cat ','ignorePlurals':true,'queryLanguages':['en','fr']}")
                        .hitIds())
                .containsExactly("2");
        assertThat(search("{'query':'cat ','ignorePlurals':true,'queryLanguages':['fr']}")
                        .hitIds())
                .isEmpty();
        assertThat(search("{'query':'cat ','ignorePlurals':['en'],'queryLanguages':['fr']}")
                        .hitIds())
                .containsExactly("2");
    }

    @Test
    void valuesOutsideThoseAParameterTakesAre400() {
        String[][] refused = {
            {"'exactOnSingleWordQuery':'words'", "expected attribute, word or none"},
            {"'advancedSyntaxFeatures':['exactPhrase','phrases']", "expected exactPhrase or excludeWords"},
            {"'alternativesAsExact':['plurals']", "expected ignorePlurals, singleWordSynonym or multiWordsSynonym"},
            {"'removeWordsIfNoResults':'some'", "expected none, lastWords, firstWords or allOptional"},
        };
        for (String[] value : refused) {
            Reply reply = search("{'query':'apple'," + value[0] + "}");
            assertThat(reply.status()).as("%s", reply).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue()).contains(value[1]);
        }
        String accepted = "{'query':'apple','exactOnSingleWordQuery':'word',"
                + "'advancedSyntaxFeatures':'excludeWords','alternativesAsExact':[],"
                + "'removeWordsIfNoResults':'allOptional'}";
        assertThat(search(accepted).hitIds()).containsExactly("1");
    }

    @Test
    void aQueryGivenAsAnArrayOrObjectIsA400() {
        for (String query : new String[] {"[]", "['apple']", "{}", "{'apple':1}"}) {
            Reply reply = search("{'query':" + query + "}");
            assertThat(reply.status()).as("%s -> %s", query, reply).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue()).contains("\"query\"");
        }
        // A number is read as its text, as a URL carries it.
        client.put("/1/indexes/pets/3", jq("{'name':'route 66'}")).requireOk();
        assertThat(search("{'query':66}").hitIds()).containsExactly("3");
    }

    @Test
    void aRefusedValueSavedInTheSettingsIsA400OfEverySearch() {
        client.put("/1/indexes/pets/settings", jq("{'exactOnSingleWordQuery':'everything'}"))
                .requireOk();
        Reply reply = search("{'query':'apple'}");
        assertThat(reply.status()).as("%s", reply).isEqualTo(400);
        assertThat(search("{'query':'apple','exactOnSingleWordQuery':'none'}").hitIds())
                .containsExactly("1");
    }
}
