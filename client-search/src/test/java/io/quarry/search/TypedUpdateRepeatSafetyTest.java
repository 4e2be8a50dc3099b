package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ClientConfig;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.core.PartialWriteException;
import io.quarry.core.WriteOutcomeUnknownException;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.FaultInjectingProxy.Action;
import io.quarry.search.model.AttributeOperation;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.WriteSummary;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A chunked write's typed partial updates are serialised once, by their chunk's request, which notes a cumulative
 * operation as it writes it: the request is then not sent again once it may have been applied, and a chunk without
 * one still is. Before, each typed update was converted to a map as its chunk was made, to look for one, and then
 * serialised again for the request. A single typed update and an ingester's are serialised once too: written as
 * they are when their class can carry no operation, else watched as they are written.
 */
@Timeout(60)
class TypedUpdateRepeatSafetyTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    /** How many times a {@link Counter}'s operation was read, that is how many times one was serialised. */
    private static final AtomicInteger READS = new AtomicInteger();

    /** A typed update that counts its serialisations. */
    public record Counter(String objectID, AttributeOperation count) {
        @Override
        public AttributeOperation count() {
            READS.incrementAndGet();
            return count;
        }
    }

    private FaultInjectingProxy proxy;
    private SearchClient client;

    @BeforeEach
    void start() throws Exception {
        proxy = new FaultInjectingProxy(MOCK.server().url(), (n, method, path) -> Action.FORWARD);
        int port = proxy.port();
        ClientConfig config = ClientConfig.builder(
                        MOCK.server().applicationId(), MOCK.server().adminKey())
                .hosts(Host.of("http://a.test:" + port), Host.of("http://b.test:" + port))
                .allowInsecureHttp()
                .httpClient(LoopbackHttp.loopbackDnsClient())
                .logLevel(LogLevel.NONE)
                .build();
        client = SearchClient.create(config);
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        proxy.close();
    }

    /** The first batch request is applied and its answer lost (the connection reset); everything else forwarded. */
    private void firstBatchAppliedThenReset() {
        AtomicInteger batches = new AtomicInteger();
        proxy.plan((n, method, path) ->
                path.endsWith("/batch") && batches.getAndIncrement() == 0 ? Action.FORWARD_THEN_RESET : Action.FORWARD);
    }

    private SearchIndex counters(String name) {
        SearchIndex index = client.index(name);
        index.waitForTask(index.saveObject("c", Map.of("count", 0)).taskID(), FAST);
        return index;
    }

    /** The counter's value once every write that reached the service is applied (see WritesUnderFaultsTest). */
    private static long settledCount(SearchIndex index) {
        index.waitForTask(index.deleteObject("no-such-record").taskID(), FAST);
        return ((Number) index.getObject("c", FreeFormRecord.class).get("count")).longValue();
    }

    @Test
    void eachTypedUpdateIsSerialisedOnce() {
        SearchIndex index = client.index("once");
        List<Counter> updates = IntStream.range(0, 10)
                .mapToObj(i -> new Counter("c" + i, AttributeOperation.increment(1)))
                .toList();
        READS.set(0);

        index.partialUpdateObjects(updates, BatchOptions.of().chunkSize(4));

        assertThat(READS.get()).isEqualTo(updates.size());
    }

    /** A typed update that cannot carry an operation: its class's layout says so, and it is not watched. */
    public record Named(String objectID, String name) {
        @Override
        public String name() {
            READS.incrementAndGet();
            return name;
        }
    }

    @Test
    void aSingleTypedUpdateIsSerialisedOnce() {
        SearchIndex index = counters("single-once");
        READS.set(0);

        index.partialUpdateObject("c", new Counter("c", AttributeOperation.increment(1)));
        index.partialUpdateObjectAsync("c", new Named("c", "n")).join();

        assertThat(READS.get()).isEqualTo(2);
    }

    @Test
    void anIngestersTypedUpdatesAreSerialisedOnce() {
        SearchIndex index = counters("ingested-once");
        READS.set(0);

        try (Ingester ingester = index.ingester()) {
            ingester.partialUpdate(new Counter("c", AttributeOperation.increment(2)));
            ingester.partialUpdate(new Named("c", "n"));
            assertThat(READS.get()).isEqualTo(2);
            assertThat(ingester.flush().recordsAcknowledged()).isEqualTo(2);
        }

        assertThat(READS.get()).isEqualTo(2);
        assertThat(settledCount(index)).isEqualTo(2);
    }

    @Test
    void anIngestersTypedIncrementWhoseAnswerIsLostIsNotSentAgain() {
        SearchIndex index = counters("ingested-increment");
        firstBatchAppliedThenReset();

        try (Ingester ingester = index.ingester()) {
            ingester.partialUpdate(new Counter("c", AttributeOperation.increment(3)));
            assertThat(ingester.flush().recordsFailed()).isEqualTo(1);
        }

        assertThat(settledCount(index)).isEqualTo(3);
    }

    @Test
    void aBatchOfTheCallersOwnWritesATypedUpdateThatCanCarryNoOperationOnce() {
        SearchIndex index = counters("batch-once");
        READS.set(0);

        index.batch(List.of(BatchOperation.of(BatchAction.PARTIAL_UPDATE_OBJECT, new Named("c", "n"))));

        assertThat(READS.get()).isEqualTo(1);
    }

    @Test
    void aTypedIncrementInABatchOfTheCallersOwnWhoseAnswerIsLostIsNotSentAgain() {
        SearchIndex index = counters("batch-increment");
        firstBatchAppliedThenReset();

        assertThatThrownBy(() -> index.batch(List.of(BatchOperation.of(
                        BatchAction.PARTIAL_UPDATE_OBJECT, new Counter("c", AttributeOperation.increment(4))))))
                .isInstanceOf(WriteOutcomeUnknownException.class);

        assertThat(settledCount(index)).isEqualTo(4);
    }

    @Test
    void aSingleTypedUpdateThatSetsIsSentAgainWhenItsAnswerIsLost() {
        SearchIndex index = counters("single-set");
        AtomicInteger writes = new AtomicInteger();
        proxy.plan((n, method, path) ->
                !method.equals("GET") && writes.getAndIncrement() == 0 ? Action.FORWARD_THEN_RESET : Action.FORWARD);

        index.partialUpdateObject("c", new Counter("c", AttributeOperation.incrementSet(7)));

        assertThat(settledCount(index)).isEqualTo(7);
        assertThat(proxy.count(Action.FORWARD_THEN_RESET)).isEqualTo(1);
    }

    @Test
    void aTypedIncrementWhoseAnswerIsLostIsNotSentAgain() {
        SearchIndex index = counters("typed-increment");
        firstBatchAppliedThenReset();

        assertThatThrownBy(() -> index.partialUpdateObjects(List.of(new Counter("c", AttributeOperation.increment(1)))))
                .isInstanceOfSatisfying(PartialWriteException.class, e -> {
                    assertThat(e.reason()).isEqualTo(PartialWriteException.Reason.CHUNK_FAILED);
                    assertThat(e.notAcknowledged()).hasSize(1);
                })
                .hasCauseInstanceOf(WriteOutcomeUnknownException.class);

        assertThat(settledCount(index)).isEqualTo(1);
        assertThat(proxy.count(Action.FORWARD_THEN_RESET)).isEqualTo(1);
    }

    @Test
    void aTypedIncrementAsyncWhoseAnswerIsLostIsNotSentAgain() {
        SearchIndex index = counters("typed-increment-async");
        firstBatchAppliedThenReset();

        assertThatThrownBy(() -> index.partialUpdateObjectsAsync(
                                List.of(new Counter("c", AttributeOperation.increment(2))),
                                BatchOptions.of().chunksInFlight(2))
                        .join())
                .cause()
                .isInstanceOf(PartialWriteException.class)
                .hasCauseInstanceOf(WriteOutcomeUnknownException.class);

        assertThat(settledCount(index)).isEqualTo(2);
    }

    @Test
    void aTypedIncrementOfOneRecordWhoseAnswerIsLostIsNotSentAgain() {
        // the check outside chunked writes converts the record: its nested objects are free-form records, not maps
        SearchIndex index = counters("typed-one");
        AtomicInteger writes = new AtomicInteger();
        proxy.plan((n, method, path) ->
                !method.equals("GET") && writes.getAndIncrement() == 0 ? Action.FORWARD_THEN_RESET : Action.FORWARD);

        assertThatThrownBy(() -> index.partialUpdateObject("c", new Counter("c", AttributeOperation.increment(1))))
                .isInstanceOf(WriteOutcomeUnknownException.class);

        assertThat(settledCount(index)).isEqualTo(1);
    }

    @Test
    void aTypedUpdateThatSetsIsSentAgainWhenItsAnswerIsLost() {
        SearchIndex index = counters("typed-set");
        firstBatchAppliedThenReset();

        WriteSummary written =
                index.partialUpdateObjects(List.of(new Counter("c", AttributeOperation.incrementSet(5))));

        assertThat(written.records()).isEqualTo(1);
        assertThat(settledCount(index)).isEqualTo(5);
        assertThat(proxy.count(Action.FORWARD_THEN_RESET)).isEqualTo(1);
    }
}
