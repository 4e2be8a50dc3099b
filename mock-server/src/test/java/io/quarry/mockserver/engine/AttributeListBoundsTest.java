package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import tools.jackson.databind.JsonNode;

/**
 * Long attribute lists in settings and parameters cost a search time linear in their length: each attribute is
 * looked up by name, never compared with every other one (40,000 searchable attributes took 10 s, 40,000 facets
 * 22 s); the searchable attributes' reads are counted by {@code SearchableAttributesReadsTest}, the faceting
 * declarations' by {@code FacetDeclarationReadsTest}. That a hit's
 * attributes to highlight or snippet are found in one walk of the hit, not one per name, is counted by
 * {@code HitAttributeWalksTest}.
 */
class AttributeListBoundsTest {

    private static final int COUNT = 50_000;

    private static String names(String prefix) {
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < COUNT; i++) {
            names.append(i == 0 ? "" : ",")
                    .append('\'')
                    .append(prefix)
                    .append(i)
                    .append('\'');
        }
        return names.toString();
    }

    @Test
    @Timeout(value = 120, threadMode = ThreadMode.SEPARATE_THREAD) // a hang guard: SearchableAttributesReadsTest counts
    void manySearchableAttributesAreLookedUpByName() {
        Fixture fixture = new Fixture()
                .records("{'objectID':'1','title':'red fox','a7':{'b':'red'}}", "{'objectID':'2','other':'red'}")
                .settings("{'searchableAttributes':[" + names("a") + ",'title']}");
        JsonNode response = fixture.search("{'query':'red','restrictSearchableAttributes':[" + names("a") + "]}");
        assertThat(response.get("nbHits").asInt()).as("a7 covers a7.b").isEqualTo(1);
        assertThat(fixture.ids("{'query':'red'}")).containsExactly("1");
    }

    @Test
    @Timeout(value = 120, threadMode = ThreadMode.SEPARATE_THREAD) // a hang guard: FacetDeclarationReadsTest counts
    void manyFacetsAreLookedUpByName() {
        Fixture fixture = new Fixture()
                .records("{'objectID':'1','f9':'red','g':'x'}", "{'objectID':'2','f9':'blue'}")
                .settings("{'attributesForFaceting':[" + names("f") + ",'*']}");
        JsonNode facets =
                fixture.search("{'facets':[" + names("f") + ",'*','*','g']}").get("facets");
        assertThat(facets.get("f9").size()).isEqualTo(2);
        assertThat(facets.get("g").toString()).as("declared by *").isEqualTo("{\"x\":1}");
    }
}
