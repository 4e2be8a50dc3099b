package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Host;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.FaultInjectingProxy.Action;
import io.quarry.search.model.IndexInfo;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TestWaits;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code close()} chained on a cancelled {@code replaceAllObjectsAsync} (in a continuation of its future, as an
 * application shutting down writes it) while a chunk writing the temporary index is on its way (held by a proxy in
 * front of the mock server): the close waits for the replacement's clean-up in the background, the chunk's answer then
 * the deletion of the temporary index, and returns once the temporary index is deleted, well before its close timeout.
 */
@Timeout(60)
class ReplaceAllCancelThenCloseContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.seedJson(BooksOnThreeHosts.SEED))
            .build();

    /** The test's own thread for the cancel, whose continuation closes the client. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<Void> held = new CompletableFuture<>();
    private final AtomicInteger chunks = new AtomicInteger();
    private final AtomicInteger temporaryDeletions = new AtomicInteger();

    @AfterEach
    void letGo() {
        release.countDown();
    }

    private Action forward(String method, String path) {
        if (method.equals("DELETE") && path.startsWith("/1/indexes/books_tmp_")) {
            temporaryDeletions.incrementAndGet();
        }
        if (method.equals("POST")
                && path.matches("/1/indexes/books_tmp_[0-9a-z]++/batch.*+")
                && chunks.incrementAndGet() == 2) {
            held.complete(null);
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return Action.FORWARD;
    }

    @Test
    void aCloseChainedOnTheCancelWaitsForTheCleanUpOnlyAndTheTemporaryIndexIsGone() throws Exception {
        try (FaultInjectingProxy proxy =
                        new FaultInjectingProxy(MOCK.server().url(), (n, method, path) -> forward(method, path));
                SearchClient direct = SearchClient.create(MockServerClients.config(MOCK.server()))) {
            SearchClient client = SearchClient.create(
                    MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                            .hosts(Host.of("http://127.0.0.1:" + proxy.port()))
                            .allowInsecureHttp()
                            .closeTimeout(Duration.ofMinutes(5)) // no test reaches it
                            .build());
            List<Map<String, Object>> records = IntStream.range(0, 30)
                    .mapToObj(i -> Map.<String, Object>of("objectID", "new-" + i))
                    .toList();
            CompletableFuture<ReplaceAllResponse> replacement = client.index("books")
                    .replaceAllObjectsAsync(
                            records, BatchOptions.of().chunkSize(10).waitPolicy(TestWaits.FAST));
            CompletableFuture<Integer> deletionsWhenClosed = new CompletableFuture<>();
            replacement.whenComplete((response, error) -> {
                client.close();
                deletionsWhenClosed.complete(temporaryDeletions.get());
            });
            held.join();

            CompletableFuture<Boolean> cancelling =
                    CompletableFuture.supplyAsync(() -> replacement.cancel(true), threads);
            Eventually.waitUntil("the client closing, refusing new calls", () -> closedToNewCalls(client));
            assertThat(deletionsWhenClosed)
                    .as("close() waits while the chunk on its way is held")
                    .isNotDone();
            release.countDown();

            assertThat(deletionsWhenClosed)
                    .as("close() returned once the temporary index was deleted")
                    .succeedsWithin(Eventually.DEFAULT_LIMIT)
                    .isEqualTo(1);
            assertThat(cancelling).succeedsWithin(Eventually.DEFAULT_LIMIT).isEqualTo(true);
            assertThat(replacement).isCancelled();
            assertThat(direct.listIndices().items()).extracting(IndexInfo::name).containsExactly("books");
        }
    }

    private static boolean closedToNewCalls(SearchClient client) {
        CompletableFuture<?> probe = client.index("probe").getSettingsAsync();
        return probe.isCompletedExceptionally();
    }
}
