package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class SearchResponseTest {

    private final Fixture fixture = new Fixture()
            .records(
                    "{'objectID':'1','title':'Blue shoes','price':10}",
                    "{'objectID':'2','title':'Red shoes','price':20}",
                    "{'objectID':'3','title':'Blue hat','price':30}");

    @Test
    void hasTheEnvelopeOfTheSpec() {
        ObjectNode response = fixture.search("{'query':'shoes','hitsPerPage':1}");
        assertThat(response.propertyNames())
                .contains(
                        "hits",
                        "nbHits",
                        "page",
                        "nbPages",
                        "hitsPerPage",
                        "processingTimeMS",
                        "query",
                        "parsed_query",
                        "params",
                        "exhaustiveNbHits");
        assertThat(response.get("nbHits").asInt()).isEqualTo(2);
        assertThat(response.get("nbPages").asInt()).isEqualTo(2);
        assertThat(response.get("hitsPerPage").asInt()).isEqualTo(1);
        assertThat(response.get("page").asInt()).isZero();
        assertThat(response.get("query").asString()).isEqualTo("shoes");
        assertThat(response.get("params").asString()).isEqualTo("query=shoes&hitsPerPage=1");
        assertThat(response.get("hits")).hasSize(1);
    }

    @Test
    void readsTheParamsStringAndLetsExplicitMembersWin() {
        ObjectNode response = fixture.search("{'params':'query=blue+shoes&hitsPerPage=5&page=0','page':0}");
        assertThat(response.get("query").asString()).isEqualTo("blue shoes");
        assertThat(response.get("nbHits").asInt()).isEqualTo(1);
        assertThat(response.get("hitsPerPage").asInt()).isEqualTo(5);
        assertThat(fixture.search("{'params':'query=blue%20hat'}").get("nbHits").asInt())
                .isEqualTo(1);
    }

    @Test
    void responseFieldsTrimTheResponse() {
        ObjectNode response = fixture.search("{'query':'shoes','responseFields':['hits','nbHits']}");
        assertThat(response.propertyNames()).containsExactlyInAnyOrder("hits", "nbHits");
        assertThat(fixture.search("{'responseFields':'*'}").has("params")).isTrue();
    }

    @Test
    void emptyQueryMatchesEverythingInInsertionOrder() {
        assertThat(fixture.ids("{}")).containsExactly("1", "2", "3");
    }

    @Test
    void allWordsMustMatch() {
        assertThat(fixture.ids("{'query':'blue shoes'}")).containsExactly("1");
        assertThat(fixture.ids("{'query':'green shoes'}")).isEmpty();
    }
}
