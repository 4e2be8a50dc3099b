package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AsyncSenderTest {

    @Test
    void runsNoMoreThanTheMaximumAtOnceAndEveryTryInTheEnd() throws InterruptedException {
        AsyncSender sender = new AsyncSender(3);
        AtomicInteger now = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicInteger started = new AtomicInteger();
        CountDownLatch threeStarted = new CountDownLatch(3);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(20);
        for (int i = 0; i < 20; i++) {
            sender.send(() -> {
                most.accumulateAndGet(now.incrementAndGet(), Math::max);
                started.incrementAndGet();
                threeStarted.countDown();
                await(release);
                now.decrementAndGet();
                done.countDown();
            });
        }
        assertThat(threeStarted.await(5, TimeUnit.SECONDS)).isTrue();
        // every try was handed over or queued before send returned, and the three running are held until the
        // release, so no thread is free to take another: 17 wait, and none but the three has started
        assertThat(sender.running()).isEqualTo(3);
        assertThat(sender.waiting()).isEqualTo(17);
        assertThat(started.get()).isEqualTo(3);
        assertThat(most.get()).isEqualTo(3);
        release.countDown();
        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(most.get()).isEqualTo(3);
        sender.close();
    }

    @Test
    void waitingTriesStartInTheOrderTheyCame() throws InterruptedException {
        AsyncSender sender = new AsyncSender(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> order = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(6);
        sender.send(() -> {
            await(release);
            done.countDown();
        });
        for (int i = 0; i < 5; i++) {
            int n = i;
            sender.send(() -> {
                order.add(n);
                done.countDown();
            });
        }
        release.countDown();
        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(order).containsExactly(0, 1, 2, 3, 4);
        sender.close();
    }

    @Test
    void runsOnDaemonThreadsNamedForQuarry() throws InterruptedException {
        AsyncSender sender = new AsyncSender(2);
        CountDownLatch done = new CountDownLatch(1);
        List<Thread> threads = new CopyOnWriteArrayList<>();
        sender.send(() -> {
            threads.add(Thread.currentThread());
            done.countDown();
        });
        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(threads.get(0).isDaemon()).isTrue();
        assertThat(threads.get(0).getName()).startsWith("Quarry async ");
        sender.close();
    }

    @Test
    void afterCloseATryRunsOnTheCallingThread() {
        AsyncSender sender = new AsyncSender(2);
        sender.close();
        List<Thread> threads = new CopyOnWriteArrayList<>();
        sender.send(() -> threads.add(Thread.currentThread()));
        assertThat(threads).containsExactly(Thread.currentThread());
        assertThat(sender.running()).isZero();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
