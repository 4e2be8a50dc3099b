package io.quarry.mockserver.internal.state;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every task of the application. IDs are int64, strictly increasing across the application, and start above
 * {@link Integer#MAX_VALUE} so a client that truncates them to 32 bits fails visibly. A task is
 * {@code notPublished} until the task delay has elapsed on the clock, then {@code published}. Only tasks still
 * waiting are remembered, so millions of writes cost no memory here.
 */
public final class TaskLog {

    /** The first task ID handed out. */
    static final long FIRST_TASK_ID = 4_294_967_296L;

    private final AtomicLong nextId = new AtomicLong(FIRST_TASK_ID);
    private final ConcurrentHashMap<Long, Long> publishAtMillis = new ConcurrentHashMap<>();
    private final Queue<Long> waiting = new ConcurrentLinkedQueue<>();
    private final Clock clock;
    private final long delayMillis;

    /**
     * @param clock the clock that decides publication
     * @param delay how long a task stays notPublished
     */
    public TaskLog(Clock clock, Duration delay) {
        this.clock = clock;
        // a delay past what a long counts in milliseconds is one no test outlives: no task is ever published
        this.delayMillis = delay.compareTo(Duration.ofMillis(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : delay.toMillis();
    }

    /**
     * Records a task whose write has just been applied.
     *
     * @return its ID
     */
    public long record() {
        long id = nextId.getAndIncrement();
        if (delayMillis > 0) {
            long now = clock.millis();
            // saturated: a sum past Long.MAX_VALUE would turn negative and publish the task at once
            publishAtMillis.put(id, now > Long.MAX_VALUE - delayMillis ? Long.MAX_VALUE : now + delayMillis);
            waiting.add(id);
            forgetPublished(now);
        }
        return id;
    }

    /**
     * {@return whether it is published; {@code null} when no such task exists}
     *
     * @param taskId a task ID
     */
    public Boolean isPublished(long taskId) {
        if (taskId < FIRST_TASK_ID || taskId >= nextId.get()) {
            return null;
        }
        Long publishAt = publishAtMillis.get(taskId);
        return publishAt == null || clock.millis() >= publishAt;
    }

    /**
     * {@return the tasks not yet published, oldest first, each as its ID and when it is published (epoch
     *     milliseconds)}
     *
     * @param max the most to return
     */
    public List<long[]> pending(int max) {
        long now = clock.millis();
        List<long[]> found = new ArrayList<>();
        for (Long id : waiting) {
            Long publishAt = publishAtMillis.get(id);
            if (publishAt != null && publishAt > now) {
                found.add(new long[] {id, publishAt});
                if (found.size() == max) {
                    break;
                }
            }
        }
        return found;
    }

    /** {@return the ID of the last task recorded, or 0 when none was} */
    public long lastId() {
        long next = nextId.get();
        return next == FIRST_TASK_ID ? 0 : next - 1;
    }

    /** Drops the oldest tasks once published: a task absent from the map is published. */
    private void forgetPublished(long now) {
        for (Long head = waiting.peek(); head != null; head = waiting.peek()) {
            Long publishAt = publishAtMillis.get(head);
            if (publishAt != null && publishAt > now) {
                return;
            }
            if (waiting.remove(head)) {
                publishAtMillis.remove(head);
            }
        }
    }
}
