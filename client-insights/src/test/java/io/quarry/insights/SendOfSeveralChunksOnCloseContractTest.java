package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientClosedException;
import io.quarry.core.ClientConfig;
import io.quarry.core.testing.Eventually;
import io.quarry.insights.model.EventsResponse;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
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

/**
 * A send of two chunks made just before the application shuts down: closing the client lets the send end whole when
 * the service is slow but answers (its second chunk is sent during the close timeout, not refused), and gives up on it
 * after the close timeout when the host holds the first chunk.
 */
@Timeout(60)
@ExtendWith(MockServerExtension.class)
class SendOfSeveralChunksOnCloseContractTest {

    /** One more than a call may carry: two chunks. */
    private static final int TWO_CHUNKS = EventRules.MAX_EVENTS_PER_CALL + 1;

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

    private static List<InsightsEvent> views(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> InsightsEvent.view("Seen", "products", "user-" + (i % 7))
                        .objectIDs(List.of("a")))
                .toList();
    }

    private void awaitFirstChunk(long before) throws InterruptedException {
        Eventually.waitUntil("the first chunk to reach the host", () -> host.requestCount() == before + 1);
    }

    @Test
    void closingLetsAnAsyncSendOfTwoChunksEndWhole() throws Exception {
        host.faults().next(1, Fault.delay(Duration.ofSeconds(2)));
        InsightsClient insights = client(ClientConfig.DEFAULT_CLOSE_TIMEOUT.multipliedBy(6));
        long before = host.requestCount();
        CompletableFuture<List<EventsResponse>> sent = insights.sendAsync(views(TWO_CHUNKS));
        awaitFirstChunk(before);
        assertThat(sent).isNotDone();

        insights.close();

        assertThat(sent)
                .succeedsWithin(Eventually.DEFAULT_LIMIT)
                .isEqualTo(List.of(new EventsResponse(200, "OK"), new EventsResponse(200, "OK")));
        assertThat(host.requestCount()).isEqualTo(before + 2);
    }

    @Test
    void closingLetsABlockingSendOfTwoChunksEndWhole() throws Exception {
        host.faults().next(1, Fault.delay(Duration.ofSeconds(2)));
        InsightsClient insights = client(ClientConfig.DEFAULT_CLOSE_TIMEOUT.multipliedBy(6));
        long before = host.requestCount();
        CompletableFuture<List<EventsResponse>> sent =
                CompletableFuture.supplyAsync(() -> insights.send(views(TWO_CHUNKS)));
        awaitFirstChunk(before);

        insights.close();

        assertThat(sent)
                .succeedsWithin(Eventually.DEFAULT_LIMIT)
                .isEqualTo(List.of(new EventsResponse(200, "OK"), new EventsResponse(200, "OK")));
    }

    @Test
    void closingGivesUpOnASendTheHostHoldsOnceTheCloseTimeoutPassed() throws Exception {
        host.faults().hold(Duration.ofSeconds(50));
        Duration closeTimeout = Duration.ofMillis(200);
        InsightsClient insights = client(closeTimeout);
        long before = host.requestCount();
        CompletableFuture<List<EventsResponse>> sent = insights.sendAsync(views(TWO_CHUNKS));
        awaitFirstChunk(before);

        long start = System.nanoTime();
        insights.close();

        // the close timeout passed, not the hold: the host held the first chunk far longer
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isGreaterThanOrEqualTo(closeTimeout)
                .isLessThan(Eventually.DEFAULT_LIMIT);
        assertThat(sent)
                .failsWithin(Eventually.DEFAULT_LIMIT)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(ClientClosedException.class)
                .withMessageContaining("was in flight");
        host.faults().clear();
    }
}
