package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class ResultsTest {

    private static Fixture numbered(int count) {
        Fixture fixture = new Fixture();
        fixture.data.write(w -> {
            for (int i = 0; i < count; i++) {
                w.put(Fixture.json("{'objectID':'" + i + "','t':'item'}"));
            }
            return null;
        });
        return fixture;
    }

    @Test
    void paginatesAndReportsPages() {
        Fixture f = numbered(45);
        ObjectNode last = f.search("{'page':2}");
        assertThat(last.get("hits")).hasSize(5);
        assertThat(last.get("nbPages").asInt()).isEqualTo(3);
        assertThat(last.get("hits").get(0).get("objectID").asString()).isEqualTo("40");
        assertThat(f.search("{'page':3}").get("hits")).isEmpty();
        assertThat(f.search("{'hitsPerPage':0}").get("nbPages").asInt()).isZero();
        ObjectNode offset = f.search("{'offset':3,'length':2}");
        assertThat(offset.get("hits"))
                .extracting(h -> h.get("objectID").asString())
                .containsExactly("3", "4");
        assertThat(offset.get("offset").asInt()).isEqualTo(3);
        assertThat(offset.get("length").asInt()).isEqualTo(2);
    }

    @Test
    void refusesPageSizesOutOfRange() {
        Fixture f = numbered(1);
        assertThatThrownBy(() -> f.search("{'hitsPerPage':1001}"))
                .isInstanceOf(EngineException.class)
                .satisfies(e -> assertThat(((EngineException) e).status()).isEqualTo(400));
        assertThatThrownBy(() -> f.search("{'hitsPerPage':-1}")).isInstanceOf(EngineException.class);
        assertThatThrownBy(() -> f.search("{'page':-1}")).isInstanceOf(EngineException.class);
        assertThatThrownBy(() -> f.search("{'hitsPerPage':'many'}")).isInstanceOf(EngineException.class);
        assertThat(f.search("{'hitsPerPage':1000}").get("hitsPerPage").asInt()).isEqualTo(1000);
    }

    @Test
    void paginationLimitedToCapsReachableHits() {
        Fixture f = numbered(1500);
        ObjectNode response = f.search("{'hitsPerPage':100,'page':9}");
        assertThat(response.get("nbHits").asInt()).isEqualTo(1500);
        assertThat(response.get("nbPages").asInt()).isEqualTo(10);
        assertThat(response.get("hits")).hasSize(100);
        assertThat(f.search("{'hitsPerPage':100,'page':10}").get("hits")).isEmpty();
        f.settings("{'paginationLimitedTo':50}");
        assertThat(f.search("{'hitsPerPage':20,'page':2}").get("hits")).hasSize(10);
        assertThat(f.search("{'hitsPerPage':20}").get("nbPages").asInt()).isEqualTo(3);
        f.settings("{'hitsPerPage':7}");
        assertThat(f.search("{}").get("hits")).hasSize(7);
    }

    @Test
    void theKeysLimitsApply() {
        Fixture f = numbered(30);
        ObjectNode forced = Fixture.json("{'hitsPerPage':3,'params':'query=item'}");
        ObjectNode response = f.engine.search(
                f.data,
                f.config(),
                Fixture.json("{'hitsPerPage':10,'query':'zz'}"),
                new SearchContext("t", forced, List.of(), 2, false));
        assertThat(response.get("hits")).hasSize(2);
        assertThat(response.get("query").asString()).isEqualTo("item");
    }

    @Test
    void retrievesTheRequestedAttributesOnly() {
        Fixture f = new Fixture()
                .settings("{'unretrievableAttributes':['secret','meta.internal']}")
                .records("{'objectID':'1','title':'a','price':3,'secret':'s','meta':{'internal':1,'public':2}}");
        JsonNode all = f.search("{}").get("hits").get(0);
        assertThat(all.has("secret")).isFalse();
        assertThat(all.get("meta").has("internal")).isFalse();
        assertThat(all.get("meta").get("public").asInt()).isEqualTo(2);
        assertThat(all.get("_highlightResult").has("secret")).isFalse();
        JsonNode some = f.search("{'attributesToRetrieve':['title','meta.public']}")
                .get("hits")
                .get(0);
        assertThat(some.propertyNames()).containsExactlyInAnyOrder("title", "meta", "objectID", "_highlightResult");
        JsonNode excluded = f.search("{'params':'attributesToRetrieve=*,-price'}")
                .get("hits")
                .get(0);
        assertThat(excluded.has("price")).isFalse();
        assertThat(excluded.has("title")).isTrue();
        JsonNode onlyId =
                f.search("{'attributesToRetrieve':['nothing']}").get("hits").get(0);
        assertThat(onlyId.get("objectID").asString()).isEqualTo("1");
        ObjectNode privileged = f.engine.search(
                f.data, f.config(), Fixture.json("{}"), new SearchContext("t", Fixture.json("{}"), List.of(), 0, true));
        assertThat(privileged.get("hits").get(0).get("secret").asString()).isEqualTo("s");
    }

    @Test
    void getObjectRetrievalFollowsTheSameRules() {
        Fixture f = new Fixture().settings("{'unretrievableAttributes':['secret']}");
        ObjectNode record = Fixture.json("{'objectID':'1','title':'a','price':3,'secret':'s'}");
        SearchContext anyKey = SearchContext.unrestricted("t");
        SearchContext privileged = new SearchContext("t", Fixture.json("{}"), List.of(), 0, true);
        assertThat(SearchEngine.retrieve(record, f.config(), null, anyKey).propertyNames())
                .containsExactlyInAnyOrder("objectID", "title", "price");
        assertThat(SearchEngine.retrieve(record, f.config(), List.of("price"), anyKey)
                        .propertyNames())
                .containsExactlyInAnyOrder("objectID", "price");
        assertThat(SearchEngine.retrieve(record, f.config(), List.of("*"), privileged)
                        .has("secret"))
                .isTrue();
        assertThat(record.has("secret")).isTrue();
    }

    @Test
    void countsFacetsWithStats() {
        Fixture f = new Fixture()
                .settings("{'attributesForFaceting':['color','price','filterOnly(brand)']}")
                .records(
                        "{'objectID':'1','color':['red','blue'],'price':10,'brand':'a'}",
                        "{'objectID':'2','color':'red','price':20.5,'brand':'b'}",
                        "{'objectID':'3','color':'green','price':30,'brand':'b'}");
        ObjectNode response = f.search("{'facets':['*']}");
        assertThat(response.get("facets").propertyNames()).containsExactly("color", "price");
        assertThat(response.get("facets").get("color").toString()).isEqualTo("{\"red\":2,\"blue\":1,\"green\":1}");
        JsonNode stats = response.get("facets_stats").get("price");
        assertThat(stats.get("min").asDouble()).isEqualTo(10);
        assertThat(stats.get("max").asDouble()).isEqualTo(30);
        assertThat(stats.get("sum").asDouble()).isEqualTo(60.5);
        assertThat(stats.get("avg").asDouble()).isCloseTo(20.1666, org.assertj.core.data.Offset.offset(0.001));
        assertThat(response.get("exhaustiveFacetsCount").asBoolean()).isTrue();
        ObjectNode limited =
                f.search("{'facets':'color,brand,undeclared','maxValuesPerFacet':1," + "'facetFilters':['color:red']}");
        assertThat(limited.get("facets").toString()).isEqualTo("{\"color\":{\"red\":2}}");
        assertThat(f.search("{}").has("facets")).isFalse();
        assertThat(f.search("{'facets':['color'],'sortFacetValuesBy':'alpha'}")
                        .get("facets")
                        .get("color")
                        .toString())
                .isEqualTo("{\"blue\":1,\"green\":1,\"red\":2}");
    }

    @Test
    void distinctKeepsTheBestRecordsOfEachGroup() {
        Fixture f = new Fixture()
                .settings("{'attributeForDistinct':'sku','customRanking':['desc(score)'],"
                        + "'attributesForFaceting':['sku']}")
                .records(
                        "{'objectID':'a1','sku':'A','score':1,'t':'shirt'}",
                        "{'objectID':'a2','sku':'A','score':3,'t':'shirt'}",
                        "{'objectID':'b1','sku':'B','score':2,'t':'shirt'}",
                        "{'objectID':'a3','sku':'A','score':2,'t':'shirt'}",
                        "{'objectID':'none','t':'shirt'}");
        assertThat(f.ids("{'query':'shirt'}")).containsExactly("a2", "b1", "a3", "a1", "none");
        ObjectNode distinct = f.search("{'query':'shirt','distinct':true,'facets':['sku']}");
        assertThat(distinct.get("hits"))
                .extracting(h -> h.get("objectID").asString())
                .containsExactly("a2", "b1", "none");
        assertThat(distinct.get("nbHits").asInt()).isEqualTo(3);
        assertThat(distinct.get("facets").get("sku").get("A").asInt()).isEqualTo(3);
        assertThat(f.ids("{'query':'shirt','distinct':2}")).containsExactly("a2", "b1", "a3", "none");
        assertThat(f.search("{'distinct':2,'facets':['sku'],'facetingAfterDistinct':true}")
                        .get("facets")
                        .get("sku")
                        .get("A")
                        .asInt())
                .isEqualTo(2);
        f.settings("{'attributeForDistinct':'sku','distinct':1}");
        assertThat(f.ids("{}")).containsExactly("a1", "b1", "none");
        assertThat(f.ids("{'distinct':false}")).hasSize(5);
    }

    @Test
    void strictModeRejectsUnknownParameters() {
        Fixture f = numbered(1);
        assertThat(f.search("{'noSuchParameter':1}").get("nbHits").asInt()).isEqualTo(1);
        SearchEngine strict = new SearchEngine(SearchEngine.UnknownParameters.REFUSED);
        assertThatThrownBy(() -> strict.search(
                        f.data, f.config(), Fixture.json("{'noSuchParameter':1}"), SearchContext.unrestricted("t")))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("noSuchParameter");
        assertThatThrownBy(() -> strict.search(
                        f.data, f.config(), Fixture.json("{'params':'nope=1'}"), SearchContext.unrestricted("t")))
                .isInstanceOf(EngineException.class);
    }
}
