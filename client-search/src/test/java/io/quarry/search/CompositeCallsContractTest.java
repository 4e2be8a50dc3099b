package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.NotFoundException;
import io.quarry.core.PagedIterable;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The search helpers show to a call observer as composite calls holding the calls they make. */
@Timeout(60)
class CompositeCallsContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final RecordingObserver observer = new RecordingObserver();
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                    .callObserver(observer)
                    .build());
    private final SearchIndex index = client.index("products");

    @AfterEach
    void close() {
        client.close();
    }

    private static List<Map<String, Object>> records(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> Map.<String, Object>of("objectID", "r" + i, "name", "record " + i))
                .toList();
    }

    @Test
    void replaceAllObjectsHoldsEveryStep() {
        index.saveObjects(records(3), BatchOptions.of().waitingForTasks().waitPolicy(FAST));

        index.replaceAllObjects(records(5), BatchOptions.of().chunkSize(2).waitPolicy(FAST));

        RecordingObserver.Call replace = observer.calls("replaceAllObjects").get(0);
        assertThat(replace.description().isComposite()).isTrue();
        assertThat(replace.description().indexName()).isEqualTo("products");
        assertThat(replace.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(observer.operationsInside(replace))
                .startsWith("copyOrMoveIndex", "saveObjects")
                .contains("waitForTask")
                .endsWith("copyOrMoveIndex", "waitForTask");
        RecordingObserver.Call save = observer.calls("saveObjects").get(1);
        assertThat(save.description().parent()).isSameAs(replace);
        assertThat(save.description().indexName()).startsWith("products_tmp_");
        assertThat(observer.operationsInside(save)).filteredOn("batch"::equals).hasSize(3);
        // the index applies its tasks in order: the write waits for the last one only
        assertThat(observer.operationsInside(save))
                .filteredOn("waitForTask"::equals)
                .hasSize(1);
    }

    @Test
    void browseObjectsAsyncHoldsItsPagesAndEndsInTheCallersContext() {
        index.saveObjects(records(3), BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        RecordingObserver.CONTEXT.set("caller");
        try {
            String context = index.browseObjectsAsync(FreeFormRecord.class)
                    .thenApply(records -> records.size() + " " + RecordingObserver.CONTEXT.get())
                    .join();
            assertThat(context).isEqualTo("3 caller");
        } finally {
            RecordingObserver.CONTEXT.remove();
        }
        RecordingObserver.Call browse = observer.calls("browseObjects").get(0);
        assertThat(browse.awaitEnd(Duration.ofSeconds(5)).outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(observer.operationsInside(browse)).containsOnly("browsePage").isNotEmpty();
    }

    @Test
    void waitForTaskHoldsItsPolls() {
        long task = index.saveObjects(records(1)).lastTaskID().orElseThrow();
        index.waitForTask(task, FAST);

        RecordingObserver.Call wait = observer.calls("waitForTask").get(0);
        assertThat(observer.operationsInside(wait)).isNotEmpty().containsOnly("getTask");
        assertThat(wait.callerContext()).isNull();
    }

    @Test
    void aFullBrowseIterationIsOneCallHoldingItsPages() {
        index.saveObjects(records(5), BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        int seen = 0;
        for (FreeFormRecord record : index.browseObjects(SearchQuery.of().hitsPerPage(2), FreeFormRecord.class)) {
            seen++;
        }

        assertThat(seen).isEqualTo(5);
        assertThat(observer.calls("browseObjects")).hasSize(1);
        RecordingObserver.Call browse = observer.calls("browseObjects").get(0);
        assertThat(browse.description().isComposite()).isTrue();
        assertThat(browse.description().indexName()).isEqualTo("products");
        assertThat(browse.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(browse.endCount()).isEqualTo(1);
        assertThat(observer.operationsInside(browse)).containsExactly("browsePage", "browsePage", "browsePage");
        assertThat(observer.calls("browsePage")).allMatch(c -> c.description().parent() == browse);
    }

    @Test
    void aBrowseStoppedEarlyEndsWhenItsStreamIsClosed() {
        index.saveObjects(records(5), BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        PagedIterable<FreeFormRecord> all = index.browseObjects(SearchQuery.of().hitsPerPage(2), FreeFormRecord.class);

        RecordingObserver.Call browse;
        try (Stream<FreeFormRecord> records = all.stream()) {
            assertThat(records.limit(3).toList()).hasSize(3);
            browse = observer.calls("browseObjects").get(0);
            assertThat(browse.end()).isNull();
        }

        assertThat(browse.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(browse.endCount()).isEqualTo(1);
        assertThat(observer.operationsInside(browse)).containsExactly("browsePage", "browsePage");
        assertThat(observer.calls("browseObjects")).hasSize(1);
    }

    @Test
    void aClosedIteratorReadsNoMorePage() {
        index.saveObjects(records(5), BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        PagedIterable.PageIterator<FreeFormRecord> records = index.browseObjects(
                        SearchQuery.of().hitsPerPage(2), FreeFormRecord.class)
                .iterator();
        records.next();

        records.close();

        assertThat(records.hasNext()).isFalse();
        RecordingObserver.Call browse = observer.calls("browseObjects").get(0);
        assertThat(browse.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(observer.operationsInside(browse)).containsExactly("browsePage");
    }

    @Test
    void aFailedPageEndsTheBrowseCallWithItsError() {
        PagedIterable<FreeFormRecord> missing = client.index("missing").browseObjects(FreeFormRecord.class);

        assertThatThrownBy(() -> missing.iterator().hasNext()).isInstanceOf(NotFoundException.class);

        RecordingObserver.Call browse = observer.calls("browseObjects").get(0);
        assertThat(browse.end().outcome()).isEqualTo(CallEnd.Outcome.FAILURE);
        assertThat(browse.end().error()).isInstanceOf(NotFoundException.class);
        assertThat(observer.operationsInside(browse)).containsExactly("browsePage");
    }

    @Test
    void browsingRulesIsOneCallHoldingItsPages() {
        index.saveObjects(records(1), BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        index.rules().browse().toList();
        index.rules().browseAsync().join();

        List<RecordingObserver.Call> browses = observer.calls("browseRules");
        assertThat(browses).hasSize(2);
        for (RecordingObserver.Call browse : browses) {
            assertThat(browse.awaitEnd(Duration.ofSeconds(5)).outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
            assertThat(observer.operationsInside(browse)).containsExactly("searchRules");
        }
    }
}
