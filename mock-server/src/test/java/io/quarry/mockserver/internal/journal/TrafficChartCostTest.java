package io.quarry.mockserver.internal.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What one refresh of the console's charts costs the server when every second of the window named other indices of
 * long names no key lists: the most the seconds keep (32 a second for ten minutes, 19,200 names). Counted, not timed.
 */
class TrafficChartCostTest {

    private final MutableClock clock = new MutableClock(Instant.ofEpochMilli(1_800_000_000_000L));
    private final AnswerJournal journal = new AnswerJournal(clock, null);

    /**
     * A refresh made a series of every second for each name seen in the window (19,200 arrays of 600 longs: 96
     * MB measured on JDK 17) before choosing the eight it draws; it now totals each name, then makes the eight series
     * alone (2.7 MB: the map of totals and the answer's nodes).
     */
    @Test
    void aRefreshMakesTheSeriesOfTheLinesItDrawsAloneHoweverManyIndicesTheSecondsNamed() {
        for (int second = 0; second < Traffic.SECONDS; second++) {
            for (int i = 0; i < Traffic.INDICES_PER_SECOND; i++) {
                // a name per second and index, unlisted and longer than the charts keep: each its own line
                String name = String.format("run_%04d_index_%02d_", second, i) + "x".repeat(200);
                journal.traffic().record(clock.millis(), 200, 1_000, name);
            }
            clock.advance(Duration.ofSeconds(1));
        }
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        journal.traffic().series(clock.millis() - 1_000, Traffic.SECONDS); // classes loaded, not counted
        long before = threads.getCurrentThreadAllocatedBytes();
        ObjectNode series = journal.traffic().series(clock.millis() - 1_000, Traffic.SECONDS);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(allocated)
                .as("bytes allocated by one refresh: %,d", allocated)
                .isLessThan(12L * 1024 * 1024);
        JsonNode byIndex = series.get("byIndex");
        assertThat(byIndex.size()).isEqualTo(Traffic.LINES);
        assertThat(byIndex.propertyNames())
                .allSatisfy(name -> assertThat(name).hasSize(Traffic.NAME_CHARS + Traffic.CUT.length()));
        // the answer is read every second: its size is set by the window and the lines, not by the names seen
        assertThat(Json.bytes(series).length).as("bytes of the answer").isLessThan(64 * 1024);
    }
}
