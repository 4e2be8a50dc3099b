package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The ingester's asynchronous adds against the mock server: a producer that never blocks (each add handed in once
 * the previous one's future completes) under backpressure, its saves, updates and deletions applied in call order,
 * mixed with blocking adds.
 */
@Timeout(60)
class IngesterAsyncContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey()).build());

    private final SearchIndex index = client.index("ingested-async");

    @Test
    void aNonBlockingProducerWritesEveryRecordInCallOrder() throws Exception {
        try (Ingester ingester =
                index.ingester(IngesterOptions.of().chunkSize(20).chunksInFlight(1))) {
            CompletableFuture<Void> producer = CompletableFuture.completedFuture(null);
            for (int i = 0; i < 300; i++) {
                int n = i;
                producer = producer.thenCompose(ignored -> ingester.addAsync(Map.of("objectID", "r" + n, "n", n)))
                        .thenCompose(ignored -> n % 3 == 0
                                ? ingester.partialUpdateAsync(Map.of("objectID", "r" + n, "n", -n))
                                : CompletableFuture.completedFuture(null))
                        .thenCompose(ignored ->
                                n % 5 == 0 ? ingester.deleteAsync("r" + n) : CompletableFuture.completedFuture(null));
            }
            producer.get(30, TimeUnit.SECONDS);
            ingester.add(Map.of("objectID", "r0", "n", 1_000)); // a blocking add after them: saved last
            WriteProgress progress = ingester.flush();

            assertThat(progress.recordsFailed()).isZero();
        }
        index.waitForTask(index.deleteObject("no-such-record").taskID(), FAST);
        Map<String, Integer> stored = new HashMap<>();
        for (FreeFormRecord record : index.browseObjects(FreeFormRecord.class)) {
            stored.put(record.objectID().orElseThrow(), ((Number) record.get("n")).intValue());
        }
        Map<String, Integer> expected = new HashMap<>();
        for (int n = 0; n < 300; n++) {
            if (n % 5 != 0) {
                expected.put("r" + n, n % 3 == 0 ? -n : n);
            }
        }
        expected.put("r0", 1_000);
        assertThat(stored).isEqualTo(expected);
    }
}
