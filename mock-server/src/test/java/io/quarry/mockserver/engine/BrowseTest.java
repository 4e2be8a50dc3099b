package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class BrowseTest {

    private static Fixture manyRecords(int count) {
        Fixture fixture = new Fixture();
        fixture.data.write(w -> {
            for (int i = 0; i < count; i++) {
                w.put(Fixture.json("{'objectID':'r" + i + "','rank':" + (i % 7) + ",'even':" + (i % 2 == 0)
                        + ",'title':'item " + i + "'}"));
            }
            return null;
        });
        return fixture;
    }

    private static ObjectNode browse(Fixture fixture, ObjectNode request) {
        return fixture.engine.browsePage(fixture.data, fixture.config(), request, SearchContext.unrestricted("t"));
    }

    @Test
    void browsesToTheEndThroughTheCursor() {
        Fixture fixture = manyRecords(2500);
        List<String> seen = new ArrayList<>();
        ObjectNode response = browse(fixture, Fixture.json("{}"));
        assertThat(response.get("hits")).hasSize(1000);
        assertThat(response.get("nbHits").asInt()).isEqualTo(2500);
        assertThat(response.get("nbPages").asInt()).isEqualTo(3);
        int calls = 1;
        response.get("hits").forEach(h -> seen.add(h.get("objectID").asString()));
        while (response.has("cursor") && calls < 10) {
            // The GET form carries the cursor in the query string.
            ObjectNode next = Fixture.JSON
                    .createObjectNode()
                    .put("params", "cursor=" + response.get("cursor").asString());
            response = browse(fixture, next);
            response.get("hits").forEach(h -> seen.add(h.get("objectID").asString()));
            calls++;
        }
        assertThat(calls).isEqualTo(3);
        assertThat(response.has("cursor")).isFalse();
        assertThat(response.get("page").asInt()).isEqualTo(2);
        assertThat(seen).hasSize(2500).doesNotHaveDuplicates();
        assertThat(seen.get(0)).isEqualTo("r0");
    }

    @Test
    void appliesFiltersQueryAndCustomRankingOnly() {
        Fixture fixture = manyRecords(1200);
        fixture.settings("{'customRanking':['desc(rank)'],'attributesForFaceting':['even']}");
        ObjectNode first = browse(fixture, Fixture.json("{'params':'filters=even%3Atrue&hitsPerPage=200'}"));
        assertThat(first.get("nbHits").asInt()).isEqualTo(600);
        List<Integer> ranks = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        ObjectNode response = first;
        for (int calls = 0; calls < 10; calls++) {
            for (JsonNode hit : response.get("hits")) {
                ranks.add(hit.get("rank").asInt());
                ids.add(hit.get("objectID").asString());
                assertThat(hit.get("even").asBoolean()).isTrue();
            }
            if (!response.has("cursor")) {
                break;
            }
            response = browse(
                    fixture,
                    Fixture.JSON
                            .createObjectNode()
                            .put("cursor", response.get("cursor").asString()));
        }
        assertThat(ids).hasSize(600);
        assertThat(ranks).isSortedAccordingTo((a, b) -> b - a);
        ObjectNode query = browse(fixture, Fixture.json("{'query':'item 11'}"));
        assertThat(query.get("hits"))
                .extracting(h -> h.get("objectID").asString())
                .contains("r11", "r110");
    }

    @Test
    void aCursorSurvivesWritesBetweenCalls() {
        Fixture fixture = manyRecords(1500);
        ObjectNode first = browse(fixture, Fixture.json("{'hitsPerPage':1000}"));
        fixture.data.write(w -> {
            w.remove("r1200");
            w.put(Fixture.json("{'objectID':'late','title':'late'}"));
            return null;
        });
        ObjectNode second = browse(
                fixture,
                Fixture.JSON
                        .createObjectNode()
                        .put("cursor", first.get("cursor").asString()));
        List<String> ids = new ArrayList<>();
        second.get("hits").forEach(h -> ids.add(h.get("objectID").asString()));
        assertThat(ids).hasSize(500).doesNotContain("r1200", "r999").contains("r1000", "late");
    }

    @Test
    void rejectsBadCursorsAndPageSizes() {
        Fixture fixture = manyRecords(3);
        assertThatThrownBy(() -> browse(fixture, Fixture.json("{'cursor':'not a cursor'}")))
                .isInstanceOf(EngineException.class)
                .hasMessage("Invalid cursor");
        assertThatThrownBy(() -> browse(fixture, Fixture.json("{'hitsPerPage':1001}")))
                .isInstanceOf(EngineException.class);
        assertThat(browse(fixture, Fixture.json("{}")).has("cursor")).isFalse();
        assertThatThrownBy(() -> browse(fixture, Fixture.json("{'params':'cursor=abc'}")))
                .isInstanceOf(EngineException.class)
                .hasMessage("Invalid cursor");
    }
}
