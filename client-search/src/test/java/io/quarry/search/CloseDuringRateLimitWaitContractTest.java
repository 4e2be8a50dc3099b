package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientClosedException;
import io.quarry.core.RateLimit;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.TryEnd;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.Fault;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A blocking call waiting for a rate limit's reset before its one retry ({@code maxRateLimitWait}) ends when the
 * client closes, with a {@link ClientClosedException}, as a call waiting between two rounds does, rather than when
 * the reset comes (here 40 s away on the shared clock, far beyond the test's patience).
 */
@Timeout(30)
class CloseDuringRateLimitWaitContractTest {

    /** The test's own threads for its blocking work, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private final BooksOnThreeHosts fixture = new BooksOnThreeHosts();
    private final AtomicInteger triesEnded = new AtomicInteger();
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(fixture.server(), fixture.server().adminKey())
                    .clock(fixture.clock())
                    .maxRateLimitWait(Duration.ofMinutes(1))
                    .callObserver(new TryCounter())
                    .closeTimeout(Duration.ZERO) // what close() cancels is the subject: no grace first
                    .build());

    @AfterEach
    void close() {
        client.close();
        fixture.close();
    }

    @Test
    void aBlockingCallWaitingForTheResetFailsWhenTheClientCloses() throws Exception {
        long reset = fixture.clock().instant().plusSeconds(40).getEpochSecond();
        fixture.server()
                .faults()
                .next(
                        1,
                        "*",
                        "/1/indexes/**",
                        Fault.status(
                                429,
                                Map.of(
                                        RateLimit.LIMIT_HEADER, "10",
                                        RateLimit.REMAINING_HEADER, "0",
                                        RateLimit.RESET_HEADER, Long.toString(reset))));
        CompletableFuture<?> call =
                CompletableFuture.runAsync(() -> client.index("books").getSettings(), threads);

        Eventually.waitUntil("the call to wait for the reset", () -> triesEnded.get() > 0);
        client.close();

        assertThat(call)
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(ClientClosedException.class);
    }

    /** Counts the tries that ended, for any call. */
    private final class TryCounter implements CallObserver {
        @Override
        public ObservedCall callStarted(CallDescription call) {
            return new ObservedCall() {
                @Override
                public void tryEnded(TryEnd attempt) {
                    triesEnded.incrementAndGet();
                }

                @Override
                public void callEnded(CallEnd end) {}
            };
        }
    }
}
