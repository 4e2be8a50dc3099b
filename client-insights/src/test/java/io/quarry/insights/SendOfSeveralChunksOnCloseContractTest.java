package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientClosedException;
import io.quarry.core.ClientConfig;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.TestThreads;
import io.quarry.insights.model.EventsResponse;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.Closing;
import io.quarry.testsupport.HeldAnswers;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A send of two chunks made just before the application shuts down: closing the client lets the send end whole when
 * the service is slow but answers (its second chunk is sent while the close waits, not refused), and gives up on it
 * after the close timeout when the host holds the first chunk. The slow service's first answer is held in the client
 * until the close waits for it ({@link HeldAnswers}), so no test waits out a delay.
 */
@Timeout(60)
@ExtendWith(MockServerExtension.class)
class SendOfSeveralChunksOnCloseContractTest {

    /** One more than a call may carry: two chunks. */
    private static final int TWO_CHUNKS = EventRules.MAX_EVENTS_PER_CALL + 1;

    /** Longer than any wait of the tests: a close that ends did not give up. */
    private static final Duration NEVER_REACHED = ClientConfig.DEFAULT_CLOSE_TIMEOUT.multipliedBy(6);

    /** The test's own thread for the blocking send, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private MockServer server;
    private MockHost host;

    @BeforeEach
    void setUp(MockServer server) {
        this.server = server;
        host = server.hosts().get(0);
    }

    private InsightsClient client(Duration closeTimeout) {
        return InsightsClient.create(MockServerClients.builder(server, server.adminKey())
                .closeTimeout(closeTimeout)
                .build());
    }

    private InsightsClient slowClient(HeldAnswers slow) {
        return InsightsClient.create(MockServerClients.builder(server, server.adminKey())
                .closeTimeout(NEVER_REACHED)
                .httpClient(slow.httpClient())
                .build());
    }

    private static List<InsightsEvent> views(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> InsightsEvent.view("Seen", "products", "user-" + (i % 7))
                        .objectIDs(List.of("a")))
                .toList();
    }

    private void awaitFirstChunk(long before) throws InterruptedException {
        Eventually.waitUntil("the first chunk to reach the host", () -> host.requestCount() == before + 1);
    }

    /** The host answered the first chunk; the client holds that answer, so the second chunk is not sent yet. */
    private void awaitFirstAnswerHeld(HeldAnswers slow, long before) throws InterruptedException {
        Eventually.waitUntil("the first chunk's answer to be held", () -> slow.held() == 1);
        assertThat(host.requestCount()).isEqualTo(before + 1);
    }

    /** Closes the client while the first answer is held, and lets it through once the close waits for the send. */
    private static void closeWhileTheFirstAnswerIsHeld(InsightsClient insights, HeldAnswers slow) throws Exception {
        Closing closing = Closing.start(insights);
        closing.awaitWaiting();
        slow.release();
        closing.awaitEnd();
    }

    @Test
    void closingLetsAnAsyncSendOfTwoChunksEndWhole() throws Exception {
        try (HeldAnswers slow = new HeldAnswers()) {
            InsightsClient insights = slowClient(slow);
            long before = host.requestCount();
            CompletableFuture<List<EventsResponse>> sent = insights.sendAsync(views(TWO_CHUNKS));
            awaitFirstAnswerHeld(slow, before);
            assertThat(sent).isNotDone();

            closeWhileTheFirstAnswerIsHeld(insights, slow);

            assertThat(sent)
                    .succeedsWithin(Eventually.DEFAULT_LIMIT)
                    .isEqualTo(List.of(new EventsResponse(200, "OK"), new EventsResponse(200, "OK")));
            assertThat(host.requestCount()).isEqualTo(before + 2);
        }
    }

    @Test
    void closingLetsABlockingSendOfTwoChunksEndWhole() throws Exception {
        try (HeldAnswers slow = new HeldAnswers()) {
            InsightsClient insights = slowClient(slow);
            long before = host.requestCount();
            CompletableFuture<List<EventsResponse>> sent =
                    CompletableFuture.supplyAsync(() -> insights.send(views(TWO_CHUNKS)), threads);
            awaitFirstAnswerHeld(slow, before);
            assertThat(sent).isNotDone();

            closeWhileTheFirstAnswerIsHeld(insights, slow);

            assertThat(sent)
                    .succeedsWithin(Eventually.DEFAULT_LIMIT)
                    .isEqualTo(List.of(new EventsResponse(200, "OK"), new EventsResponse(200, "OK")));
            assertThat(host.requestCount()).isEqualTo(before + 2);
        }
    }

    @Test
    void closingGivesUpOnASendTheHostHoldsOnceTheCloseTimeoutPassed() throws Exception {
        host.faults().hold(Duration.ofSeconds(50));
        Duration closeTimeout = Duration.ofMillis(200);
        InsightsClient insights = client(closeTimeout);
        long before = host.requestCount();
        CompletableFuture<List<EventsResponse>> sent = insights.sendAsync(views(TWO_CHUNKS));
        awaitFirstChunk(before);

        // the close timeout passed, not the hold: the host held the first chunk far longer
        Closing.assertGaveUpAfter(Closing.timed(insights), closeTimeout);
        assertThat(sent)
                .failsWithin(Eventually.DEFAULT_LIMIT)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(ClientClosedException.class)
                .withMessageContaining("was in flight");
        host.faults().clear();
    }
}
