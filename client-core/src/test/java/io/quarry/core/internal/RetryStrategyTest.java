package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.CallType;
import io.quarry.core.Host;
import io.quarry.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RetryStrategyTest {

    private static final Host READ = Host.of("https://app-dsn.example.net", CallType.READ);
    private static final Host WRITE = Host.of("https://app.example.net", CallType.WRITE);
    private static final Host FALLBACK_1 = Host.of("https://app-1.example.com");
    private static final Host FALLBACK_2 = Host.of("https://app-2.example.com");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final RetryStrategy strategy =
            new RetryStrategy(List.of(READ, WRITE, FALLBACK_1, FALLBACK_2), clock, Duration.ofMinutes(5));

    @Test
    void readCallsUseReadAndFallbackHostsAndWriteCallsUseWriteAndFallbackHosts() {
        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(READ, FALLBACK_1, FALLBACK_2);
        assertThat(strategy.hostsFor(CallType.WRITE)).containsExactly(WRITE, FALLBACK_1, FALLBACK_2);
    }

    @Test
    void downHostIsSkippedDuringItsTtlAndTriedAgainAfter() {
        assertThat(strategy.onNetworkFailure(READ, false)).isEqualTo(RetryStrategy.Verdict.RETRY);
        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(FALLBACK_1, FALLBACK_2);

        clock.advance(Duration.ofMinutes(4).plusSeconds(59));
        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(FALLBACK_1, FALLBACK_2);

        clock.advance(Duration.ofSeconds(1));
        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(READ, FALLBACK_1, FALLBACK_2);
        assertThat(strategy.isUp(READ)).isTrue();
    }

    @Test
    void aTtlOfCenturiesKeepsTheHostLastWithoutOverflowingTheClock() {
        // the failure's time plus this TTL is past Instant.MAX: it threw DateTimeException on the next call
        RetryStrategy forever = new RetryStrategy(List.of(READ, FALLBACK_1), clock, Duration.ofSeconds(Long.MAX_VALUE));
        forever.onNetworkFailure(READ, false);
        clock.advance(Duration.ofDays(365 * 100));
        assertThat(forever.hostsFor(CallType.READ)).containsExactly(FALLBACK_1);
        assertThat(forever.isUp(READ)).isFalse();
    }

    @Test
    void aWallClockSetBackEndsTheTtlsOfEarlierFailures() {
        strategy.onNetworkFailure(READ, false);
        strategy.onNetworkFailure(FALLBACK_1, true);
        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(FALLBACK_2, FALLBACK_1);

        // a clock that ran an hour ahead is corrected: the failures now seem an hour in the future
        clock.advance(Duration.ofHours(-1));
        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(READ, FALLBACK_1, FALLBACK_2);
        assertThat(strategy.isUp(READ)).isTrue();
        assertThat(strategy.timeout(FALLBACK_1, Duration.ofSeconds(5))).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void serverErrorMarksTheHostDownAndRetries() {
        assertThat(strategy.onStatus(FALLBACK_1, 503)).isEqualTo(RetryStrategy.Verdict.RETRY);
        assertThat(strategy.isUp(FALLBACK_1)).isFalse();
        assertThat(strategy.hostsFor(CallType.WRITE)).containsExactly(WRITE, FALLBACK_2);
    }

    @Test
    void clientErrorStopsTheCallAndKeepsTheHostUp() {
        assertThat(strategy.onStatus(READ, 404)).isEqualTo(RetryStrategy.Verdict.FAIL);
        assertThat(strategy.onStatus(READ, 429)).isEqualTo(RetryStrategy.Verdict.FAIL);
        assertThat(strategy.onStatus(READ, 400)).isEqualTo(RetryStrategy.Verdict.FAIL);
        assertThat(strategy.isUp(READ)).isTrue();
    }

    @Test
    void timeoutKeepsTheHostUpAndGrowsItsTimeoutUntilASuccessResetsIt() {
        Duration base = Duration.ofSeconds(5);
        assertThat(strategy.timeout(READ, base)).isEqualTo(Duration.ofSeconds(5));

        strategy.onNetworkFailure(READ, true);
        assertThat(strategy.isUp(READ)).isTrue();
        assertThat(strategy.hostsFor(CallType.READ)).contains(READ);
        assertThat(strategy.timeout(READ, base)).isEqualTo(Duration.ofSeconds(10));

        strategy.onNetworkFailure(READ, true);
        assertThat(strategy.timeout(READ, base)).isEqualTo(Duration.ofSeconds(15));
        assertThat(strategy.timeout(FALLBACK_1, base)).isEqualTo(Duration.ofSeconds(5));

        assertThat(strategy.onStatus(READ, 200)).isEqualTo(RetryStrategy.Verdict.SUCCESS);
        assertThat(strategy.timeout(READ, base)).isEqualTo(base);
        assertThat(strategy.retryCount(READ)).isZero();
        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(READ, FALLBACK_1, FALLBACK_2);
    }

    @Test
    void timeoutGrowthIsCappedAtFourTimesTheBase() {
        Duration base = Duration.ofMillis(250);
        for (int i = 0; i < 10; i++) {
            strategy.onNetworkFailure(READ, true);
        }
        assertThat(strategy.retryCount(READ)).isEqualTo(10);
        assertThat(strategy.timeout(READ, base))
                .isEqualTo(base.multipliedBy(RetryStrategy.MAX_TIMEOUT_MULTIPLIER))
                .isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void timedOutHostGoesBehindTheHealthyOnesSoTheNextCallTriesAnotherHostFirst() {
        strategy.onNetworkFailure(READ, true);

        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(FALLBACK_1, FALLBACK_2, READ);
        // a write call is not concerned by the read host
        assertThat(strategy.hostsFor(CallType.WRITE)).containsExactly(WRITE, FALLBACK_1, FALLBACK_2);
    }

    @Test
    void timedOutHostsAreOrderedByFewestTimeoutsAfterTheHealthyOnes() {
        strategy.onNetworkFailure(FALLBACK_1, true);
        strategy.onNetworkFailure(FALLBACK_1, true);
        strategy.onNetworkFailure(READ, true);
        strategy.onNetworkFailure(READ, true);
        strategy.onNetworkFailure(READ, true);
        strategy.onNetworkFailure(FALLBACK_2, true);

        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(FALLBACK_2, FALLBACK_1, READ);
        assertThat(strategy.hostsFor(CallType.WRITE)).containsExactly(WRITE, FALLBACK_2, FALLBACK_1);
    }

    @Test
    void timedOutHostsWithEqualCountsKeepTheirConfiguredOrder() {
        strategy.onNetworkFailure(FALLBACK_2, true);
        strategy.onNetworkFailure(READ, true);

        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(FALLBACK_1, READ, FALLBACK_2);
    }

    @Test
    void timedOutHostReturnsToItsConfiguredPlaceWithTheBaseTimeoutAfterTheTtl() {
        Duration base = Duration.ofSeconds(2);
        strategy.onNetworkFailure(READ, true);
        strategy.onNetworkFailure(READ, true);

        clock.advance(Duration.ofMinutes(4).plusSeconds(59));
        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(FALLBACK_1, FALLBACK_2, READ);
        assertThat(strategy.timeout(READ, base)).isEqualTo(Duration.ofSeconds(6));

        clock.advance(Duration.ofSeconds(1));
        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(READ, FALLBACK_1, FALLBACK_2);
        assertThat(strategy.retryCount(READ)).isZero();
        assertThat(strategy.timeout(READ, base)).isEqualTo(base);
    }

    @Test
    void theTtlOfATimedOutHostRunsFromItsLastTimeout() {
        strategy.onNetworkFailure(READ, true);
        clock.advance(Duration.ofMinutes(4));
        strategy.onNetworkFailure(READ, true);
        clock.advance(Duration.ofMinutes(4));

        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(FALLBACK_1, FALLBACK_2, READ);
        assertThat(strategy.retryCount(READ)).isEqualTo(2);
    }

    @Test
    void timedOutHostIsStillTriedWithItsGrownTimeoutWhenTheOthersAreDown() {
        Duration base = Duration.ofSeconds(1);
        strategy.onNetworkFailure(FALLBACK_1, false);
        strategy.onStatus(FALLBACK_2, 503);
        strategy.onNetworkFailure(READ, true);

        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(READ);
        assertThat(strategy.timeout(READ, base)).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void successResetsADownHost() {
        strategy.onNetworkFailure(FALLBACK_2, false);
        strategy.onStatus(FALLBACK_2, 200);
        assertThat(strategy.isUp(FALLBACK_2)).isTrue();
    }

    @Test
    void whenEveryHostIsDownAllAreTriedAgain() {
        strategy.onNetworkFailure(READ, false);
        strategy.onNetworkFailure(FALLBACK_1, false);
        strategy.onStatus(FALLBACK_2, 500);

        // the write host was never down, so a write call only skips the down fallbacks
        assertThat(strategy.hostsFor(CallType.WRITE)).containsExactly(WRITE);
        assertThat(strategy.hostsFor(CallType.READ)).containsExactly(READ, FALLBACK_1, FALLBACK_2);
        // trying them all again starts them afresh
        assertThat(strategy.isUp(FALLBACK_1)).isTrue();
        assertThat(strategy.hostsFor(CallType.WRITE)).containsExactly(WRITE, FALLBACK_1, FALLBACK_2);
    }

    @Test
    void concurrentOutcomesNeverLoseATimeoutCount() throws Exception {
        int threads = 4;
        int perThread = 250;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            for (int t = 0; t < threads; t++) {
                pool.execute(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    for (int i = 0; i < perThread; i++) {
                        strategy.onNetworkFailure(READ, true);
                        strategy.hostsFor(CallType.READ);
                    }
                });
            }
            start.countDown();
        } finally {
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(strategy.retryCount(READ)).isEqualTo(threads * perThread);
    }
}
