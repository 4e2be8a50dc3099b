package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.InvalidRequestException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.AttributeOperation;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Writes the service would apply elsewhere than asked are refused before anything is sent. */
@Tag("classpath-sensitive")
class WriteRefusalsContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");

    @BeforeEach
    void seed() {
        index.waitForTask(index.saveObject("p1", Map.of("name", "Phone")).taskID(), FAST);
    }

    private FreeFormRecord p1() {
        return index.getObject("p1", FreeFormRecord.class);
    }

    private static void assertRefused(CompletableFuture<?> future) {
        assertThat(future).isCompletedExceptionally();
        assertThatThrownBy(future::join)
                .isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(InvalidRequestException.class);
    }

    @Test
    void aBatchOperationOnAnotherIndexIsNotWrittenToThisOne() {
        List<BatchOperation> operations = List.of(
                BatchOperation.of(BatchAction.ADD_OBJECT, Map.of("objectID", "mine")),
                BatchOperation.onIndex("other", BatchAction.CLEAR, null));

        assertThatThrownBy(() -> index.batch(operations))
                .as("it cleared products")
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("operation 1 of a batch on index products names index other");
        assertRefused(index.batchAsync(operations));
        assertThat(p1().getString("name")).contains("Phone");
        assertThat(client.index("other").exists()).isFalse();

        var own = index.batch(
                List.of(BatchOperation.onIndex("products", BatchAction.DELETE_OBJECT, Map.of("objectID", "p1"))));
        index.waitForTask(own.taskID(), FAST);
        assertThat(own.objectIDs()).containsExactly("p1");
    }

    @Test
    void aMultiIndexBatchOperationWithoutItsIndexIsRefusedBeforeSending() {
        List<BatchOperation> operations = List.of(
                BatchOperation.onIndex("products", BatchAction.DELETE_OBJECT, Map.of("objectID", "p1")),
                BatchOperation.of(BatchAction.ADD_OBJECT, Map.of("objectID", "p2")));

        assertThatThrownBy(() -> client.multipleBatch(operations))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("operation 1 of a multi-index batch names no index");
        assertRefused(client.multipleBatchAsync(operations));
        assertThat(p1().getString("name")).contains("Phone");
    }

    @Test
    void aNullRecordOrUpdateLeavesTheRecordAsItWas() {
        // refused at once, naming the parameter, the asynchronous forms too (their futures used to fail instead)
        assertThatThrownBy(() -> index.saveObject("p1", null))
                .as("the record was emptied")
                .isInstanceOf(NullPointerException.class)
                .hasMessage("record");
        assertThatThrownBy(() -> index.partialUpdateObject("p1", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("attributes");
        assertThatThrownBy(() -> index.partialUpdateExistingObject("p1", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("attributes");
        assertThatThrownBy(() -> index.addObject(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("record");
        assertThatThrownBy(() -> index.saveObjectAsync("p1", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("record");
        assertThatThrownBy(() -> index.partialUpdateObjectAsync("p1", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("attributes");
        assertThatThrownBy(() -> index.partialUpdateExistingObjectAsync("p1", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("attributes");
        assertThatThrownBy(() -> index.addObjectAsync(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("record");
        assertThatThrownBy(() -> index.getObjectAsync(null, Map.class))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("objectID");

        assertThat(p1().getString("name")).contains("Phone");
    }

    @Test
    void anOperationWithoutANameOrValueIsRefusedWhenBuilt() {
        assertThatThrownBy(() -> new AttributeOperation(null, 2))
                .as("it failed when sent, without a message, or had its value stored as the attribute")
                .isInstanceOf(NullPointerException.class)
                .hasMessage("operation");
        assertThatThrownBy(() -> AttributeOperation.increment(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("value");
    }
}
