package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarry.core.PartialWriteException;
import io.quarry.core.RequestOptions;
import io.quarry.core.RetryRounds;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.Fault;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Interrupting the thread of a blocking chunked write gives the write up, whether its calls run on that thread (one
 * chunk in flight) or on the client's (several): it fails with a {@link PartialWriteException} whose reason is
 * {@code ABANDONED}, naming the chunks acknowledged before, and the thread's interrupt flag stays set. The write is
 * interrupted while it waits between two rounds of an outage of every host, which lasts on the server's clock.
 */
@Timeout(30)
class ChunkedWriteInterruptContractTest {

    /** The test's own threads for its blocking work, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private static final int CHUNK = 10;
    private static final int RECORDS = 100;

    private final BooksOnThreeHosts fixture = new BooksOnThreeHosts();
    private final RoundCounter rounds = new RoundCounter();
    private final AtomicInteger acknowledged = new AtomicInteger();
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(fixture.server(), fixture.server().adminKey())
                    .callObserver(rounds)
                    .build());
    /** Long waits between rounds: the interrupt lands while the write waits. */
    private final SearchIndex books = client.index("books")
            .withOptions(RequestOptions.builder()
                    .retryRounds(RetryRounds.forOutages().waits(Duration.ofSeconds(10), Duration.ofSeconds(10)))
                    .build());

    @AfterEach
    void close() {
        client.close();
        fixture.close();
    }

    /**
     * The records. Every host answers 503 from the third chunk on, for longer than the test lasts: the outage starts
     * as the writer reads the third chunk's first record, once the first two chunks are acknowledged, so no later
     * chunk can have been sent before it (the listener is told on a thread of its own, too late to start it).
     */
    private Iterable<Map<String, Object>> records() {
        return () -> IntStream.range(0, RECORDS)
                .mapToObj(i -> {
                    if (i == 2 * CHUNK) {
                        startOutageOnceTwoChunksAreAcknowledged();
                    }
                    return Map.<String, Object>of("objectID", "book-" + i, "title", "book " + i);
                })
                .iterator();
    }

    private void startOutageOnceTwoChunksAreAcknowledged() {
        try {
            Eventually.waitUntil("the first two chunks to be acknowledged", () -> acknowledged.get() >= 2);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        fixture.hosts().forEach(host -> host.faults().during(Duration.ofHours(1), Fault.status(503)));
    }

    private BatchOptions chunks(int chunksInFlight) {
        return BatchOptions.of()
                .chunkSize(CHUNK)
                .chunksInFlight(chunksInFlight)
                .listener(chunk -> acknowledged.incrementAndGet());
    }

    @ParameterizedTest(name = "{0} chunk(s) in flight")
    @ValueSource(ints = {1, 2})
    void anInterruptDuringAnOutageAbandonsTheWrite(int chunksInFlight) throws Exception {
        Thread writer = Thread.currentThread();
        CompletableFuture<Void> interrupter = CompletableFuture.runAsync(
                () -> {
                    try {
                        Eventually.waitUntil("the write to wait for a second round", () -> rounds.rounds() > 0);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    writer.interrupt();
                },
                threads);

        PartialWriteException e = catchThrowableOfType(
                PartialWriteException.class, () -> books.saveObjects(records(), chunks(chunksInFlight)));
        boolean interrupted = Thread.interrupted(); // read and cleared, for the next test
        interrupter.get();

        assertThat(e.reason()).isEqualTo(PartialWriteException.Reason.ABANDONED);
        assertThat(interrupted).as("the interrupt flag is set again").isTrue();
        assertThat(e.acknowledged())
                .as("the chunks acknowledged before the outage")
                .extracting(PartialWriteException.Chunk::index)
                .contains(0, 1);
        assertThat(e.notAcknowledged()).isNotEmpty();
        assertThat(e.firstUnsentRecord()).isLessThan(RECORDS);
    }
}
