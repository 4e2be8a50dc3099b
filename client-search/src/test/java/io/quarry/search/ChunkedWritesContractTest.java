package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.ReplaceAllException;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.AttributeOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.IndexInfo;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.Synonym;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** saveObjects, deleteObjects, partialUpdateObjects and replaceAllObjects against the mock server. */
class ChunkedWritesContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final BatchOptions WAIT = BatchOptions.of().waitingForTasks().waitPolicy(FAST);

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");

    @Test
    void savesInChunksTellingTheListenerOfEachChunk() {
        List<ChunkAcknowledged> acknowledged = new ArrayList<>();
        List<ChunkSent> sent = new ArrayList<>();
        WriteSummary summary =
                index.saveObjects(products(25), WAIT.chunkSize(10).listener(new ChunkListener() {
                    @Override
                    public void acknowledged(ChunkAcknowledged chunk) {
                        acknowledged.add(chunk);
                    }

                    @Override
                    public void sent(ChunkSent chunk) {
                        sent.add(chunk);
                    }
                }));

        assertThat(summary.records()).isEqualTo(25);
        assertThat(summary.chunks()).isEqualTo(3);
        assertThat(summary.lastTaskID()).hasValue(acknowledged.get(2).response().taskID());
        assertThat(sent).extracting(ChunkSent::recordCount).containsExactly(10, 10, 5);
        assertThat(sent).extracting(ChunkSent::firstRecord).containsExactly(0L, 10L, 20L);
        assertThat(acknowledged.get(2).response().objectIDs()).containsExactly("p20", "p21", "p22", "p23", "p24");
        assertThat(acknowledged)
                .extracting(c -> c.progress().recordsAcknowledged())
                .containsExactly(10L, 20L, 25L);
        assertThat(acknowledged.get(2).progress().chunksAcknowledged()).isEqualTo(3);
        assertThat(index.search(SearchQuery.of(), Product.class).nbHits()).isEqualTo(25);
    }

    @Test
    void assignsMissingObjectIDsClientSide() {
        List<Map<String, Object>> records = List.of(Map.of("name", "no id"), Map.of("objectID", "kept", "name", "x"));

        List<BatchResponse> batches = new ArrayList<>();
        index.saveObjects(records, WAIT.listener(chunk -> batches.add(chunk.response())));

        List<String> ids = batches.get(0).objectIDs();
        assertThat(ids.get(0)).matches("[0-9a-f-]{36}");
        assertThat(ids.get(1)).isEqualTo("kept");
        assertThat(index.getObject(ids.get(0), FreeFormRecord.class).getString("name"))
                .contains("no id");
    }

    @Test
    void deletesAndUpdatesInChunks() throws Exception {
        index.saveObjectsAsync(products(12), WAIT.chunkSize(5)).get();

        index.deleteObjects(List.of("p0", "p1", "p2"), WAIT.chunkSize(2));
        index.partialUpdateExistingObjects(
                List.of(
                        Map.of("objectID", "p3", "price", AttributeOperation.increment(5)),
                        Map.of("objectID", "ghost", "price", 1)),
                WAIT);
        index.partialUpdateObjectsAsync(List.of(Map.of("objectID", "created", "price", 1)), WAIT)
                .get();
        index.deleteObjectsAsync(List.of("p4"), WAIT).get();

        assertThat(index.browseObjects(Product.class).stream().map(Product::objectID))
                .containsExactlyInAnyOrder("p3", "p5", "p6", "p7", "p8", "p9", "p10", "p11", "created");
        assertThat(index.getObject("p3", Product.class).price()).isEqualTo(35);
    }

    @Test
    void everyChunkedWriteHasAFormWithTheDefaultOptions() throws Exception {
        waitFor(index.saveObjects(products(6)));
        waitFor(index.deleteObjects(List.of("p0")));
        waitFor(index.deleteObjectsAsync(List.of("p1")).get());
        waitFor(index.partialUpdateObjects(List.of(Map.of("objectID", "created", "price", 7))));
        waitFor(index.partialUpdateObjectsAsync(List.of(Map.of("objectID", "p2", "price", 8)))
                .get());
        waitFor(index.partialUpdateExistingObjects(
                List.of(Map.of("objectID", "p3", "price", 9), Map.of("objectID", "ghost", "price", 1))));
        waitFor(index.partialUpdateExistingObjectsAsync(List.of(Map.of("objectID", "ghost2", "price", 1)))
                .get());

        assertThat(index.browseObjects(Product.class).stream().map(Product::objectID))
                .containsExactlyInAnyOrder("p2", "p3", "p4", "p5", "created");
        assertThat(index.getObject("p2", Product.class).price()).isEqualTo(8);
        assertThat(index.getObject("p3", Product.class).price()).isEqualTo(9);

        assertThat(index.replaceAllObjects(products(2)).write().chunks()).isEqualTo(1);
        assertThat(index.browseObjects(Product.class).stream().map(Product::objectID))
                .containsExactlyInAnyOrder("p0", "p1");
        assertThat(index.replaceAllObjectsAsync(List.of(new Product("n1", "lamp", "Acme", 1)))
                        .get()
                        .write()
                        .records())
                .isEqualTo(1);
        assertThat(index.browseObjects(Product.class).stream().map(Product::objectID))
                .containsExactly("n1");
        assertThat(indexNames()).containsExactly("products");
    }

    @Test
    void replacesAllRecordsKeepingSettingsAndSynonyms() {
        index.saveObjects(products(5), WAIT);
        index.waitForTask(
                index.setSettings(IndexSettings.of().customRanking("desc(price)"))
                        .taskID(),
                FAST);
        index.waitForTask(
                index.synonyms().save(Synonym.regular("s", "lamp", "light")).taskID(), FAST);

        ReplaceAllResponse replaced = index.replaceAllObjects(
                List.of(new Product("n1", "lamp", "Acme", 1), new Product("n2", "desk", "Acme", 2)),
                BatchOptions.of().waitPolicy(FAST));

        assertThat(replaced.copy()).isNotNull();
        assertThat(replaced.write().chunks()).isEqualTo(1);
        assertThat(index.browseObjects(Product.class).stream().map(Product::objectID))
                .containsExactlyInAnyOrder("n1", "n2");
        assertThat(index.getSettings().getStrings("customRanking")).containsExactly("desc(price)");
        assertThat(index.search(SearchQuery.of("light"), Product.class).records())
                .hasSize(1);
        assertThat(indexNames()).containsExactly("products");
    }

    @Test
    void replacesAllOnANewIndexAsync() throws Exception {
        ReplaceAllResponse replaced = client.index("fresh")
                .replaceAllObjectsAsync(products(3), BatchOptions.of().waitPolicy(FAST))
                .get();

        assertThat(replaced.write().records()).isEqualTo(3);
        assertThat(client.index("fresh").search(SearchQuery.of(), Product.class).nbHits())
                .isEqualTo(3);
        assertThat(indexNames()).containsExactly("fresh");
    }

    @Test
    void deletesTheTemporaryIndexWhenAStepFails() throws InterruptedException {
        index.saveObjects(products(2), WAIT);
        List<Product> replacement = List.of(new Product("n1", "new", "Acme", 1));

        // the service refuses the write into the temporary index
        MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.status(400));
        assertThatThrownBy(() ->
                        index.replaceAllObjects(replacement, BatchOptions.of().waitPolicy(FAST)))
                .isInstanceOf(ReplaceAllException.class)
                .hasRootCauseInstanceOf(BadRequestException.class);
        MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.status(400));
        assertThat(index.replaceAllObjectsAsync(replacement, BatchOptions.of().waitPolicy(FAST)))
                .failsWithin(java.time.Duration.ofSeconds(10))
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(ReplaceAllException.class)
                .withRootCauseInstanceOf(BadRequestException.class);

        waitUntilOnly("products");
        assertThat(index.search(SearchQuery.of(), Product.class).nbHits()).isEqualTo(2);
    }

    private void waitUntilOnly(String name) throws InterruptedException {
        // deleting the temporary index is itself a task, which the failed call does not wait for
        Eventually.waitUntil(
                "the temporary indices to be deleted, leaving " + name,
                () -> indexNames().equals(List.of(name)));
        assertThat(indexNames()).containsExactly(name);
    }

    private void waitFor(WriteSummary summary) {
        index.waitForTask(summary.lastTaskID().orElseThrow(), FAST);
    }

    private List<String> indexNames() {
        return client.listIndices().items().stream().map(IndexInfo::name).toList();
    }

    private static List<Product> products(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> new Product("p" + i, "item " + i, "Acme", 10 * i))
                .toList();
    }
}
