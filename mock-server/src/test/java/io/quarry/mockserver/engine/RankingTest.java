package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class RankingTest {

    @Test
    void fewerTyposFirst() {
        Fixture f = new Fixture().records("{'objectID':'typo','t':'hause'}", "{'objectID':'exact','t':'house'}");
        assertThat(f.ids("{'query':'house '}")).containsExactly("exact", "typo");
    }

    @Test
    void moreMatchedWordsFirstWhenWordsAreOptional() {
        Fixture f = new Fixture()
                .records(
                        "{'objectID':'one','t':'red car'}",
                        "{'objectID':'two','t':'red fast car'}",
                        "{'objectID':'none','t':'blue bike'}");
        assertThat(f.ids("{'query':'red fast car'}")).containsExactly("two");
        assertThat(f.ids("{'query':'red fast car','optionalWords':['fast']}")).containsExactly("two", "one");
        assertThat(f.ids("{'query':'red fast car','optionalWords':'fast,car'}")).containsExactly("two", "one");
        JsonNode info = f.search("{'query':'red fast car','optionalWords':['fast'],'getRankingInfo':true}")
                .get("hits")
                .get(1)
                .get("_rankingInfo");
        assertThat(info.get("words").asInt()).isEqualTo(2);
    }

    @Test
    void removeWordsIfNoResults() {
        Fixture f = new Fixture().records("{'objectID':'car','t':'red car'}", "{'objectID':'bike','t':'blue bike'}");
        assertThat(f.ids("{'query':'red car zzz'}")).isEmpty();
        assertThat(f.ids("{'query':'red car zzz','removeWordsIfNoResults':'lastWords'}"))
                .containsExactly("car");
        assertThat(f.ids("{'query':'zzz blue bike','removeWordsIfNoResults':'firstWords'}"))
                .containsExactly("bike");
        assertThat(f.ids("{'query':'zzz blue bike','removeWordsIfNoResults':'lastWords'}"))
                .isEmpty();
        assertThat(f.ids("{'query':'red bike','removeWordsIfNoResults':'allOptional'}"))
                .containsExactlyInAnyOrder("car", "bike");
        assertThatThrownBy(() -> f.search("{'query':'x y','removeWordsIfNoResults':'some'}"))
                .isInstanceOf(EngineException.class);
    }

    @Test
    void closerWordsFirst() {
        Fixture f = new Fixture()
                .records("{'objectID':'far','t':'red big old heavy shoes'}", "{'objectID':'near','t':'red shoes'}");
        assertThat(f.ids("{'query':'red shoes'}")).containsExactly("near", "far");
    }

    @Test
    void betterAttributeFirstAndEarlierPositionInOrderedAttributes() {
        Fixture f = new Fixture()
                .settings("{'searchableAttributes':['title','description']}")
                .records(
                        "{'objectID':'inDescription','title':'other','description':'apple'}",
                        "{'objectID':'late','title':'green fresh apple','description':'x'}",
                        "{'objectID':'early','title':'apple pie','description':'x'}");
        assertThat(f.ids("{'query':'apple'}")).containsExactly("early", "late", "inDescription");
        f.settings("{'searchableAttributes':['unordered(title)','description']}");
        assertThat(f.ids("{'query':'apple'}")).containsExactly("late", "early", "inDescription");
    }

    @Test
    void equalRankAttributesShareARank() {
        Fixture f = new Fixture()
                .settings("{'searchableAttributes':['title,alt','body']}")
                .records("{'objectID':'body','body':'apple'}", "{'objectID':'alt','alt':'apple'}");
        assertThat(f.ids("{'query':'apple'}")).containsExactly("alt", "body");
        JsonNode info = f.search("{'query':'apple','getRankingInfo':true}")
                .get("hits")
                .get(0)
                .get("_rankingInfo");
        assertThat(info.get("firstMatchedWord").asInt()).isZero();
    }

    @Test
    void exactWordsBeforePrefixMatches() {
        Fixture f = new Fixture().records("{'objectID':'prefix','t':'phones'}", "{'objectID':'exact','t':'phone'}");
        assertThat(f.ids("{'query':'phone'}")).containsExactly("exact", "prefix");
        Fixture whole =
                new Fixture().records("{'objectID':'partOf','t':'phone case'}", "{'objectID':'whole','t':'phone'}");
        assertThat(whole.ids("{'query':'phone'}")).containsExactly("whole", "partOf");
        assertThat(whole.ids("{'query':'phone','exactOnSingleWordQuery':'word'}"))
                .containsExactly("partOf", "whole");
    }

    @Test
    void customRankingBreaksTiesThenInsertionOrder() {
        Fixture f = new Fixture()
                .settings("{'customRanking':['desc(popularity)','asc(name)']}")
                .records(
                        "{'objectID':'1','t':'shoe','popularity':5,'name':'b'}",
                        "{'objectID':'2','t':'shoe','popularity':9,'name':'z'}",
                        "{'objectID':'3','t':'shoe','popularity':5,'name':'a'}",
                        "{'objectID':'4','t':'shoe'}",
                        "{'objectID':'5','t':'shoe','popularity':5,'name':'a'}",
                        "{'objectID':'6','t':'shoes','popularity':100}");
        assertThat(f.ids("{'query':'shoe'}")).containsExactly("2", "3", "5", "1", "4", "6");
        assertThat(f.ids("{}")).containsExactly("6", "2", "3", "5", "1", "4");
    }

    @Test
    void rankingSettingIsHonouredIncludingAttributeSorts() {
        Fixture f = new Fixture()
                .settings("{'ranking':['desc(price)','typo','words','proximity','attribute'," + "'exact','custom']}")
                .records(
                        "{'objectID':'cheapExact','t':'house','price':1}",
                        "{'objectID':'dearTypo','t':'hause','price':9}");
        assertThat(f.ids("{'query':'house '}")).containsExactly("dearTypo", "cheapExact");
    }

    @Test
    void resultsAreDeterministic() {
        Fixture f = new Fixture()
                .records("{'objectID':'c','t':'same'}", "{'objectID':'a','t':'same'}", "{'objectID':'b','t':'same'}");
        assertThat(f.ids("{'query':'same'}")).containsExactly("c", "a", "b");
        f.records("{'objectID':'c','t':'same again'}");
        assertThat(f.ids("{'query':'same'}")).containsExactly("a", "b", "c");
    }

    @Test
    void rankingInfoHasTheFieldsOfTheSpec() {
        Fixture f = new Fixture().records("{'objectID':'1','t':'red big shoes'}");
        JsonNode info = f.search("{'query':'red shoos','getRankingInfo':true}")
                .get("hits")
                .get(0)
                .get("_rankingInfo");
        assertThat(info.propertyNames())
                .contains(
                        "nbTypos",
                        "firstMatchedWord",
                        "proximityDistance",
                        "userScore",
                        "geoDistance",
                        "geoPrecision",
                        "nbExactWords");
        assertThat(info.get("nbTypos").asInt()).isEqualTo(1);
        assertThat(info.get("proximityDistance").asInt()).isEqualTo(2);
        assertThat(info.get("nbExactWords").asInt()).isEqualTo(1);
        assertThat(info.get("userScore").asInt()).isEqualTo(1);
    }
}
