package io.quarry.mockserver.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Under a task delay, the tasks waiting for publication are bounded: a write that changes nothing still makes a task,
 * so a loop of them under a long delay grew the waiting tasks (and the heap) without end.
 */
class TaskLogBoundsTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));

    @Test
    void pastTheMostWaitingTheOldestArePublishedEarly() {
        TaskLog tasks = new TaskLog(clock, Duration.ofHours(1));
        long first = tasks.record();
        for (int i = 1; i < TaskLog.MAX_WAITING + 10; i++) {
            tasks.record();
        }

        List<long[]> waiting = tasks.pending(Integer.MAX_VALUE);
        assertThat(waiting).hasSize(TaskLog.MAX_WAITING);
        assertThat(waiting.get(0)[0]).isEqualTo(first + 10);
        assertThat(tasks.isPublished(first + 9)).as("published early").isTrue();
        assertThat(tasks.isPublished(first + 10)).isFalse();
        assertThat(tasks.isPublished(tasks.lastId())).isFalse();
        assertThat(tasks.isPublished(tasks.lastId() + 1)).as("no such task").isNull();

        clock.advance(Duration.ofHours(1));
        assertThat(tasks.isPublished(tasks.lastId())).isTrue();
        assertThat(tasks.pending(Integer.MAX_VALUE)).isEmpty();
    }

    @Test
    void tasksArePublishedInTurnAsTheClockPasses() {
        TaskLog tasks = new TaskLog(clock, Duration.ofSeconds(5));
        long first = tasks.record();
        clock.advance(Duration.ofSeconds(3));
        long second = tasks.record();
        assertThat(tasks.pending(10)).extracting(task -> task[0]).containsExactly(first, second);

        clock.advance(Duration.ofSeconds(2));
        long third = tasks.record();
        assertThat(tasks.isPublished(first)).isTrue();
        assertThat(tasks.isPublished(second)).isFalse();
        assertThat(tasks.pending(10)).extracting(task -> task[0]).containsExactly(second, third);
        clock.advance(Duration.ofSeconds(5));
        assertThat(tasks.isPublished(third)).isTrue();
        assertThat(tasks.pending(10)).isEmpty();
    }

    @Test
    void withoutADelayEveryTaskIsPublishedAtOnce() {
        TaskLog tasks = new TaskLog(clock, Duration.ZERO);
        long first = tasks.record();
        assertThat(tasks.isPublished(first)).isTrue();
        assertThat(tasks.pending(10)).isEmpty();
        assertThat(tasks.isPublished(first - 1)).isNull();
    }
}
