package io.quarry.mockserver.internal.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.ApiKeys;
import io.quarry.mockserver.internal.state.KeyDefinition;
import io.quarry.mockserver.testing.MutableClock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Index names longer than the charts keep, and the restrictions of secured keys, in the per-index counters. */
class TrafficLongNamesTest {

    private static final String LONG = "catalogue_" + "x".repeat(140);

    private final MutableClock clock = new MutableClock(Instant.ofEpochMilli(1_800_000_000_000L));
    private final ApiKeys keys = new ApiKeys(clock);
    private final AnswerJournal journal = new AnswerJournal(clock, keys);

    @Test
    void anIndexOfALongNameThatAKeyListsIsChartedWholeForThatKey() {
        createKey("{\"acl\": [\"logs\"], \"indexes\": [\"" + LONG + "\"]}");
        count(LONG);
        count(LONG);
        JsonNode byIndex =
                journal.traffic().series(clock.millis(), 1, LONG::equals).get("byIndex");
        assertThat(byIndex.get(LONG)).extracting(JsonNode::asInt).containsExactly(2);
    }

    @Test
    void anIndexOfALongNameThatAKeysPatternMatchesIsChartedWholeForThatKey() {
        createKey("{\"acl\": [\"logs\"], \"indexes\": [\"catalogue_*\"]}");
        count(LONG);
        JsonNode byIndex = journal.traffic()
                .series(clock.millis(), 1, name -> name.startsWith("catalogue_"))
                .get("byIndex");
        assertThat(byIndex.get(LONG)).extracting(JsonNode::asInt).containsExactly(1);
    }

    @Test
    void theStartOfALongNameNoKeyListsIsChartedApartAndForKeysThatSeeEveryIndexOnly() {
        String start = LONG.substring(0, Traffic.NAME_CHARS);
        createKey("{\"acl\": [\"logs\"], \"indexes\": [\"" + start + "\"]}");
        count(start);
        for (int i = 0; i < 5; i++) {
            count(LONG); // its start is an index the key may see, the whole name another the key may not
        }
        JsonNode restricted =
                journal.traffic().series(clock.millis(), 1, start::equals).get("byIndex");
        assertThat(restricted.propertyNames()).containsExactly(start);
        assertThat(restricted.get(start)).extracting(JsonNode::asInt).containsExactly(1);
        JsonNode every = journal.traffic().series(clock.millis(), 1).get("byIndex");
        assertThat(every.get(start + Traffic.CUT)).extracting(JsonNode::asInt).containsExactly(5);
        assertThat(every.get(start)).extracting(JsonNode::asInt).containsExactly(1);
    }

    @Test
    void theOtherIndicesCountedTogetherAreChartedForKeysThatSeeEveryIndexOnly() {
        for (int i = 0; i < Traffic.INDICES_PER_SECOND + Traffic.LINES; i++) {
            count("busy-" + i); // the others, those past the first 32, the busiest line
        }
        assertThat(journal.traffic()
                        .series(clock.millis(), 1, name -> true)
                        .get("byIndex")
                        .has(Traffic.OTHER_INDICES))
                .as("a key whose pattern would match the bucket's name")
                .isFalse();
        assertThat(journal.traffic().series(clock.millis(), 1).get("byIndex").has(Traffic.OTHER_INDICES))
                .isTrue();
    }

    @Test
    void aSecuredKeysRestrictionIsChartedPastTheFirst32OnceItReadsTheCharts() {
        createKey("{\"acl\": [\"logs\"]}"); // its parent lists no index
        journal.traffic().watchedBy(List.of("mine", " ", "shop-*"));
        for (int i = 0; i < Traffic.INDICES_PER_SECOND; i++) {
            count("busy-" + i);
        }
        count("mine");
        count("shop-1");
        count("unwatched");
        count("unwatched"); // the busiest line, no list naming it
        JsonNode byIndex = journal.traffic()
                .series(clock.millis(), 1, name -> name.equals("mine") || name.startsWith("shop-"))
                .get("byIndex");
        assertThat(byIndex.propertyNames()).containsExactlyInAnyOrder("mine", "shop-1");
        assertThat(journal.traffic().series(clock.millis(), 1).get("byIndex").get(Traffic.OTHER_INDICES))
                .as("an index no list names, past the first 32")
                .extracting(JsonNode::asInt)
                .containsExactly(2);
    }

    @Test
    void onlyTheLastSecuredKeysToReadTheChartsAreListed() {
        journal.traffic().watchedBy(List.of("first"));
        for (int i = 0; i < ListedIndices.WATCHERS; i++) {
            journal.traffic().watchedBy(List.of("later-" + i));
        }
        for (int i = 0; i < Traffic.INDICES_PER_SECOND; i++) {
            count("busy-" + i);
        }
        count("first");
        count("later-0");
        JsonNode byIndex = journal.traffic()
                .series(clock.millis(), 1, name -> !name.startsWith("busy-"))
                .get("byIndex");
        assertThat(byIndex.propertyNames()).containsExactly("later-0");
    }

    @Test
    void aSecuredKeysRestrictionIsListedItsFirstEntriesOnly() {
        List<String> restriction = new java.util.ArrayList<>();
        for (int i = 0; i <= ListedIndices.WATCHED_ENTRIES; i++) {
            restriction.add("w-" + i);
        }
        journal.traffic().watchedBy(restriction);
        for (int i = 0; i < Traffic.INDICES_PER_SECOND; i++) {
            count("busy-" + i);
        }
        String last = "w-" + (ListedIndices.WATCHED_ENTRIES - 1);
        String past = "w-" + ListedIndices.WATCHED_ENTRIES;
        count(last);
        count(past);
        JsonNode byIndex = journal.traffic()
                .series(clock.millis(), 1, name -> name.startsWith("w-"))
                .get("byIndex");
        assertThat(byIndex.propertyNames())
                .as("what a secured key makes the counters keep is bounded, however long its list")
                .containsExactly(last);
    }

    private void createKey(String definition) {
        keys.create(KeyDefinition.fromJson((ObjectNode) Json.parse(definition), null), null);
    }

    private void count(String index) {
        journal.written(
                new Request("POST", "/1/indexes/" + index + "/query", null, Map.of(), new byte[0])
                        .withPathParams(Map.of("indexName", index)),
                null,
                200,
                new byte[0],
                null,
                0,
                1);
    }
}
