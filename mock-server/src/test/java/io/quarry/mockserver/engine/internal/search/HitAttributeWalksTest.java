package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.internal.index.RecordStore;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A hit's attributes to highlight and to snippet are found in one walk of the hit each, whatever the count of names:
 * one walk per snippet entry made 50,000 entries over 40 hits of 100 members visit 200 million members. The search
 * counts its walks' visits in a counter of this test's own.
 */
class HitAttributeWalksTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int HITS = 40;
    private static final int MEMBERS = 100;
    private static final int NAMES = 50_000;

    private static ObjectNode json(String text) {
        return (ObjectNode) JSON.readTree(text.replace('\'', '"'));
    }

    @Test
    void eachHitIsWalkedOnceForItsHighlightsAndOnceForItsSnippets() {
        StringBuilder members = new StringBuilder();
        for (int i = 0; i < MEMBERS; i++) {
            members.append(",'q").append(i).append("':'red fox'");
        }
        RecordStore store = new RecordStore();
        for (int r = 0; r < HITS; r++) {
            store.put(json("{'objectID':'" + r + "'" + members + "}"));
        }
        StringBuilder highlights = new StringBuilder();
        StringBuilder snippets = new StringBuilder();
        for (int i = 0; i < NAMES; i++) {
            String comma = i == 0 ? "" : ",";
            highlights.append(comma).append("'q").append(i).append('\'');
            snippets.append(comma)
                    .append("'q")
                    .append(i)
                    .append(':')
                    .append(1 + i % 50)
                    .append('\'');
        }
        ObjectNode request = json("{'query':'fox','hitsPerPage':" + HITS + ",'attributesToHighlight':[" + highlights
                + "],'attributesToSnippet':[" + snippets + "]}");
        SearchOptions options = new SearchOptions(
                RequestParams.parse(request, null, SearchOptions.SEARCH_PARAMETERS, true), JSON.createObjectNode());
        LongAdder visits = new LongAdder();
        SearchExecutor search = new SearchExecutor(
                options, new SynonymSet(List.of()), List.of(), 0, false, false, RuleSet.Outcome.NONE, visits::add);

        JsonNode hits = search.search(store).get("hits");

        assertThat(hits.size()).isEqualTo(HITS);
        assertThat(hits.get(0).get("_snippetResult").get("q1").get("value").asString())
                .isEqualTo("red <em>fox</em>");
        assertThat(hits.get(0).get("_highlightResult").size()).isEqualTo(MEMBERS);
        // a walk for highlights and one for snippets: a few walks of each hit, never one per name
        assertThat(visits.sum()).isPositive().isLessThanOrEqualTo(5L * HITS * (MEMBERS + 1));
    }
}
