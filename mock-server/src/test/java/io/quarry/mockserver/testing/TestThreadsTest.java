package io.quarry.mockserver.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A test's own threads: named after it, interrupted when it ends, and failing it when one runs on. */
@Timeout(60)
class TestThreadsTest {

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    @Test
    void eachTaskRunsOnAThreadNamedAfterTheTest() throws Exception {
        CountDownLatch bothRunning = new CountDownLatch(2);
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> nameOnceBothRun(bothRunning), threads);
        CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> nameOnceBothRun(bothRunning), threads);

        // two tasks at once, each on its own thread: neither waits for the other's
        assertThat(first.get(30, TimeUnit.SECONDS))
                .startsWith("TestThreadsTest.eachTaskRunsOnAThreadNamedAfterTheTest() #")
                .isNotEqualTo(second.get(30, TimeUnit.SECONDS));
    }

    @Test
    void aTaskStillWaitingWhenTheTestEndsIsInterruptedAndTheTestPasses() throws Exception {
        TestThreads own = new TestThreads(Duration.ofSeconds(30));
        own.named("waiting");
        CountDownLatch never = new CountDownLatch(1);
        CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
        own.execute(() -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                interrupted.complete(true);
            }
        });

        own.end();

        assertThat(interrupted).isCompletedWithValue(true);
        assertThat(own.isTerminated()).isTrue();
    }

    @Test
    void aTaskThatRunsOnAfterItsTestFailsTheTestAndSaysWhere() throws Exception {
        TestThreads own = new TestThreads(Duration.ofMillis(100));
        own.named("leaky");
        CountDownLatch letGo = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        own.execute(() -> {
            started.countDown();
            awaitUninterruptibly(letGo);
        });
        assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
        try {
            assertThatThrownBy(own::end)
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("a task of leaky still ran 100 ms after the test ended")
                    .hasMessageContaining("leaky #1")
                    .hasMessageContaining("awaitUninterruptibly");
        } finally {
            letGo.countDown();
        }
    }

    @Test
    void aTestInstanceSharedByItsClassGetsNewThreadsForEachTest() throws Exception {
        TestThreads own = new TestThreads(Duration.ofSeconds(30));
        own.named("first");
        own.end();

        own.named("second");

        assertThat(CompletableFuture.supplyAsync(() -> Thread.currentThread().getName(), own)
                        .get(30, TimeUnit.SECONDS))
                .isEqualTo("second #1");
        own.end();
    }

    private static String nameOnceBothRun(CountDownLatch bothRunning) {
        bothRunning.countDown();
        awaitUninterruptibly(bothRunning);
        return Thread.currentThread().getName();
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
