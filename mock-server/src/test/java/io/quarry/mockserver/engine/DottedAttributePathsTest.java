package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An attribute name is a dotted path read as records are indexed: {@code a.b} names a top-level member literally
 * named {@code a.b} as well as the {@code b} of an {@code a} object, and a path goes through arrays of objects.
 * Retrieval, unretrievable attributes, highlighting and snippets read names the way searching and faceting do.
 */
class DottedAttributePathsTest {

    private final Fixture fixture = new Fixture()
            .records("{'objectID':'1','a.b':'red fox','a':{'b':'red hen','c':'red cow'},"
                    + "'variants':[{'size':'red small','cost':'red 3'},{'size':'big','cost':'red 9'}],'plain':'red'}");

    private JsonNode hit(String request) {
        return fixture.search(request).get("hits").get(0);
    }

    @Test
    void retrievalNamesTheLiteralAndTheNestedMemberAlike() {
        JsonNode hit = hit("{'attributesToRetrieve':['a.b','variants.size'],'attributesToHighlight':[]}");
        assertThat(hit.toString())
                .isEqualTo(Fixture.json("{'a.b':'red fox','a':{'b':'red hen'},"
                                + "'variants':[{'size':'red small'},{'size':'big'}],'objectID':'1'}")
                        .toString());
        JsonNode without = hit("{'attributesToRetrieve':['*','-a.b','-variants.cost'],'attributesToHighlight':[]}");
        assertThat(without.has("a.b")).isFalse();
        assertThat(without.get("a").toString()).isEqualTo("{\"c\":\"red cow\"}");
        assertThat(without.get("variants").toString()).doesNotContain("cost");
    }

    @Test
    void anUnretrievableNameHidesTheValueWhicheverWayTheRecordSpellsItsPath() {
        fixture.settings("{'unretrievableAttributes':['a.b','variants.cost']}");
        ObjectNode response = fixture.search("{'query':'red','attributesToSnippet':['*']}");
        String hit = response.get("hits").get(0).toString();
        assertThat(hit)
                .doesNotContain("fox")
                .doesNotContain("hen")
                .doesNotContain("red 3")
                .doesNotContain("red 9");
        assertThat(hit).contains("red cow").contains("red small");
        ObjectNode record = Fixture.json("{'objectID':'1','a.b':'x','a':{'b':'y','c':'z'}}");
        assertThat(SearchEngine.retrieve(record, fixture.config(), null, SearchContext.unrestricted("test"))
                        .toString())
                .as("a record read by objectID")
                .isEqualTo("{\"objectID\":\"1\",\"a\":{\"c\":\"z\"}}");
    }

    @Test
    void highlightsAndSnippetsNameTheLiteralMember() {
        JsonNode hit = hit("{'query':'fox','attributesToHighlight':['a.b'],'attributesToSnippet':['a.b:1','plain']}");
        assertThat(hit.get("_highlightResult").get("a.b").get("value").asString())
                .isEqualTo("red <em>fox</em>");
        assertThat(hit.get("_highlightResult").get("a").get("b").get("value").asString())
                .isEqualTo("red hen");
        assertThat(hit.get("_snippetResult").get("a.b").get("value").asString()).isEqualTo("\u2026<em>fox</em>");
        assertThat(hit.get("_snippetResult").get("plain").get("value").asString())
                .isEqualTo("red");
        assertThat(hit("{'query':'fox'}")
                        .get("_highlightResult")
                        .get("a.b")
                        .get("matchLevel")
                        .asString())
                .as("every attribute highlighted by default")
                .isEqualTo("full");
    }

    @Test
    @Timeout(60) // a hang guard: AttributePathLookupsTest counts the lookups, HitAttributeWalksTest the walks
    void manyLongNamesCostTheMembersVisitedNotTheirProduct() {
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            names.append(i == 0 ? "" : ",")
                    .append("'a.")
                    .append("n".repeat(50))
                    .append(i)
                    .append("'");
        }
        JsonNode hit = hit("{'attributesToRetrieve':[" + names + ",'plain'],'attributesToHighlight':[" + names
                + "],'attributesToSnippet':['a.b']}");
        assertThat(hit.get("plain").asString()).isEqualTo("red");
    }
}
