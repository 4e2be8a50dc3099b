package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.FaultInjectingProxy.Action;
import io.quarry.search.model.IndexInfo;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TestWaits;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Cancelling {@code replaceAllObjectsAsync} while a request writing the temporary index is on its way (held by a
 * proxy in front of the mock server, as a slow network would hold it) cancels the future at once, and deletes the
 * temporary index only once that request has been answered: once nothing is on its way, the temporary index is gone.
 * Before, the temporary index was deleted at once, and the request still on its way recreated it afterwards, for good.
 */
@Timeout(30)
class ReplaceAllCancelInFlightContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.seedJson(BooksOnThreeHosts.SEED))
            .build();

    /** The request the proxy holds until the test lets it go. */
    enum Held {
        /** the copy of settings, synonyms and rules onto the temporary index */
        COPY,
        /** the second chunk of records written into the temporary index */
        SECOND_CHUNK
    }

    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<Void> held = new CompletableFuture<>();
    private final AtomicInteger chunks = new AtomicInteger();
    private final AtomicInteger temporaryDeletions = new AtomicInteger();

    @AfterEach
    void letGo() {
        release.countDown();
    }

    private boolean holds(Held which, String method, String path) {
        if (!method.equals("POST")) {
            return false;
        }
        return switch (which) {
            case COPY -> path.startsWith("/1/indexes/books/operation");
            case SECOND_CHUNK ->
                path.matches("/1/indexes/books_tmp_[0-9a-z]++/batch.*+") && chunks.incrementAndGet() == 2;
        };
    }

    private Action forward(Held which, String method, String path) {
        if (method.equals("DELETE") && path.startsWith("/1/indexes/books_tmp_")) {
            temporaryDeletions.incrementAndGet();
        }
        if (holds(which, method, path)) {
            held.complete(null);
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return Action.FORWARD;
    }

    private static ClientConfig config(FaultInjectingProxy proxy, boolean observed) {
        ClientConfig.Builder config = MockServerClients.builder(
                        MOCK.server(), MOCK.server().adminKey())
                .hosts(Host.of("http://127.0.0.1:" + proxy.port()))
                .allowInsecureHttp();
        if (observed) {
            config.callObserver(new RecordingObserver()); // the composite call's own future is not the caller's
        }
        return config.build();
    }

    @ParameterizedTest(name = "{0} held, observed {1}")
    @CsvSource({"COPY, false", "SECOND_CHUNK, false", "COPY, true", "SECOND_CHUNK, true"})
    void theTemporaryIndexIsDeletedOnceTheRequestsOnTheirWayAreAnswered(Held which, boolean observed) throws Exception {
        try (FaultInjectingProxy proxy = new FaultInjectingProxy(
                        MOCK.server().url(), (n, method, path) -> forward(which, method, path));
                SearchClient client = SearchClient.create(config(proxy, observed));
                SearchClient direct = SearchClient.create(MockServerClients.config(MOCK.server()))) {
            SearchIndex books = client.index("books");
            List<Map<String, Object>> records = IntStream.range(0, 30)
                    .mapToObj(i -> Map.<String, Object>of("objectID", "new-" + i))
                    .toList();

            CompletableFuture<ReplaceAllResponse> replacement = books.replaceAllObjectsAsync(
                    records, BatchOptions.of().chunkSize(10).waitPolicy(TestWaits.FAST));
            held.join();
            assertThat(replacement.cancel(true)).isTrue();
            assertThat(replacement)
                    .as("the future, at once, while a request writing the temporary index is on its way")
                    .isCancelled();
            release.countDown();

            // a deletion sent before the held request was answered would be followed by the index made again
            Eventually.waitUntil(
                    "the temporary index deleted, and nothing on its way",
                    () -> temporaryDeletions.get() > 0
                            && proxy.heldNow() == 0
                            && direct.listIndices().items().size() == 1);
            assertThat(direct.listIndices().items()).extracting(IndexInfo::name).containsExactly("books");
            assertThat(StreamSupport.stream(
                                    books.browseObjects(FreeFormRecord.class).spliterator(), false)
                            .map(record -> record.objectID().orElseThrow()))
                    .as("the index's records")
                    .containsExactly("1");
        }
    }
}
