package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class FacetValueSearchTest {

    private final Fixture fixture = new Fixture()
            .settings("{'attributesForFaceting':['searchable(brand)','category']}")
            .records(
                    "{'objectID':'1','brand':'Samsung Galaxy','category':'phone','title':'big phone'}",
                    "{'objectID':'2','brand':'Samsung Galaxy','category':'phone','title':'small phone'}",
                    "{'objectID':'3','brand':'Apple','category':'phone','title':'big phone'}",
                    "{'objectID':'4','brand':'Sony','category':'tv','title':'big screen'}",
                    "{'objectID':'5','brand':'Sàmsonite','category':'bag','title':'big bag'}");

    private ObjectNode sffv(String facet, String request) {
        return fixture.engine.searchForFacetValues(
                fixture.data, fixture.config(), facet, Fixture.json(request), SearchContext.unrestricted("t"));
    }

    @Test
    void prefixMatchesNormalisedValuesAndCountsThem() {
        ObjectNode response = sffv("brand", "{'facetQuery':'sam'}");
        assertThat(response.get("facetHits")).hasSize(2);
        assertThat(response.get("facetHits").get(0).get("value").asString()).isEqualTo("Samsung Galaxy");
        assertThat(response.get("facetHits").get(0).get("count").asInt()).isEqualTo(2);
        assertThat(response.get("facetHits").get(0).get("highlighted").asString())
                .isEqualTo("<em>Sam</em>sung Galaxy");
        assertThat(response.get("facetHits").get(1).get("highlighted").asString())
                .isEqualTo("<em>Sàm</em>sonite");
        assertThat(sffv("brand", "{'facetQuery':'gal'}").get("facetHits")).hasSize(1);
        assertThat(response.get("exhaustiveFacetsCount").asBoolean()).isTrue();
    }

    @Test
    void countsUnderTheOtherParameters() {
        ObjectNode response = sffv("brand", "{'params':'query=big&filters=category%3Aphone','facetQuery':''}");
        assertThat(response.get("facetHits"))
                .extracting(
                        h -> h.get("value").asString() + "=" + h.get("count").asInt())
                .containsExactly("Apple=1", "Samsung Galaxy=1");
        assertThat(sffv("brand", "{'maxFacetHits':1}").get("facetHits")).hasSize(1);
    }

    @Test
    void refusesFacetsThatAreNotSearchableAndBadLimits() {
        assertThatThrownBy(() -> sffv("category", "{}"))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("searchable(category)");
        assertThatThrownBy(() -> sffv("title", "{}")).isInstanceOf(EngineException.class);
        assertThatThrownBy(() -> sffv("brand", "{'maxFacetHits':0}")).isInstanceOf(EngineException.class);
        assertThatThrownBy(() -> sffv("brand", "{'maxFacetHits':101}")).isInstanceOf(EngineException.class);
        assertThat(sffv("brand", "{'maxFacetHits':100}").get("facetHits")).hasSize(4);
    }
}
