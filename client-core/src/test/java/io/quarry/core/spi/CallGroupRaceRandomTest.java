package io.quarry.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@link CallGroup} whose calls are made, answered and cancelled from several threads at once, at seeded random:
 * once the group's future is cancelled, no call the group made is left in flight (each was answered or cancelled),
 * and the group makes no call afterwards. The calls are plain futures: what is checked is the group's bookkeeping,
 * the race between a call being made and the cancel.
 */
@Timeout(10)
class CallGroupRaceRandomTest {

    private static final long SEED = 20_261_129_2L;
    private static final int ROUNDS = 20;

    @Test
    void aCancelledGroupLeavesNoCallInFlightAndMakesNoOther() throws Exception {
        Random random = new Random(SEED);
        for (int round = 0; round < ROUNDS; round++) {
            String what = "round " + round + " (seed " + SEED + ")";
            CallGroup group = new CallGroup(Runnable::run, Runnable::run);
            CompletableFuture<Object> helper = group.resultOf(new CompletableFuture<>(), () -> {});
            ConcurrentLinkedQueue<CompletableFuture<Object>> made = new ConcurrentLinkedQueue<>();
            int threads = 2 + random.nextInt(3);
            int callsEach = 1 + random.nextInt(30);
            long[] seeds = random.longs(threads).toArray();
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> callers = IntStream.range(0, threads)
                    .mapToObj(t -> new Thread(() -> makeCalls(group, made, callsEach, seeds[t], start)))
                    .toList();
            callers.forEach(Thread::start);
            int cancelAfter = random.nextInt(threads * callsEach + 1);
            start.countDown();
            while (made.size() < cancelAfter && callers.stream().anyMatch(Thread::isAlive)) {
                Thread.onSpinWait();
            }
            assertThat(helper.cancel(random.nextBoolean())).as(what).isTrue();
            for (Thread caller : callers) {
                caller.join();
            }

            assertThat(made).as(what + ": no call left in flight").allMatch(CompletableFuture::isDone);
            AtomicInteger later = new AtomicInteger();
            CompletableFuture<Object> refused = group.call(() -> {
                later.incrementAndGet();
                return new CompletableFuture<>();
            });
            assertThat(refused).as(what + ": a call asked for after the cancel").isCancelled();
            assertThat(later).as(what + ": calls made after the cancel").hasValue(0);
        }
    }

    /** Makes calls one after another, answering some of them at once, as a helper's chain would. */
    private static void makeCalls(
            CallGroup group,
            ConcurrentLinkedQueue<CompletableFuture<Object>> made,
            int calls,
            long seed,
            CountDownLatch start) {
        Random random = new Random(seed);
        try {
            start.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        for (int i = 0; i < calls; i++) {
            int work = random.nextInt(2_000); // making a call takes a while: a cancel may come meanwhile
            CompletableFuture<Object> call = group.call(() -> {
                CompletableFuture<Object> future = new CompletableFuture<>();
                made.add(future);
                for (int spin = 0; spin < work; spin++) {
                    Thread.onSpinWait();
                }
                return future;
            });
            if (random.nextBoolean()) {
                call.complete("answer");
            }
        }
    }
}
