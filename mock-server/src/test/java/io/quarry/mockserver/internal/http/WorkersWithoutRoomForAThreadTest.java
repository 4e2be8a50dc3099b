package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.Eventually;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request waiting for a turn when the system has no room for one more thread (its thread or memory limits reached
 * for a moment) is still run, and the turn it held is given back.
 */
@Timeout(30)
class WorkersWithoutRoomForAThreadTest {

    /** Whether making a thread fails, as {@link Thread#start()} does when the system has no room for a thread. */
    private final AtomicBoolean noRoom = new AtomicBoolean();

    private final Workers workers = new Workers(1, 16, task -> {
        // the factory fails, not Thread.start(): from JDK 21 on, a pool starts its threads without calling an
        // overridden start(), and the failure would not be simulated there
        if (noRoom.get()) {
            throw new OutOfMemoryError("unable to create native thread: possibly out of memory");
        }
        return new Thread(task);
    });

    @AfterEach
    void stop() {
        workers.close();
    }

    @Test
    void theWaitingRequestRunsOnTheThreadThatFreedItsTurn() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch waitingRan = new CountDownLatch(1);
        // the first handler holds the only turn, on the thread that offered it (as a connection's thread does)
        Thread connection = new Thread(() -> workers.offer(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        connection.start();
        Eventually.waitUntil("the first handler runs", () -> workers.busy() == 1);
        assertThat(workers.offer(waitingRan::countDown)).isTrue();
        assertThat(workers.queued()).isEqualTo(1);

        noRoom.set(true);
        release.countDown();

        Eventually.waitUntil("the waiting handler ran", () -> waitingRan.getCount() == 0);
        Eventually.waitUntil("the turn given back", () -> workers.busy() == 0 && workers.queued() == 0);
        connection.join();
    }
}
