package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.WriteRefusedException;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Producers racing {@code flush()} and {@code close()} called from another thread: every record whose add returned
 * is stored exactly once, every record refused ({@code CLOSED}) is not stored, and each flush reports at least what
 * was acknowledged before it.
 */
@Timeout(60)
class IngesterRacesContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final int PRODUCERS = 4;
    private static final int RECORDS = 250;

    @AutoClose
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey()).build());

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private static IngesterOptions options() {
        return IngesterOptions.of().chunkSize(20).chunksInFlight(2).flushInterval(Duration.ofMinutes(1));
    }

    @Test
    void flushesRacingProducersNeitherLoseNorDuplicateARecord() throws Exception {
        SearchIndex index = client.index("races-flush");
        AtomicInteger producing = new AtomicInteger(PRODUCERS);
        List<Long> flushed = new ArrayList<>();
        try (Ingester ingester = index.ingester(options())) {
            List<Future<?>> producers = startProducers(ingester, producing, ConcurrentHashMap.newKeySet());
            Future<?> flusher = threads.submit(() -> {
                while (producing.get() > 0) {
                    flushed.add(ingester.flush().recordsAcknowledged());
                }
            });
            for (Future<?> producer : producers) {
                producer.get(30, TimeUnit.SECONDS);
            }
            flusher.get(30, TimeUnit.SECONDS);
            WriteProgress last = ingester.flush();
            assertThat(last.recordsAcknowledged()).isEqualTo(PRODUCERS * RECORDS);
            assertThat(last.recordsFailed()).isZero();
        }
        assertThat(flushed)
                .as("each flush reports at least what the one before did")
                .isSorted();
        assertThat(storedCopies(index))
                .hasSize(PRODUCERS * RECORDS)
                .allSatisfy((n, copies) ->
                        assertThat(copies).as("copies of record %d", n).isOne());
    }

    @Test
    void aCloseRacingProducersRefusesOnlyRecordsItDoesNotStore() throws Exception {
        SearchIndex index = client.index("races-close");
        AtomicInteger producing = new AtomicInteger(PRODUCERS);
        Set<Integer> taken = ConcurrentHashMap.newKeySet();
        Ingester ingester = index.ingester(options());
        List<Future<?>> producers = startProducers(ingester, producing, taken);
        Eventually.waitUntil("some records to be taken", () -> taken.size() >= RECORDS);

        ingester.close();

        for (Future<?> producer : producers) {
            producer.get(30, TimeUnit.SECONDS);
        }
        assertThat(ingester.progress().recordsAcknowledged()).isEqualTo(taken.size());
        Map<Integer, Integer> stored = storedCopies(index);
        assertThat(stored.keySet()).as("stored: exactly the records taken").isEqualTo(taken);
        assertThat(stored.values()).containsOnly(1);
    }

    /**
     * Starts the producers: each hands in its records, notes those taken, and stops at the first refusal, which must
     * be a close's.
     */
    private List<Future<?>> startProducers(Ingester ingester, AtomicInteger producing, Set<Integer> taken) {
        List<Future<?>> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int first = p * RECORDS;
            producers.add(threads.submit(() -> {
                try {
                    for (int n = first; n < first + RECORDS; n++) {
                        ingester.add(Map.of("objectID", "r" + n, "n", n));
                        taken.add(n);
                    }
                } catch (WriteRefusedException e) {
                    assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.CLOSED);
                } finally {
                    producing.decrementAndGet();
                }
            }));
        }
        return producers;
    }

    /** How many stored records carry each number, once every write so far is applied. */
    private static Map<Integer, Integer> storedCopies(SearchIndex index) {
        index.waitForTask(index.deleteObject("no-such-record").taskID(), FAST);
        Map<Integer, Integer> copies = new HashMap<>();
        for (FreeFormRecord record : index.browseObjects(FreeFormRecord.class)) {
            copies.merge(((Number) record.get("n")).intValue(), 1, Integer::sum);
        }
        return copies;
    }
}
