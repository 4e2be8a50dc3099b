package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientClosedException;
import io.quarry.core.ClientConfig;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.Closing;
import io.quarry.testsupport.HeldAnswers;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A save of two chunks made just before the application shuts down: closing the client lets the save end whole when
 * the service is slow but answers (its second chunk is sent while the close waits, not refused, so no record is
 * lost), and gives up on it after the close timeout when the host holds the first chunk. The slow service's first
 * answer is held in the client until the close waits for it ({@link HeldAnswers}), so no test waits out a delay.
 */
@Timeout(60)
@ExtendWith(MockServerExtension.class)
class SaveOfSeveralChunksOnCloseContractTest {

    /** The blocking save's own thread, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    /** Longer than any wait of the tests: a close that ends did not give up. */
    private static final Duration NEVER_REACHED = ClientConfig.DEFAULT_CLOSE_TIMEOUT.multipliedBy(6);

    private static final BatchOptions TWO_PER_CHUNK = BatchOptions.of().chunkSize(2);
    private static final List<Map<String, Object>> FOUR_RECORDS = IntStream.range(0, 4)
            .mapToObj(i -> Map.<String, Object>of("objectID", "r" + i, "name", "record " + i))
            .toList();

    private MockServer server;
    private MockServerCalls service;
    private MockHost host;

    @BeforeEach
    void setUp(MockServer server) {
        this.server = server;
        service = new MockServerCalls(server);
        host = server.hosts().get(0);
    }

    private SearchClient client(Duration closeTimeout) {
        return SearchClient.create(MockServerClients.builder(server, server.adminKey())
                .closeTimeout(closeTimeout)
                .build());
    }

    /** A client whose answers wait until the test releases them ({@link HeldAnswers}). */
    private SearchClient slowClient(HeldAnswers slow) {
        return SearchClient.create(MockServerClients.builder(server, server.adminKey())
                .closeTimeout(NEVER_REACHED)
                .httpClient(slow.httpClient())
                .build());
    }

    /** The host answered the first chunk; the client holds that answer, so the second chunk is not sent yet. */
    private void awaitFirstAnswerHeld(HeldAnswers slow, long before) throws InterruptedException {
        Eventually.waitUntil("the first chunk's answer to be held", () -> slow.held() == 1);
        assertThat(host.requestCount()).isEqualTo(before + 1);
    }

    /** Closes the client while the first answer is held, and lets it through once the close waits for the save. */
    private static void closeWhileTheFirstAnswerIsHeld(SearchClient client, HeldAnswers slow) throws Exception {
        Closing closing = Closing.start(client);
        closing.awaitWaiting();
        slow.release();
        closing.awaitEnd();
    }

    private void awaitFirstChunk(long before) throws InterruptedException {
        Eventually.waitUntil("the first chunk to reach the host", () -> host.requestCount() == before + 1);
    }

    private void awaitEveryRecordSaved() throws InterruptedException {
        Eventually.waitUntil(
                "the four records to be searchable",
                () -> service.send("POST", "/1/indexes/products/query", "{'query':'','hitsPerPage':0}")
                                .get("nbHits")
                                .asInt()
                        == FOUR_RECORDS.size());
    }

    @Test
    void closingLetsABlockingSaveOfTwoChunksEndWhole() throws Exception {
        try (HeldAnswers slow = new HeldAnswers()) {
            SearchClient client = slowClient(slow);
            SearchIndex products = client.index("products");
            long before = host.requestCount();
            CompletableFuture<WriteSummary> saved =
                    CompletableFuture.supplyAsync(() -> products.saveObjects(FOUR_RECORDS, TWO_PER_CHUNK), threads);
            awaitFirstAnswerHeld(slow, before);
            assertThat(saved).isNotDone();

            closeWhileTheFirstAnswerIsHeld(client, slow);

            assertThat(saved).succeedsWithin(Eventually.DEFAULT_LIMIT).matches(summary -> summary.chunks() == 2);
            assertThat(host.requestCount()).isEqualTo(before + 2);
            awaitEveryRecordSaved();
        }
    }

    @Test
    void closingLetsAnAsyncSaveOfTwoChunksEndWhole() throws Exception {
        try (HeldAnswers slow = new HeldAnswers()) {
            SearchClient client = slowClient(slow);
            SearchIndex products = client.index("products");
            long before = host.requestCount();
            CompletableFuture<WriteSummary> saved = products.saveObjectsAsync(FOUR_RECORDS, TWO_PER_CHUNK);
            awaitFirstAnswerHeld(slow, before);
            assertThat(saved).isNotDone();

            closeWhileTheFirstAnswerIsHeld(client, slow);

            assertThat(saved).succeedsWithin(Eventually.DEFAULT_LIMIT).matches(summary -> summary.chunks() == 2);
            assertThat(host.requestCount()).isEqualTo(before + 2);
            awaitEveryRecordSaved();
        }
    }

    @Test
    void closingGivesUpOnASaveTheHostHoldsOnceTheCloseTimeoutPassed() throws Exception {
        host.faults().hold(Duration.ofSeconds(50));
        Duration closeTimeout = Duration.ofMillis(200);
        SearchClient client = client(closeTimeout);
        SearchIndex products = client.index("products");
        long before = host.requestCount();
        CompletableFuture<WriteSummary> saved = products.saveObjectsAsync(FOUR_RECORDS, TWO_PER_CHUNK);
        awaitFirstChunk(before);

        // the close timeout passed, not the hold: the host held the first chunk far longer
        Closing.assertGaveUpAfter(Closing.timed(client), closeTimeout);
        assertThat(saved)
                .failsWithin(Eventually.DEFAULT_LIMIT)
                .withThrowableOfType(ExecutionException.class)
                .havingRootCause()
                .isInstanceOf(ClientClosedException.class);
        host.faults().clear();
    }
}
