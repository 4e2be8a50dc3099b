package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.ReplaceAllException;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.FaultInjectingProxy.Action;
import io.quarry.search.model.IndexInfo;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TestWaits;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An interrupt of the thread in a blocking {@code replaceAllObjects} while a chunk writing the temporary index is on
 * its way (held by a proxy in front of the mock server): the call ends with a {@link ReplaceAllException} whose
 * clean-up says what became of the temporary index, and once nothing is on its way that is what the service holds.
 */
@Timeout(30)
class ReplaceAllInterruptedContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.seedJson(BooksOnThreeHosts.SEED))
            .build();

    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<Void> held = new CompletableFuture<>();
    private final AtomicInteger chunks = new AtomicInteger();

    @AfterEach
    void letGo() {
        release.countDown();
    }

    private Action forward(String method, String path) {
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

    @ParameterizedTest(name = "{0} chunks in flight")
    @ValueSource(ints = {1, 3})
    void theCleanUpReportedIsWhatTheServiceHolds(int chunksInFlight) throws Exception {
        try (FaultInjectingProxy proxy =
                        new FaultInjectingProxy(MOCK.server().url(), (n, method, path) -> forward(method, path));
                SearchClient client = SearchClient.create(config(proxy));
                SearchClient direct = SearchClient.create(MockServerClients.config(MOCK.server()))) {
            SearchIndex books = client.index("books");
            List<Map<String, Object>> records = IntStream.range(0, 30)
                    .mapToObj(i -> Map.<String, Object>of("objectID", "new-" + i))
                    .toList();
            CompletableFuture<Throwable> ended = new CompletableFuture<>();
            Thread writer = new Thread(() -> {
                try {
                    books.replaceAllObjects(
                            records,
                            BatchOptions.of()
                                    .chunkSize(10)
                                    .chunksInFlight(chunksInFlight)
                                    .waitPolicy(TestWaits.FAST));
                    ended.complete(null);
                } catch (Throwable e) {
                    ended.complete(e);
                }
            });
            writer.start();
            held.join();
            writer.interrupt();
            if (chunksInFlight == 1) {
                release.countDown(); // the chunk is sent on the writer's own thread, which an interrupt cannot stop
            }
            Throwable error = ended.get();
            release.countDown();

            assertThat(error).isInstanceOf(ReplaceAllException.class);
            ReplaceAllException failed = (ReplaceAllException) error;
            Eventually.waitUntil("nothing on its way", () -> proxy.heldNow() == 0);
            List<String> expected = failed.cleanup() == ReplaceAllException.Cleanup.DELETED
                    ? List.of("books")
                    : List.of("books", failed.temporaryIndex());
            Eventually.waitUntil(
                    "the indices the clean-up " + failed.cleanup() + " says",
                    () -> names(direct).equals(expected));
            assertThat(names(direct)).containsExactlyElementsOf(expected);
        }
    }

    private static List<String> names(SearchClient client) {
        return client.listIndices().items().stream()
                .map(IndexInfo::name)
                .sorted()
                .toList();
    }

    private static ClientConfig config(FaultInjectingProxy proxy) {
        return MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                .hosts(Host.of("http://127.0.0.1:" + proxy.port()))
                .allowInsecureHttp()
                .build();
    }
}
