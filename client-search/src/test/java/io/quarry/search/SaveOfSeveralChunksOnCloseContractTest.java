package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientClosedException;
import io.quarry.core.ClientConfig;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A save of two chunks made just before the application shuts down: closing the client lets the save end whole when
 * the service is slow but answers (its second chunk is sent during the close timeout, not refused, so no record is
 * lost), and gives up on it after the close timeout when the host holds the first chunk.
 */
@Timeout(60)
@ExtendWith(MockServerExtension.class)
class SaveOfSeveralChunksOnCloseContractTest {

    /**
     * The test's own thread for the blocking save: on JDK 25 with two processors the common pool has one thread, shared
     * with the class running at the same time, and the save could wait there for theirs.
     */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

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
        host.faults().next(1, Fault.delay(Duration.ofSeconds(2)));
        SearchClient client = client(ClientConfig.DEFAULT_CLOSE_TIMEOUT.multipliedBy(6));
        SearchIndex products = client.index("products");
        long before = host.requestCount();
        CompletableFuture<WriteSummary> saved =
                CompletableFuture.supplyAsync(() -> products.saveObjects(FOUR_RECORDS, TWO_PER_CHUNK), threads);
        awaitFirstChunk(before);
        assertThat(saved).isNotDone();

        client.close();

        assertThat(saved).succeedsWithin(Eventually.DEFAULT_LIMIT).matches(summary -> summary.chunks() == 2);
        awaitEveryRecordSaved();
    }

    @Test
    void closingLetsAnAsyncSaveOfTwoChunksEndWhole() throws Exception {
        host.faults().next(1, Fault.delay(Duration.ofSeconds(2)));
        SearchClient client = client(ClientConfig.DEFAULT_CLOSE_TIMEOUT.multipliedBy(6));
        SearchIndex products = client.index("products");
        long before = host.requestCount();
        CompletableFuture<WriteSummary> saved = products.saveObjectsAsync(FOUR_RECORDS, TWO_PER_CHUNK);
        awaitFirstChunk(before);
        assertThat(saved).isNotDone();

        client.close();

        assertThat(saved).succeedsWithin(Eventually.DEFAULT_LIMIT).matches(summary -> summary.chunks() == 2);
        awaitEveryRecordSaved();
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

        long start = System.nanoTime();
        client.close();

        // the close timeout passed, not the hold: the host held the first chunk far longer
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isGreaterThanOrEqualTo(closeTimeout)
                .isLessThan(Eventually.DEFAULT_LIMIT);
        assertThat(saved)
                .failsWithin(Eventually.DEFAULT_LIMIT)
                .withThrowableOfType(ExecutionException.class)
                .havingRootCause()
                .isInstanceOf(ClientClosedException.class);
        host.faults().clear();
    }
}
