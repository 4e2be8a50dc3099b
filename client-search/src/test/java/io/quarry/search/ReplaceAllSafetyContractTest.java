package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.PartialWriteException;
import io.quarry.core.ReplaceAllException;
import io.quarry.core.RequestOptions;
import io.quarry.core.RetryRounds;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.IndexInfo;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.search.model.Synonym;
import io.quarry.testsupport.MockServerClients;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * replaceAllObjects cannot wipe an index by accident: an empty source is refused unless asked for, and a failure at
 * any step (faults scripted on the mock server) leaves the index as it was and no temporary index behind.
 */
@Timeout(60)
class ReplaceAllSafetyContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final BatchOptions OPTIONS = BatchOptions.of().chunkSize(10).waitPolicy(FAST);

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");

    /**
     * One round only: by default a step that every host failed (here, the one host) is tried again in a new round,
     * and succeeds once the scripted fault is spent.
     */
    private final SearchIndex failingFast = index.withOptions(
            RequestOptions.builder().retryRounds(RetryRounds.of()).build());

    @BeforeEach
    void storeTheOriginal() {
        index.saveObjects(
                products("old", 25), BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        index.waitForTask(
                index.setSettings(IndexSettings.of().customRanking("desc(price)"))
                        .taskID(),
                FAST);
        index.waitForTask(
                index.synonyms().save(Synonym.regular("s", "lamp", "light")).taskID(), FAST);
    }

    @Test
    void anEmptySourceIsRefusedBeforeAnythingChanges() {
        Iterator<Product> none = Collections.emptyIterator();

        assertThatThrownBy(() -> index.replaceAllObjects(List.of()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("the source holds no record")
                .hasMessageContaining("allowingEmptyIndex()");
        assertThatThrownBy(() -> index.replaceAllObjects(() -> none, OPTIONS))
                .isInstanceOf(InvalidRequestException.class);
        assertThat(index.replaceAllObjectsAsync(List.<Product>of()))
                .failsWithin(java.time.Duration.ofSeconds(10))
                .withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(InvalidRequestException.class);

        assertOriginalUnchanged();
        assertThat(indexNames()).containsExactly("products");
    }

    @Test
    void anEmptyIndexWhenAskedForKeepsTheSettings() {
        ReplaceAllResponse replaced = index.replaceAllObjects(List.of(), OPTIONS.allowingEmptyIndex());

        assertThat(replaced.write().records()).isZero();
        assertThat(index.browseObjects(Product.class).stream().count()).isZero();
        assertThat(index.getSettings().getStrings("customRanking")).containsExactly("desc(price)");
        assertThat(indexNames()).containsExactly("products");
    }

    @Test
    void aFailedCopyOfSettingsRulesAndSynonymsLeavesTheIndexAsItWas() throws Exception {
        MOCK.faults().next(1, "POST", "/1/indexes/products/operation", Fault.status(503));

        ReplaceAllException failure = catchThrowableOfType(
                ReplaceAllException.class, () -> failingFast.replaceAllObjects(products("new", 30), OPTIONS));

        assertThat(failure.step()).isEqualTo(ReplaceAllObjects.COPYING);
        assertThat(failure.cleanup()).isEqualTo(ReplaceAllException.Cleanup.DELETED);
        assertThat(failure.index()).isEqualTo("products");
        assertThat(failure.temporaryIndex()).startsWith("products_tmp_");
        assertThat(failure.getMessage())
                .contains("index products is unchanged")
                .contains("the temporary index " + failure.temporaryIndex() + " was deleted");
        assertLeftAsItWas();
    }

    @Test
    void aFailedChunkLeavesTheIndexAsItWas() throws Exception {
        // the third chunk into the temporary index fails
        MOCK.faults().next(2, "POST", "/1/indexes/products_tmp_*/batch", Fault.delay(java.time.Duration.ZERO));
        MOCK.faults().next(1, "POST", "/1/indexes/products_tmp_*/batch", Fault.status(503));

        ReplaceAllException failure = catchThrowableOfType(
                ReplaceAllException.class, () -> failingFast.replaceAllObjects(products("new", 50)::iterator, OPTIONS));

        assertThat(failure.step()).isEqualTo(ReplaceAllObjects.WRITING);
        assertThat(failure.getCause()).isInstanceOf(PartialWriteException.class);
        assertThat(((PartialWriteException) failure.getCause()).acknowledgedRecords())
                .isEqualTo(20);
        assertLeftAsItWas();
    }

    @Test
    void aFailedMoveLeavesTheIndexAsItWas() throws Exception {
        MOCK.faults().next(1, "POST", "/1/indexes/products_tmp_*/operation", Fault.status(503));

        ReplaceAllException failure = catchThrowableOfType(
                ReplaceAllException.class, () -> failingFast.replaceAllObjects(products("new", 30), OPTIONS));

        assertThat(failure.step()).isEqualTo(ReplaceAllObjects.MOVING);
        assertLeftAsItWas();
    }

    @Test
    void aFailedStepOfTheAsyncFormLeavesTheIndexAsItWas() throws Exception {
        MOCK.faults().next(1, "POST", "/1/indexes/products_tmp_*/operation", Fault.status(503));

        ExecutionException failure = catchThrowableOfType(
                ExecutionException.class,
                () -> failingFast
                        .replaceAllObjectsAsync(products("new", 30), OPTIONS)
                        .get(30, TimeUnit.SECONDS));

        assertThat(failure.getCause()).isInstanceOf(ReplaceAllException.class);
        assertThat(((ReplaceAllException) failure.getCause()).step()).isEqualTo(ReplaceAllObjects.MOVING);
        assertLeftAsItWas();
    }

    @Test
    void aTemporaryIndexThatCouldNotBeDeletedIsNamedSoTheCallerCanRemoveIt() throws Exception {
        MOCK.faults().next(1, "POST", "/1/indexes/products_tmp_*/operation", Fault.status(503));
        MOCK.faults().next(1, "DELETE", "/1/indexes/products_tmp_*", Fault.status(503));

        ReplaceAllException failure = catchThrowableOfType(
                ReplaceAllException.class, () -> failingFast.replaceAllObjects(products("new", 30), OPTIONS));

        assertThat(failure.cleanup()).isEqualTo(ReplaceAllException.Cleanup.LEFT_BEHIND);
        assertThat(failure.getMessage())
                .contains("the temporary index " + failure.temporaryIndex()
                        + " could not be deleted and is left behind: delete it");
        assertThat(failure.getSuppressed()).hasSize(1);
        assertThat(indexNames()).contains(failure.temporaryIndex());
        assertOriginalUnchanged();

        SearchIndex leftBehind = client.index(failure.temporaryIndex());
        leftBehind.waitForTask(leftBehind.delete().taskID(), FAST);
        assertThat(indexNames()).containsExactly("products");
    }

    @Test
    void aSourceThatFailsWhileWritingLeavesTheIndexAsItWas() throws Exception {
        Iterator<Product> failing = IntStream.range(0, 40)
                .mapToObj(i -> {
                    if (i == 25) {
                        throw new IllegalStateException("export broke");
                    }
                    return new Product("new" + i, "item", "Acme", i);
                })
                .iterator();

        ReplaceAllException failure =
                catchThrowableOfType(ReplaceAllException.class, () -> index.replaceAllObjects(() -> failing, OPTIONS));

        assertThat(failure.step()).isEqualTo(ReplaceAllObjects.WRITING);
        assertThat(failure.getCause())
                .isInstanceOfSatisfying(
                        PartialWriteException.class,
                        partial -> assertThat(partial.reason()).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED));
        assertThat(failure.getCause().getCause()).hasMessage("export broke");
        assertLeftAsItWas();
    }

    private void assertLeftAsItWas() throws InterruptedException {
        assertOriginalUnchanged();
        // deleting the temporary index is itself a task, which the failed call does not wait for
        Eventually.waitUntil(
                "the temporary index to be deleted", () -> indexNames().equals(List.of("products")));
    }

    private void assertOriginalUnchanged() {
        assertThat(index.browseObjects(Product.class).stream().map(Product::objectID))
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.range(0, 25).mapToObj(i -> "old" + i).toList());
        assertThat(index.getSettings().getStrings("customRanking")).containsExactly("desc(price)");
        assertThat(index.synonyms().get("s").synonyms()).containsExactly("lamp", "light");
    }

    private List<String> indexNames() {
        return client.listIndices().items().stream().map(IndexInfo::name).toList();
    }

    private static List<Product> products(String prefix, int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> new Product(prefix + i, "item " + i, "Acme", i))
                .toList();
    }
}
