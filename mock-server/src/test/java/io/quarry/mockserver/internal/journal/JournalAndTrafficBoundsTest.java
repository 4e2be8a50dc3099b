package io.quarry.mockserver.internal.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.wire.CloseReason;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.ApiKeys;
import io.quarry.mockserver.internal.state.KeyDefinition;
import io.quarry.mockserver.testing.MutableClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** However many requests come, the journal keeps its last 1,000 (bodies cut) and the counters their 600 seconds. */
class JournalAndTrafficBoundsTest {

    private final MutableClock clock = new MutableClock(Instant.ofEpochMilli(1_800_000_000_000L));
    private final AnswerJournal journal = new AnswerJournal(clock, null);

    @Test
    void theJournalKeepsTheLastThousandAnswersWithBodiesCut() {
        byte[] large = "x".repeat(100_000).getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 5_000; i++) {
            journal.written(request("/1/indexes/i" + i + "/query", large), null, 200, large, null, 0, 1_000);
        }
        assertThat(journal.size()).isEqualTo(AnswerJournal.CAPACITY);
        var kept = journal.newestFirst(entry -> true, Integer.MAX_VALUE);
        assertThat(kept).hasSize(AnswerJournal.CAPACITY);
        assertThat(kept.get(0).seq()).isEqualTo(5_000);
        assertThat(kept.get(kept.size() - 1).seq()).isEqualTo(4_001);
        assertThat(journal.find(4_000)).as("dropped").isNull();
        assertThat(kept).allSatisfy(entry -> {
            assertThat(entry.requestStart()).hasSize(AnswerJournal.BODY_CHARS);
            assertThat(entry.responseStart()).hasSize(AnswerJournal.BODY_CHARS);
            assertThat(entry.requestBytes()).isEqualTo(100_000);
        });
    }

    @Test
    void answersAreRecordedWhileTheConsoleFiltersTheJournal() throws Exception {
        journal.written(request("/1/indexes/a/query", new byte[0]), null, 200, new byte[0], null, 0, 1);
        CountDownLatch filtering = new CountDownLatch(1);
        CountDownLatch recorded = new CountDownLatch(1);
        Thread console = new Thread(() -> journal.newestFirst(
                entry -> {
                    filtering.countDown();
                    try {
                        return recorded.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return false;
                    }
                },
                10));
        console.start();
        assertThat(filtering.await(30, TimeUnit.SECONDS)).isTrue();
        Thread answering = new Thread(() -> {
            journal.written(request("/1/indexes/b/query", new byte[0]), null, 200, new byte[0], null, 0, 1);
            recorded.countDown();
        });
        answering.start();
        // a bound far past what it distinguishes: recording waits for nothing, or for the filter's 30 s
        assertThat(recorded.await(20, TimeUnit.SECONDS))
                .as("an answer is recorded while a filter runs over the journal")
                .isTrue();
        console.join();
        answering.join();
        assertThat(journal.size()).isEqualTo(2);
    }

    @Test
    void aLongPathAndItsQueryAreCutToWhatTheJournalShows() {
        String path = "/1/indexes/" + "p".repeat(600) + "/query";
        journal.written(
                new Request("POST", path, "a=" + "q".repeat(100), Map.of(), new byte[0]),
                null,
                200,
                new byte[0],
                null,
                0,
                1);
        journal.written(
                new Request("POST", "/1/indexes/a/query", "b=" + "q".repeat(600), Map.of(), new byte[0]),
                null,
                200,
                new byte[0],
                null,
                0,
                1);
        JournaledAnswer longPath = journal.find(1);
        assertThat(longPath.rawPath()).hasSize(AnswerJournal.PATH_CHARS);
        assertThat(longPath.rawQuery()).isNull();
        JournaledAnswer longQuery = journal.find(2);
        assertThat(longQuery.rawPath().length() + 1 + longQuery.rawQuery().length())
                .isEqualTo(AnswerJournal.PATH_CHARS);
    }

    @Test
    void theCountersKeepTenMinutesOfSecondsAndChartTheEightBusiestIndices() {
        for (int second = 0; second < 3 * Traffic.SECONDS; second++) {
            for (int i = 0; i < 20; i++) {
                journal.written(
                        request("/1/indexes/i" + i + "/query", new byte[0]),
                        null,
                        200,
                        new byte[0],
                        null,
                        0,
                        1_000_000);
            }
            clock.advance(Duration.ofSeconds(1));
        }
        JsonNode series = journal.traffic().series(clock.millis() - 1_000, Traffic.SECONDS + 100, name -> true);
        assertThat(series.get("seconds")).hasSize(Traffic.SECONDS);
        assertThat(series.get("byStatus").get("2xx"))
                .allSatisfy(count -> assertThat(count.asInt()).isEqualTo(20));
        assertThat(series.get("byIndex").size()).isEqualTo(Traffic.LINES);
        assertThat(series.get("p50Ms").get(0).asDouble()).isBetween(0.8, 1.25);
    }

    @Test
    void aKeyRestrictedToAnIndexSeesItsLineWhenOtherIndicesCameFirstInEachSecond() {
        for (int second = 0; second < 3; second++) {
            for (int i = 0; i < 20; i++) {
                for (int op = 0; op <= i; op++) { // index i19 busiest, i0 least
                    journal.written(
                            request("/1/indexes/i" + i + "/query", new byte[0]),
                            null,
                            200,
                            new byte[0],
                            null,
                            0,
                            1_000);
                }
            }
            clock.advance(Duration.ofSeconds(1));
        }
        JsonNode series = journal.traffic().series(clock.millis() - 1_000, 3, "i15"::equals);
        assertThat(series.get("byIndex").properties())
                .singleElement()
                .satisfies(line -> assertThat(line.getKey()).isEqualTo("i15"));
        assertThat(series.get("byIndex").get("i15")).extracting(JsonNode::asInt).containsExactly(16, 16, 16);
    }

    @Test
    void indicesPastTheBoundOfASecondAreCountedTogetherAndLongNamesCut() {
        journal.traffic().record(clock.millis(), 200, 1, "n".repeat(5_000));
        journal.traffic().record(clock.millis(), 200, 1, "n".repeat(5_000)); // busier than each of the others
        for (int i = 0; i < Traffic.INDICES_PER_SECOND + 5; i++) { // 31 by name, 6 past the bound
            journal.written(request("/1/indexes/i" + i + "/query", new byte[0]), null, 200, new byte[0], null, 0, 1);
        }
        JsonNode series = journal.traffic().series(clock.millis(), 1);
        assertThat(series.get("byIndex").get(Traffic.OTHER_INDICES))
                .extracting(JsonNode::asInt)
                .containsExactly(6);
        assertThat(series.get("byIndex").get("n".repeat(Traffic.NAME_CHARS) + Traffic.CUT))
                .isNotNull();
    }

    @Test
    void aKeyRestrictedToAnIndexOfALongNameSeesItsOwnLine() {
        ApiKeys keys = new ApiKeys(clock);
        AnswerJournal listing = new AnswerJournal(clock, keys);
        String start = "catalogue-".repeat(15); // 150 characters
        String own = start + "mine";
        createKey(keys, "{\"acl\": [\"logs\"], \"indexes\": [\"" + own + "\"]}");
        count(listing, start + "theirs");
        count(listing, start + "theirs");
        count(listing, own);

        JsonNode byIndex =
                listing.traffic().series(clock.millis(), 1, own::equals).get("byIndex");

        assertThat(byIndex.propertyNames())
                .as("its line alone, by its whole name")
                .containsExactly(own);
        assertThat(byIndex.get(own))
                .as("not the index whose name starts alike")
                .extracting(JsonNode::asInt)
                .containsExactly(1);
    }

    @Test
    void anIndexAKeyWithTheLogsRightListsKeepsItsLineHoweverManyOthersCameFirstInItsSecond() {
        ApiKeys keys = new ApiKeys(clock);
        AnswerJournal listing = new AnswerJournal(clock, keys);
        createKey(keys, "{\"acl\": [\"logs\"], \"indexes\": [\"late\", \" shop-* \"]}");
        createKey(keys, "{\"acl\": [\"search\"], \"indexes\": [\"unread\"]}"); // cannot read the charts
        for (int i = 0; i < 40; i++) {
            count(listing, "busy-" + i);
        }
        for (int i = 0; i < Traffic.INDICES_PER_SECOND + 3; i++) {
            count(listing, "shop-" + i);
        }
        count(listing, "late");
        count(listing, "late");
        count(listing, "unread");
        JsonNode series = listing.traffic().series(clock.millis(), 1);
        JsonNode byIndex = series.get("byIndex");
        Traffic shown = listing.traffic();
        assertThat(shown.series(clock.millis(), 1, "late"::equals)
                        .get("byIndex")
                        .get("late"))
                .as("listed by name: its own line past the first 32 of the second")
                .extracting(JsonNode::asInt)
                .containsExactly(2);
        assertThat(shown.series(clock.millis(), 1, name -> name.startsWith("shop-"))
                        .get("byIndex")
                        .size())
                .isEqualTo(Traffic.LINES);
        assertThat(shown.series(clock.millis(), 1, "shop-31"::equals)
                        .get("byIndex")
                        .get("shop-31"))
                .as("a pattern names 32 indices a second past the first 32")
                .isNotNull();
        assertThat(shown.series(clock.millis(), 1, "shop-32"::equals)
                        .get("byIndex")
                        .get("shop-32"))
                .as("and no more: the memory a second takes is bounded by the keys' lists")
                .isNull();
        assertThat(byIndex.get(Traffic.OTHER_INDICES))
                .as("8 busy indices past the first 32, 3 shop indices past the pattern's 32, and one listed by a key"
                        + " without the logs right")
                .extracting(JsonNode::asInt)
                .containsExactly(12);
    }

    @Test
    void aKeyCreatedLaterHasItsIndexNamedFromThenOn() {
        ApiKeys keys = new ApiKeys(clock);
        AnswerJournal listing = new AnswerJournal(clock, keys);
        for (int i = 0; i < Traffic.INDICES_PER_SECOND; i++) {
            count(listing, "busy-" + i);
        }
        count(listing, "late");
        createKey(keys, "{\"acl\": [\"logs\", \"search\"], \"indexes\": [\"late\"]}");
        count(listing, "late");
        assertThat(listing.traffic()
                        .series(clock.millis(), 1, "late"::equals)
                        .get("byIndex")
                        .get("late"))
                .extracting(JsonNode::asInt)
                .containsExactly(1);
    }

    private static void createKey(ApiKeys keys, String definition) {
        keys.create(KeyDefinition.fromJson((ObjectNode) Json.parse(definition), null), null);
    }

    private static void count(AnswerJournal journal, String index) {
        journal.written(request("/1/indexes/" + index + "/query", new byte[0]), null, 200, new byte[0], null, 0, 1);
    }

    @Test
    void percentilesComeFromTheDurationsOfTheSecond() {
        for (int i = 0; i < 99; i++) {
            journal.written(request("/1/indexes/a/query", new byte[0]), null, 200, new byte[0], null, 0, 2_000_000);
        }
        journal.written(request("/1/indexes/a/query", new byte[0]), null, 503, new byte[0], null, 0, 900_000_000);
        journal.written(request("/1/indexes/a/query", new byte[0]), null, 0, new byte[0], null, 0, 900_000_000);
        JsonNode series = journal.traffic().series(clock.millis(), 1, name -> true);
        assertThat(series.get("p50Ms").get(0).asDouble()).isBetween(1.6, 2.5);
        assertThat(series.get("p99Ms").get(0).asDouble()).isGreaterThan(700.0);
        assertThat(series.get("byStatus").get("5xx").get(0).asInt()).isEqualTo(1);
        assertThat(series.get("byStatus").get("none").get(0).asInt()).isEqualTo(1);
    }

    @Test
    void connectionsClosedWithoutAnAnswerAreCountedByReasonAndAsNoAnswerWhenARequestWasUnderWay() {
        journal.closedUnanswered(CloseReason.IDLE, 0);
        journal.closedUnanswered(CloseReason.ANSWER_FAILED, 0);
        journal.closedUnanswered(CloseReason.CLIENT_GONE, 1);
        journal.closedUnanswered(CloseReason.CLIENT_GONE, 0);
        JsonNode series = journal.traffic().series(clock.millis(), 1, name -> true);
        JsonNode unanswered = series.get("unanswered");
        assertThat(unanswered.propertyNames()).containsExactlyInAnyOrder("IDLE", "CLIENT_GONE", "ANSWER_FAILED");
        assertThat(unanswered.get("CLIENT_GONE").get(0).asInt()).isEqualTo(2);
        assertThat(unanswered.get("IDLE").get(0).asInt()).isEqualTo(1);
        // an idle connection had no request to answer
        assertThat(series.get("byStatus").get("none").get(0).asInt()).isEqualTo(3);
    }

    /**
     * The cost per request is bounded whatever the bodies' size: about 90 bytes and the kept starts of the bodies
     * (measured 4,135 bytes with bodies of 80 KB, 224 with bodies of 17 and 79 bytes, on JDK 17).
     */
    @Test
    void recordingAnAnswerAllocatesAFewKilobytesWhateverItsSize() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        byte[] large = "x".repeat(80_000).getBytes(StandardCharsets.UTF_8);
        Request request = request("/1/indexes/products/query", large);
        int count = 2_000;
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < count; i++) {
            journal.written(request, null, 200, large, null, 0, 1_000_000);
        }
        long perRequest = (threads.getCurrentThreadAllocatedBytes() - before) / count;
        assertThat(perRequest).isLessThan(8 * 1024);
    }

    private static Request request(String path, byte[] body) {
        String index = path.split("/")[3];
        return new Request("POST", path, null, Map.of(), body).withPathParams(Map.of("indexName", index));
    }
}
