package io.quarry.mockserver.internal.state;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every task of the application. IDs are int64, strictly increasing across the application, and start above
 * {@link Integer#MAX_VALUE} so a client that truncates them to 32 bits fails visibly. A task is
 * {@code notPublished} until the task delay has elapsed on the clock, then {@code published}. Only tasks still
 * waiting are remembered, 8 bytes each, so millions of writes cost no memory here; and at most
 * {@value #MAX_WAITING} wait at once: past that, the oldest is published early (a write that changes nothing still
 * makes a task, so under a long delay a loop of them grew the waiting tasks without end).
 */
public final class TaskLog {

    /** The first task ID handed out. */
    static final long FIRST_TASK_ID = 4_294_967_296L;

    /** The most tasks waiting for their publication at once. */
    public static final int MAX_WAITING = 100_000;

    private final AtomicLong nextId = new AtomicLong(FIRST_TASK_ID);
    private final Clock clock;
    private final long delayMillis;
    /** When each waiting task is published, by its ID's place: the tasks from {@code firstWaiting} on, in a ring. */
    private long[] publishAtMillis = new long[0];

    private long firstWaiting = FIRST_TASK_ID;
    private int start;
    private int waiting;

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
        if (delayMillis == 0) {
            return nextId.getAndIncrement();
        }
        synchronized (this) {
            long now = clock.millis();
            forgetPublished(now);
            if (waiting == MAX_WAITING) {
                drop(1);
            }
            // every ID is taken under this lock, so the waiting tasks are the IDs from firstWaiting on, in order
            long id = nextId.getAndIncrement();
            if (waiting == 0) {
                firstWaiting = id;
            }
            if (waiting == publishAtMillis.length) {
                grow();
            }
            // saturated: a sum past Long.MAX_VALUE would turn negative and publish the task at once
            publishAtMillis[(start + waiting) % publishAtMillis.length] =
                    now > Long.MAX_VALUE - delayMillis ? Long.MAX_VALUE : now + delayMillis;
            waiting++;
            return id;
        }
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
        long publishAt = publishAt(taskId);
        return publishAt == Long.MIN_VALUE || clock.millis() >= publishAt;
    }

    /**
     * {@return the tasks not yet published, oldest first, each as its ID and when it is published (epoch
     *     milliseconds)}
     *
     * @param max the most to return
     */
    public synchronized List<long[]> pending(int max) {
        long now = clock.millis();
        List<long[]> found = new ArrayList<>();
        for (int i = 0; i < waiting && found.size() < max; i++) {
            long publishAt = publishAtMillis[(start + i) % publishAtMillis.length];
            if (publishAt > now) {
                found.add(new long[] {firstWaiting + i, publishAt});
            }
        }
        return found;
    }

    /** {@return the ID of the last task recorded, or 0 when none was} */
    public long lastId() {
        long next = nextId.get();
        return next == FIRST_TASK_ID ? 0 : next - 1;
    }

    /** {@return when it is published, or {@link Long#MIN_VALUE} when it no longer waits} */
    private synchronized long publishAt(long taskId) {
        long place = taskId - firstWaiting;
        return place < 0 || place >= waiting
                ? Long.MIN_VALUE
                : publishAtMillis[(int) ((start + place) % publishAtMillis.length)];
    }

    /** Drops the oldest tasks once published: a task before {@code firstWaiting} is published. */
    private void forgetPublished(long now) {
        int published = 0;
        while (published < waiting && publishAtMillis[(start + published) % publishAtMillis.length] <= now) {
            published++;
        }
        drop(published);
    }

    private void drop(int count) {
        if (count > 0) {
            start = (start + count) % publishAtMillis.length;
            firstWaiting += count;
            waiting -= count;
        }
    }

    private void grow() {
        long[] larger = new long[Math.min(MAX_WAITING, Math.max(16, publishAtMillis.length * 2))];
        for (int i = 0; i < waiting; i++) {
            larger[i] = publishAtMillis[(start + i) % publishAtMillis.length];
        }
        publishAtMillis = larger;
        start = 0;
    }
}
