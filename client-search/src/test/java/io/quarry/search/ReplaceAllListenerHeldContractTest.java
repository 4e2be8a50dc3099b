package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.IndexInfo;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TestWaits;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A cancelled {@code replaceAllObjectsAsync} whose chunk listener is held in a call: the future is cancelled at
 * once, the clean-up waits for the listener's call to return (as the write's next chunks do), and the temporary
 * index is deleted once it has.
 */
@Timeout(30)
class ReplaceAllListenerHeldContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.seedJson(BooksOnThreeHosts.SEED))
            .build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<Void> held = new CompletableFuture<>();

    @AfterEach
    void letGo() {
        release.countDown();
    }

    private final ChunkListener holding = new ChunkListener() {
        @Override
        public void acknowledged(ChunkAcknowledged chunk) {
            held.complete(null);
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    };

    @Test
    void theTemporaryIndexIsDeletedOnceTheListenerReturns() throws Exception {
        List<Map<String, Object>> records = IntStream.range(0, 30)
                .mapToObj(i -> Map.<String, Object>of("objectID", "new-" + i))
                .toList();
        CompletableFuture<ReplaceAllResponse> replacement = client.index("books")
                .replaceAllObjectsAsync(
                        records,
                        BatchOptions.of().chunkSize(10).listener(holding).waitPolicy(TestWaits.FAST));
        held.join();

        assertThat(replacement.cancel(true)).isTrue();
        assertThat(replacement).isCancelled();
        assertThat(names()).as("while the listener is held").hasSize(2).contains("books");

        release.countDown();
        Eventually.waitUntil("the temporary index deleted", () -> names().equals(List.of("books")));
    }

    private List<String> names() {
        return client.listIndices().items().stream().map(IndexInfo::name).toList();
    }
}
