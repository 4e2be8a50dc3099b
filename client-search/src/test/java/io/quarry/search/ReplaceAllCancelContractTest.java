package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.mockserver.MockServer;
import io.quarry.search.model.IndexInfo;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TestWaits;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cancelling the future of {@code replaceAllObjectsAsync} while its records are being written leaves the index as it
 * was: no chunk is sent after it, the temporary index is not moved over the index but deleted. Before, the steps
 * went on behind the cancelled future and replaced the index all the same.
 */
@Timeout(30)
class ReplaceAllCancelContractTest {

    private static final BooksOnThreeHosts FIXTURE = new BooksOnThreeHosts();
    private static final MockServer SERVER = FIXTURE.server();

    private SearchClient client;

    @AfterEach
    void close() {
        client.close();
        SERVER.reset();
    }

    @AfterAll
    static void stop() {
        FIXTURE.close();
    }

    private List<String> indexNames() {
        return client.listIndices().items().stream().map(IndexInfo::name).toList();
    }

    @ParameterizedTest(name = "observed {0}")
    @ValueSource(booleans = {false, true})
    void cancellingWhileTheRecordsAreWrittenLeavesTheIndexAsItWas(boolean observed) throws Exception {
        ClientConfig.Builder config = MockServerClients.builder(SERVER, SERVER.adminKey());
        if (observed) {
            config.callObserver(new RecordingObserver()); // the composite call's future forwards the cancel
        }
        client = SearchClient.create(config.build());
        SearchIndex books = client.index("books");
        List<Map<String, Object>> records = IntStream.range(0, 50)
                .mapToObj(i -> Map.<String, Object>of("objectID", "new-" + i))
                .toList();
        // the listener cancels once the third chunk is acknowledged, when no chunk is in flight
        CompletableFuture<CompletableFuture<ReplaceAllResponse>> started = new CompletableFuture<>();
        BatchOptions options = BatchOptions.of()
                .chunkSize(10)
                .waitPolicy(TestWaits.FAST)
                .listener(chunk -> {
                    if (chunk.index() == 2) {
                        started.join().cancel(true);
                    }
                });

        CompletableFuture<ReplaceAllResponse> replacement = books.replaceAllObjectsAsync(records, options);
        started.complete(replacement);

        Eventually.waitUntil("the replacement to be cancelled", replacement::isDone);
        assertThat(replacement).isCancelled();
        Eventually.waitUntil(
                "the temporary index to be deleted", () -> indexNames().equals(List.of("books")));
        assertThat(StreamSupport.stream(
                                books.browseObjects(FreeFormRecord.class).spliterator(), false)
                        .map(record -> record.objectID().orElseThrow()))
                .as("the index's records")
                .containsExactly("1");
    }
}
