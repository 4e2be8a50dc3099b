package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class HighlightTest {

    private final Fixture fixture = new Fixture()
            .settings("{'searchableAttributes':['title','tags','author.name']}")
            .records("{'objectID':'1','title':'The Red Shoes of Dorothy','tags':['red','blue'],"
                    + "'author':{'name':'Ann Red','age':4},'description':'one two three four five six seven eight "
                    + "nine ten red eleven twelve thirteen fourteen fifteen'}");

    private JsonNode hit(String request) {
        return fixture.search(request).get("hits").get(0);
    }

    @Test
    void wrapsMatchedWordsAndReportsTheMatchLevel() {
        JsonNode title = hit("{'query':'red shoes'}").get("_highlightResult").get("title");
        assertThat(title.get("value").asString()).isEqualTo("The <em>Red</em> <em>Shoes</em> of Dorothy");
        assertThat(title.get("matchLevel").asString()).isEqualTo("full");
        assertThat(title.get("matchedWords")).extracting(JsonNode::asString).containsExactly("red", "shoes");
        assertThat(title.get("fullyHighlighted").asBoolean()).isFalse();
    }

    @Test
    void mirrorsArraysAndNestedObjects() {
        JsonNode highlight = hit("{'query':'red shoes'}").get("_highlightResult");
        assertThat(highlight.get("tags").get(0).get("value").asString()).isEqualTo("<em>red</em>");
        assertThat(highlight.get("tags").get(0).get("matchLevel").asString()).isEqualTo("partial");
        assertThat(highlight.get("tags").get(0).get("fullyHighlighted").asBoolean())
                .isTrue();
        assertThat(highlight.get("tags").get(1).get("matchLevel").asString()).isEqualTo("none");
        assertThat(highlight.get("tags").get(1).has("fullyHighlighted")).isFalse();
        assertThat(highlight.get("author").get("name").get("value").asString()).isEqualTo("Ann <em>Red</em>");
        assertThat(highlight.has("description")).isFalse();
    }

    @Test
    void highlightsOnlyTheMatchedPartOfAPrefixAndUsesCustomTags() {
        JsonNode title = hit("{'query':'doro','highlightPreTag':'[','highlightPostTag':']'}")
                .get("_highlightResult")
                .get("title");
        assertThat(title.get("value").asString()).isEqualTo("The Red Shoes of [Doro]thy");
        JsonNode explicit =
                hit("{'query':'red','attributesToHighlight':['description']}").get("_highlightResult");
        assertThat(explicit.propertyNames()).containsExactly("description");
    }

    @Test
    void snippetsCutAroundTheFirstMatchWithEllipses() {
        JsonNode snippet = hit("{'query':'red','attributesToSnippet':['description:4','title']}")
                .get("_snippetResult");
        assertThat(snippet.get("description").get("value").asString())
                .isEqualTo("\u2026ten <em>red</em> eleven twelve\u2026");
        assertThat(snippet.get("description").get("matchLevel").asString()).isEqualTo("full");
        assertThat(snippet.get("title").get("value").asString()).isEqualTo("The <em>Red</em> Shoes of Dorothy");
        JsonNode custom = hit("{'query':'dorothy','attributesToSnippet':['description:3'],'snippetEllipsisText':'...'}")
                .get("_snippetResult");
        assertThat(custom.get("description").get("value").asString()).isEqualTo("one two three...");
    }
}
