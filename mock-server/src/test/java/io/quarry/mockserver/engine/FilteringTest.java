package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FilteringTest {

    private final Fixture fixture = new Fixture()
            .settings("{'attributesForFaceting':['category','filterOnly(brand)','searchable(color)','inStock',"
                    + "'author.name']}")
            .records(
                    "{'objectID':'1','category':'Book','brand':'Acme','color':['Red','Blue'],'price':10,"
                            + "'inStock':true,'_tags':['new','Sale'],'author':{'name':'Ann'},'nodeclared':'x'}",
                    "{'objectID':'2','category':'book','brand':'Zeta','color':['Green'],'price':20,'inStock':false,"
                            + "'_tags':['old']}",
                    "{'objectID':'3','category':'Movie','brand':'Acme','color':['Red'],'price':30,'inStock':true,"
                            + "'author':{'name':'Bob'}}",
                    "{'objectID':'4','category':'Électronique','price':[5,50]}");

    private List<String> filters(String filters) {
        tools.jackson.databind.node.ObjectNode request =
                Fixture.JSON.createObjectNode().put("filters", filters);
        List<String> ids = new java.util.ArrayList<>();
        fixture.engine
                .search(fixture.data, fixture.config(), request, SearchContext.unrestricted("t"))
                .get("hits")
                .forEach(h -> ids.add(h.get("objectID").asString()));
        return ids;
    }

    @Test
    void facetValuesIgnoreCaseAndAccents() {
        assertThat(filters("category:book")).containsExactly("1", "2");
        assertThat(filters("category:electronique")).containsExactly("4");
        assertThat(filters("brand:acme")).containsExactly("1", "3");
        assertThat(filters("author.name:Ann")).containsExactly("1");
        assertThat(filters("color:\"red\"")).containsExactly("1", "3");
    }

    @Test
    void aFacetValueMatchesTheSameRecordsAloneInAnOrGroupAndNegated() {
        // The dotless i and the long s fold to themselves, not to i and s (which case-insensitive equality
        // would equate them with), so a filter alone (narrowed by its words) agrees with its OR and NOT forms.
        Fixture f = new Fixture()
                .settings("{'attributesForFaceting':['name']}")
                .records(
                        "{'objectID':'dotless','name':'\u0131'}",
                        "{'objectID':'upper','name':'I'}",
                        "{'objectID':'long','name':'\u017f'}",
                        "{'objectID':'s','name':'s'}");
        assertThat(f.ids("{'filters':'name:i'}")).containsExactly("upper");
        assertThat(f.ids("{'filters':'name:i OR name:s'}")).containsExactly("upper", "s");
        assertThat(f.ids("{'filters':'NOT name:i'}")).containsExactly("dotless", "long", "s");
        assertThat(f.ids("{'facetFilters':[['name:\u0131','name:x']]}")).containsExactly("dotless");
        assertThat(f.ids("{'facetFilters':['name:-\u017f']}")).containsExactly("dotless", "upper", "s");
    }

    @Test
    void aValueDifferingInVowelSignsMatchesTheSameRecordsAloneInAnOrGroupAndNegated() {
        // Marks fold away, so कतब names the value किताब; alone, the filter was narrowed by the word कतब, which
        // the index did not hold when it cut words at spacing marks.
        Fixture f = new Fixture()
                .settings("{'attributesForFaceting':['word']}")
                .records("{'objectID':'kitab','word':'\u0915\u093f\u0924\u093e\u092c'}", "{'objectID':'z','word':'z'}");
        assertThat(f.ids("{'filters':'word:\u0915\u0924\u092c'}")).containsExactly("kitab");
        assertThat(f.ids("{'filters':'word:\u0915\u0924\u092c OR word:z'}")).containsExactly("kitab", "z");
        assertThat(f.ids("{'filters':'NOT word:\u0915\u0924\u092c'}")).containsExactly("z");
    }

    @Test
    void numbersAreDecimalTextOnly() {
        // Java reads 7f, 5d, NaN and 0x1p3 as numbers; a filter does not.
        Fixture f = new Fixture()
                .settings("{'attributesForFaceting':['code']}")
                .records(
                        "{'objectID':'seven','code':7,'price':5}",
                        "{'objectID':'hex','code':'7f','price':50}",
                        "{'objectID':'half','code':'7.50','price':7.5}");
        assertThat(f.ids("{'filters':'code:7f'}")).containsExactly("hex");
        assertThat(f.ids("{'facetFilters':['code:7f']}")).containsExactly("hex");
        assertThat(f.ids("{'filters':'code:7.0 OR code:7.50'}")).containsExactly("seven", "half");
        assertThat(f.ids("{'filters':'price < 1e1 AND price > -.5'}")).containsExactly("seven", "half");
        for (String number : List.of("5d", "7f", "0x1p3", "NaN", "Infinity", "1e400")) {
            assertThatThrownBy(() -> f.search("{'filters':'price < " + number + "'}"))
                    .isInstanceOf(EngineException.class)
                    .hasMessageEndingWith("expected a number");
            assertThatThrownBy(() -> f.search("{'numericFilters':['price:1 TO " + number + "']}"))
                    .isInstanceOf(EngineException.class);
        }
    }

    @Test
    void arraysOfObjectsAreFilteredAndCountedByPath() {
        Fixture f = new Fixture()
                .settings("{'attributesForFaceting':['variants.color']}")
                .records(
                        "{'objectID':'a','variants':[{'color':'red','size':1},{'color':'blue','size':2}]}",
                        "{'objectID':'b','variants':[{'color':'green','size':3}]}");
        assertThat(f.ids("{'filters':'variants.color:blue'}")).containsExactly("a");
        assertThat(f.ids("{'filters':'variants.size = 2'}")).containsExactly("a");
        assertThat(f.search("{'facets':['variants.color']}")
                        .get("facets")
                        .get("variants.color")
                        .size())
                .isEqualTo(3);
    }

    @Test
    void undeclaredAttributesMatchNothing() {
        assertThat(filters("nodeclared:x")).isEmpty();
        assertThat(filters("NOT nodeclared:x")).containsExactly("1", "2", "3", "4");
    }

    @Test
    void numericComparisonsAndRangesWorkOnAnyNumericAttribute() {
        assertThat(filters("price < 20")).containsExactly("1", "4");
        assertThat(filters("price <= 20")).containsExactly("1", "2", "4");
        assertThat(filters("price = 30")).containsExactly("3");
        assertThat(filters("price != 30")).containsExactly("1", "2", "4");
        assertThat(filters("price >= 30")).containsExactly("3", "4");
        assertThat(filters("price > 30")).containsExactly("4");
        assertThat(filters("price:10 TO 20")).containsExactly("1", "2");
        assertThat(filters("NOT price:10 TO 20")).containsExactly("3", "4");
        assertThat(filters("price:30")).containsExactly("3");
    }

    @Test
    void numericFiltersAndSortsFollowWritesAndCompaction() {
        Fixture f = new Fixture().settings("{'customRanking':['asc(price)']}");
        f.data.write(w -> {
            for (int i = 0; i < 2000; i++) {
                w.put(Fixture.json("{'objectID':'r" + i + "','price':" + i + "}"));
            }
            return null;
        });
        assertThat(f.ids("{'filters':'price < 2','hitsPerPage':5}")).containsExactly("r0", "r1");
        f.records("{'objectID':'r1999','price':-1}", "{'objectID':'r0','price':'free'}");
        assertThat(f.ids("{'filters':'price < 2','hitsPerPage':5}")).containsExactly("r1999", "r1");
        // Replacing most records compacts the store and renumbers every record.
        f.data.write(w -> {
            for (int i = 2; i < 1900; i++) {
                w.put(Fixture.json("{'objectID':'r" + i + "','price':" + (5000 - i) + "}"));
            }
            return null;
        });
        assertThat(f.ids("{'filters':'price > 4000','hitsPerPage':3}")).containsExactly("r999", "r998", "r997");
        assertThat(f.ids("{'hitsPerPage':3}")).containsExactly("r1999", "r1", "r1900");
    }

    @Test
    void booleansTagsAndCombinations() {
        assertThat(filters("inStock:true")).containsExactly("1", "3");
        assertThat(filters("inStock:false")).containsExactly("2");
        assertThat(filters("_tags:new")).containsExactly("1");
        assertThat(filters("sale")).isEmpty();
        assertThat(filters("Sale OR old")).containsExactly("1", "2");
        assertThat(filters("brand:Acme AND (category:Movie OR category:Book)")).containsExactly("1", "3");
        assertThat(filters("price < 25 AND NOT category:Book")).containsExactly("4");
        assertThat(filters("(color:Red OR color:Green) AND price > 10")).containsExactly("2", "3");
    }

    @Test
    void facetFiltersAreAndsOfOrGroupsWithNegation() {
        assertThat(fixture.ids("{'facetFilters':['brand:Acme','color:Blue']}")).containsExactly("1");
        assertThat(fixture.ids("{'facetFilters':[['category:Movie','category:Book']]}"))
                .containsExactly("1", "2", "3");
        assertThat(fixture.ids("{'facetFilters':'brand:-Acme'}")).containsExactly("2", "4");
        assertThat(fixture.ids("{'facetFilters':'category:Book'}")).containsExactly("1", "2");
        assertThat(fixture.ids("{'params':'facetFilters=brand:Acme,category:Movie'}"))
                .containsExactly("3");
        assertThat(fixture.ids("{'params':'facetFilters=%5B%5B%22color%3AGreen%22%2C%22color%3ABlue%22%5D%5D'}"))
                .containsExactly("1", "2");
    }

    @Test
    void numericAndTagFiltersArrays() {
        // Each condition may be met by a different element of an array: [5, 50] passes both.
        assertThat(fixture.ids("{'numericFilters':['price>=10','price<=20']}")).containsExactly("1", "2", "4");
        assertThat(fixture.ids("{'numericFilters':[['price=10','price=30']]}")).containsExactly("1", "3");
        assertThat(fixture.ids("{'numericFilters':'price:25 TO 35'}")).containsExactly("3");
        assertThat(fixture.ids("{'tagFilters':[['new','old']]}")).containsExactly("1", "2");
        assertThat(fixture.ids("{'tagFilters':['-new']}")).containsExactly("2", "3", "4");
        assertThat(fixture.ids("{'params':'tagFilters=(new,old)'}")).containsExactly("1", "2");
        assertThat(fixture.ids("{'params':'tagFilters=Sale,(new,old)'}")).containsExactly("1");
        assertThat(fixture.ids("{'params':'facetFilters=(category:Movie,brand:Zeta),color:Red'}"))
                .containsExactly("3");
    }

    @Test
    void everyFilterParameterIsAndedWithTheKeysFilters() {
        assertThat(fixture.ids("{'filters':'price < 25','facetFilters':['brand:Acme'],'tagFilters':['new']}"))
                .containsExactly("1");
        ObjectNodeSearch restricted = request -> fixture.engine.search(
                fixture.data,
                fixture.config(),
                Fixture.json(request),
                new SearchContext("t", Fixture.json("{}"), List.of("brand:Acme"), 0, false));
        assertThat(restricted.search("{'filters':'price > 15'}").get("nbHits").asInt())
                .isEqualTo(1);
    }

    @Test
    void refusesMalformedFiltersWith400() {
        assertThatThrownBy(() -> filters("(a:1 AND b:2) OR c:3"))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("filter combination not supported");
        assertThatThrownBy(() -> fixture.search("{'numericFilters':['price']}")).isInstanceOf(EngineException.class);
        assertThatThrownBy(() -> fixture.search("{'facetFilters':['novalue']}")).isInstanceOf(EngineException.class);
        assertThatThrownBy(() -> fixture.search("{'facetFilters':[[1]]}")).isInstanceOf(EngineException.class);
    }

    private interface ObjectNodeSearch {
        tools.jackson.databind.node.ObjectNode search(String request);
    }
}
