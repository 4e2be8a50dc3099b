package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.NotFoundException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.AttributeOperation;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.MultipleBatchResponse;
import io.quarry.search.model.ObjectRequest;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Record endpoints against the mock server over plain HTTP. */
@Tag("classpath-sensitive")
class RecordsContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");

    @Test
    void savesReadsAndReplacesARecord() {
        var saved = index.saveObject("p1", new Product("p1", "Phone", "Acme", 300));
        index.waitForTask(saved.taskID(), FAST);

        assertThat(saved.objectID()).isEqualTo("p1");
        assertThat(index.getObject("p1", Product.class)).isEqualTo(new Product("p1", "Phone", "Acme", 300));

        index.waitForTask(index.saveObject("p1", Map.of("name", "Tablet")).taskID(), FAST);
        FreeFormRecord replaced = index.getObject("p1", FreeFormRecord.class);
        assertThat(replaced.has("brand")).isFalse();
        assertThat(replaced.getString("name")).contains("Tablet");
        assertThat(index.getObjectAttributes("p1", List.of("name"), FreeFormRecord.class)
                        .names())
                .containsExactlyInAnyOrder("objectID", "name");
    }

    @Test
    void addsWithAServiceAssignedObjectID() {
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        var added = index.addObject(Map.of("name", "Lamp"));
        index.waitForTask(added.taskID(), FAST);

        assertThat(added.objectID()).isNotBlank();
        assertThat(added.createdAt()).isBetween(start, Instant.now());
        assertThat(index.getObject(added.objectID(), Product.class).name()).isEqualTo("Lamp");
    }

    @Test
    void updatesPartiallyWithOperationsAndCreateIfNotExists() {
        index.waitForTask(
                index.saveObject("p1", Map.of("name", "Phone", "stock", 10)).taskID(), FAST);

        index.waitForTask(
                index.partialUpdateObject("p1", Map.of("stock", AttributeOperation.decrement(3)))
                        .taskID(),
                FAST);
        index.waitForTask(
                index.partialUpdateExistingObject("ghost", Map.of("name", "Ghost"))
                        .taskID(),
                FAST);

        assertThat(index.getObject("p1", FreeFormRecord.class).getLong("stock")).contains(7L);
        assertThatThrownBy(() -> index.getObject("ghost", FreeFormRecord.class)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void deletesOneByFilterAndAll() {
        BatchResponse batch = index.batch(List.of(
                BatchOperation.of(BatchAction.ADD_OBJECT, new Product("a", "A", "Acme", 1)),
                BatchOperation.of(BatchAction.ADD_OBJECT, new Product("b", "B", "Bolt", 2)),
                BatchOperation.of(BatchAction.ADD_OBJECT, new Product("c", "C", "Acme", 3))));
        index.waitForTask(batch.taskID(), FAST);
        assertThat(batch.objectIDs()).containsExactly("a", "b", "c");
        index.waitForTask(
                index.setSettings(io.quarry.search.model.IndexSettings.of().attributesForFaceting("brand"))
                        .taskID(),
                FAST);

        index.waitForTask(index.deleteObject("a").taskID(), FAST);
        index.waitForTask(index.deleteBy(SearchQuery.of().filters("brand:Bolt")).taskID(), FAST);
        assertThat(index.search(SearchQuery.of(), Product.class).records())
                .extracting(Product::objectID)
                .containsExactly("c");

        index.waitForTask(index.clearObjects().taskID(), FAST);
        assertThat(index.search(SearchQuery.of(), Product.class).nbHits()).isZero();
    }

    @Test
    void batchesOnSeveralIndicesAndReadsAcrossThem() {
        MultipleBatchResponse response = client.multipleBatch(List.of(
                BatchOperation.onIndex("products", BatchAction.ADD_OBJECT, new Product("p1", "Phone", "Acme", 1)),
                BatchOperation.onIndex("brands", BatchAction.ADD_OBJECT, Map.of("objectID", "acme", "name", "Acme"))));
        response.taskID().forEach((name, task) -> client.index(name).waitForTask(task, FAST));

        List<FreeFormRecord> records = client.getObjects(
                List.of(
                        ObjectRequest.of("products", "p1"),
                        new ObjectRequest("brands", "acme", List.of("name")),
                        ObjectRequest.of("brands", "missing")),
                FreeFormRecord.class);

        assertThat(response.taskID()).containsOnlyKeys("products", "brands");
        assertThat(records.get(0).getString("name")).contains("Phone");
        assertThat(records.get(1).getString("name")).contains("Acme");
        assertThat(records.get(2)).isNull();
    }

    @Test
    void asyncFormsComplete() throws Exception {
        var saved = index.saveObjectAsync("p1", new Product("p1", "Phone", "Acme", 1))
                .get();
        index.waitForTaskAsync(saved.taskID(), FAST).get();

        assertThat(index.getObjectAsync("p1", Product.class).get().name()).isEqualTo("Phone");
        assertThat(client.index("none").getObjectAsync("x", Product.class))
                .failsWithin(java.time.Duration.ofSeconds(10))
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(NotFoundException.class);
    }

    @Test
    void encodesObjectIDsWithReservedCharacters() {
        String id = "a/b c?d#e%f";
        index.waitForTask(index.saveObject(id, Map.of("name", "odd")).taskID(), FAST);

        assertThat(index.getObject(id, FreeFormRecord.class).objectID()).contains(id);
    }
}
