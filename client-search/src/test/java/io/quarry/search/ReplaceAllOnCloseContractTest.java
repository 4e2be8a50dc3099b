package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientClosedException;
import io.quarry.core.ReplaceAllException;
import io.quarry.core.WaitPolicy;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.MutableClock;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A replacement of every record made just before the application shuts down: closing the client while the replacement
 * waits for its records' task lets it go on (its waits are steps of a call made before the close, given the close
 * timeout as its requests are), so the temporary index is moved over the index; before, the wait ended at once and the
 * replacement failed. Once the close timeout has passed, it fails with the index unchanged. Tasks stay pending until
 * the test moves the server's clock past the task delay.
 */
@Timeout(60)
class ReplaceAllOnCloseContractTest {

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    private static final Duration TASK_DELAY = Duration.ofHours(1);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK).taskDelay(TASK_DELAY))
            .build();

    /** Checks often, so that the replacement sees its task published soon after the clock moves. */
    private static final BatchOptions OPTIONS =
            BatchOptions.of().waitPolicy(new WaitPolicy(100_000, Duration.ofMillis(20), Duration.ofMillis(20), 1));

    private static final List<Map<String, Object>> RECORDS =
            List.of(Map.of("objectID", "r0", "name", "record 0"), Map.of("objectID", "r1", "name", "record 1"));

    /** The test's own threads for the blocking replacement and for {@code close()}, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private MockServer server;
    private MockHost host;

    @BeforeEach
    void setUp() {
        server = MOCK.server();
        host = server.hosts().get(0);
        // the index holds a record already: the replacement copies its settings, and replaces it only at the move
        new MockServerCalls(server)
                .send(
                        "POST",
                        "/1/indexes/products/batch",
                        "{'requests':[{'action':'addObject','body':{'objectID':'old','name':'old record'}}]}");
    }

    private SearchClient client(Duration closeTimeout) {
        return SearchClient.create(MockServerClients.builder(server, server.adminKey())
                .closeTimeout(closeTimeout)
                .build());
    }

    /** Waits until the replacement checks its records' task: the copy, the chunk, then the checks. */
    private void awaitTheTaskWait(long before) throws InterruptedException {
        Eventually.waitUntil("the replacement to wait for its records' task", () -> host.requestCount() >= before + 3);
    }

    private static boolean refusesNewCalls(SearchClient client) {
        CompletableFuture<?> probe = client.index("probe").getSettingsAsync();
        return probe.isCompletedExceptionally()
                && probe.handle((value, error) -> error instanceof ClientClosedException)
                        .join();
    }

    private long searchable() {
        return new MockServerCalls(server)
                .send("POST", "/1/indexes/products/query", "{'query':'','hitsPerPage':0}")
                .get("nbHits")
                .asLong();
    }

    @Test
    void closingLetsABlockingReplacementWaitingForItsTaskEndWhole() throws Exception {
        closingDuringTheTaskWait(
                products -> CompletableFuture.supplyAsync(() -> products.replaceAllObjects(RECORDS, OPTIONS), threads));
    }

    @Test
    void closingLetsAnAsyncReplacementWaitingForItsTaskEndWhole() throws Exception {
        closingDuringTheTaskWait(products -> products.replaceAllObjectsAsync(RECORDS, OPTIONS));
    }

    private void closingDuringTheTaskWait(Function<SearchIndex, CompletableFuture<ReplaceAllResponse>> replace)
            throws Exception {
        SearchClient client = client(Duration.ofMinutes(5)); // a close timeout no test reaches
        long before = host.requestCount();
        CompletableFuture<ReplaceAllResponse> replaced = replace.apply(client.index("products"));
        awaitTheTaskWait(before);

        CompletableFuture<Void> closing = CompletableFuture.runAsync(client::close, threads);
        Eventually.waitUntil("the closing client to refuse new calls", () -> refusesNewCalls(client));
        assertThat(closing).as("close() waits for the replacement").isNotDone();
        Eventually.waitUntil("the replacement to end as its tasks are published", () -> {
            CLOCK.advance(TASK_DELAY.plusMinutes(1));
            return replaced.isDone();
        });

        assertThat(replaced).succeedsWithin(Eventually.DEFAULT_LIMIT).matches(response -> response.move() != null);
        assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
        assertThat(searchable()).isEqualTo(RECORDS.size());
    }

    @Test
    void closingGivesUpOnAReplacementWhoseTaskStaysPendingOnceTheCloseTimeoutPassed() throws Exception {
        SearchClient client = client(Duration.ofMillis(300));
        long was = searchable();
        long before = host.requestCount();
        CompletableFuture<ReplaceAllResponse> replaced =
                client.index("products").replaceAllObjectsAsync(RECORDS, OPTIONS);
        awaitTheTaskWait(before);

        client.close();

        assertThat(replaced)
                .failsWithin(Eventually.DEFAULT_LIMIT)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(ReplaceAllException.class)
                .havingCause()
                .isInstanceOf(ClientClosedException.class);
        assertThat(searchable()).as("the index is unchanged").isEqualTo(was);
    }
}
