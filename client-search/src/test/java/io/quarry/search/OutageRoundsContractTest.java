package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.PartialWriteException;
import io.quarry.core.RequestOptions;
import io.quarry.core.RetryRounds;
import io.quarry.core.UnreachableHostsException;
import io.quarry.core.WriteOutcomeUnknownException;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.RoundStart;
import io.quarry.core.spi.TryEnd;
import io.quarry.core.spi.TryStart;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.MutableClock;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.search.model.AttributeOperation;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Writes through three hosts of one mock server while every host fails at once: a chunked write waits and sends its
 * chunk again in new rounds until the hosts answer, within its budget; a write not safe to repeat gets one round.
 * The outage runs on the server's clock, which the test moves once the client has been seen waiting: no sleep. One
 * test rides the outage out with the rounds a chunked write has by default; the others set {@link #SHORT_ROUNDS}, so
 * that the waits between rounds are milliseconds rather than a second.
 */
@Timeout(60)
class OutageRoundsContractTest {

    private static final Duration OUTAGE = Duration.ofSeconds(3);
    private static final int RECORDS = 200;
    private static final int CHUNK = 10;
    /**
     * Waits of milliseconds, but rounds enough to last seconds of a starved test thread before the clock is moved.
     */
    private static final RetryRounds SHORT_ROUNDS = RetryRounds.forOutages()
            .waits(Duration.ofMillis(20), Duration.ofMillis(100))
            .maxRounds(200);
    /** What the 429 asks to wait: ten times the longest first wait of {@link #SHORT_ROUNDS}. */
    private static final Duration RETRY_AFTER = Duration.ofMillis(200);
    /** HTTP's date form (IMF-fixdate), a day of two digits. */
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);

    private final BooksOnThreeHosts fixture = new BooksOnThreeHosts();
    private final MutableClock clock = fixture.clock();
    private final MockServer server = fixture.server();
    private final List<MockHost> hosts = fixture.hosts();
    private final TimedObserver observer = new TimedObserver();
    private final SearchClient client = SearchClient.create(MockServerClients.builder(server, server.adminKey())
            .clock(clock)
            .hostDownTtl(Duration.ofSeconds(10))
            .callObserver(observer)
            .build());
    private final SearchIndex books = client.index("books");
    private final SearchIndex withShortRounds =
            books.withOptions(RequestOptions.builder().retryRounds(SHORT_ROUNDS).build());

    @AfterEach
    void close() {
        client.close();
        fixture.close();
    }

    /** Records without objectID, read lazily: the helper gives each an ID of its own before the first send. */
    private static Iterable<Map<String, Object>> lazyRecords() {
        return () -> IntStream.range(0, RECORDS)
                .mapToObj(i -> Map.<String, Object>of("title", "book " + i))
                .iterator();
    }

    /** Every host answers 503 for the outage, on the server's clock, once the fifth chunk is acknowledged. */
    private BatchOptions outageAfterFiveChunks() {
        return BatchOptions.of().chunkSize(CHUNK).listener(chunk -> {
            if (chunk.index() == 4) {
                hosts.forEach(host -> host.faults().during(OUTAGE, Fault.status(503)));
            }
        });
    }

    /** The default rounds of a chunked write: this test's waits, about a second, are theirs. */
    @Test
    void aLazyWriteRidesOutAnOutageOfEveryHostAndStoresEachRecordOnce() throws Exception {
        CompletableFuture<WriteSummary> write = books.saveObjectsAsync(lazyRecords(), outageAfterFiveChunks());

        Eventually.waitUntil(
                "the write to wait for a second round", () -> observer.rounds().size() >= 2);
        assertThat(write).isNotDone();
        clock.advance(OUTAGE);

        WriteSummary summary = write.get(30, TimeUnit.SECONDS);
        assertThat(summary.records()).isEqualTo(RECORDS);
        assertThat(titleCounts())
                .hasSize(RECORDS)
                .allSatisfy((title, count) -> assertThat(count).as(title).isEqualTo(1));
        assertThat(observer.rounds()).extracting(RoundStart::number).startsWith(2, 3);
    }

    @Test
    void theListenerSeesTheRoundsEachChunkTook() throws Exception {
        OutageListener listener = new OutageListener();
        CompletableFuture<WriteSummary> write = withShortRounds.saveObjectsAsync(
                lazyRecords(), BatchOptions.of().chunkSize(CHUNK).listener(listener));

        Eventually.waitUntil(
                "the write to wait for a second round", () -> observer.rounds().size() >= 2);
        clock.advance(OUTAGE);
        write.get(30, TimeUnit.SECONDS);

        List<ChunkAcknowledged> acknowledged = listener.acknowledged();
        assertThat(acknowledged).hasSize(RECORDS / CHUNK);
        assertThat(acknowledged)
                .filteredOn(chunk -> chunk.index() < 5)
                .as("the chunks before the outage")
                .hasSize(5)
                .allSatisfy(chunk -> assertThat(chunk.rounds()).isEqualTo(1));
        assertThat(acknowledged).anySatisfy(chunk -> assertThat(chunk.rounds()).isGreaterThan(1));
        long waited =
                acknowledged.stream().mapToLong(chunk -> chunk.rounds() - 1).sum();
        assertThat(waited)
                .as("every round after a chunk's first is one the observers heard")
                .isEqualTo(observer.rounds().size());
        assertThat(acknowledged.get(acknowledged.size() - 1).progress().roundsWaited())
                .isEqualTo(waited);
    }

    @Test
    void aFailedChunkTellsTheListenerItsRounds() {
        OutageListener listener = new OutageListener();
        SearchIndex impatient = books.withOptions(RequestOptions.builder()
                .retryRounds(RetryRounds.forOutages()
                        .waits(Duration.ofMillis(20), Duration.ofMillis(40))
                        // ended by the count, not a budget a starved first round could use up alone
                        .maxRounds(3))
                .build());

        assertThatThrownBy(() -> impatient.saveObjects(
                        lazyRecords(), BatchOptions.of().chunkSize(CHUNK).listener(listener)))
                .isInstanceOf(PartialWriteException.class);

        ChunkFailed failed = listener.failed().get(0);
        assertThat(failed.error())
                .isInstanceOfSatisfying(
                        UnreachableHostsException.class,
                        cause -> assertThat(failed.rounds())
                                .isEqualTo(cause.rounds())
                                .isEqualTo(3));
        assertThat(failed.progress().roundsWaited()).isGreaterThanOrEqualTo(failed.rounds() - 1);
    }

    @Test
    void anIngestersListenerSeesTheRoundsOfAChunkSentDuringAnOutage() throws Exception {
        List<ChunkAcknowledged> acknowledged = new CopyOnWriteArrayList<>();
        hosts.forEach(host -> host.faults().during(OUTAGE, Fault.status(503)));
        try (Ingester ingester = withShortRounds.ingester(IngesterOptions.of().listener(acknowledged::add))) {
            ingester.add(Map.of("objectID", "outage-1", "title", "Persuasion"));
            ingester.flushAsync();

            Eventually.waitUntil(
                    "the chunk to wait for a second round",
                    () -> observer.rounds().size() >= 2);
            clock.advance(OUTAGE);
            ingester.flush();
        }

        assertThat(acknowledged).singleElement().satisfies(chunk -> {
            assertThat(chunk.rounds()).isEqualTo(observer.rounds().size() + 1);
            assertThat(chunk.progress().roundsWaited()).isEqualTo(chunk.rounds() - 1);
        });
    }

    @Test
    void aBudgetShorterThanTheOutageStopsTheWriteNamingTheRounds() {
        // The budget runs on the real clock, the outage on the server's, so it is the budget that ends the write.
        // A second of it: a round of three 503s takes milliseconds, but on a loaded machine (load 30) the first round
        // once took longer than a 300 ms budget and the write stopped after one round.
        RetryRounds shortBudget = RetryRounds.forOutages()
                .waits(Duration.ofMillis(20), Duration.ofMillis(40))
                .budget(Duration.ofSeconds(1));
        SearchIndex impatient = books.withOptions(
                RequestOptions.builder().retryRounds(shortBudget).build());

        assertThatThrownBy(() -> impatient.saveObjects(lazyRecords(), outageAfterFiveChunks()))
                .isInstanceOfSatisfying(PartialWriteException.class, e -> {
                    assertThat(e.acknowledgedRecords()).isEqualTo(5L * CHUNK);
                    assertThat(e.getCause()).isInstanceOfSatisfying(UnreachableHostsException.class, cause -> {
                        assertThat(cause.rounds()).isGreaterThan(1);
                        assertThat(e.getMessage()).contains("in " + cause.rounds() + " rounds failed");
                    });
                });
        assertThat(observer.rounds()).isNotEmpty();
    }

    /**
     * The wait is asked for as a date, on the client's clock set {@link #RETRY_AFTER} before a whole second: a number
     * of seconds asks for one at least, where the rounds' own wait is a fiftieth of that.
     */
    @Test
    void aWriteAnswered429WaitsAtLeastWhatRetryAfterAsksThenSucceeds() {
        Instant second = clock.instant().truncatedTo(ChronoUnit.SECONDS).plusSeconds(2);
        clock.advance(Duration.between(clock.instant(), second.minus(RETRY_AFTER)));
        String date = HTTP_DATE.format(second.atOffset(ZoneOffset.UTC));
        hosts.get(0).faults().next(1, Fault.status(429, Map.of("Retry-After", date)));

        WriteSummary summary = withShortRounds.saveObjects(List.of(Map.of("objectID", "2", "title", "Emma")));

        assertThat(summary.records()).isEqualTo(1);
        assertThat(observer.rounds())
                .singleElement()
                .satisfies(round -> assertThat(round.delay()).isGreaterThanOrEqualTo(RETRY_AFTER));
        List<Long> tries = observer.tryTimes();
        assertThat(tries).as("a try answered 429, then one that succeeded").hasSize(4);
        assertThat(Duration.ofNanos(tries.get(2) - tries.get(1))).isGreaterThanOrEqualTo(RETRY_AFTER);
    }

    @Test
    void anIncrementDuringAnOutageGetsOneRoundOnlyAndItsOutcomeIsUnknown() {
        SearchIndex patient = books.withOptions(
                RequestOptions.builder().retryRounds(RetryRounds.forOutages()).build());
        hosts.forEach(host -> host.faults().during(OUTAGE, Fault.status(503)));

        assertThatThrownBy(() -> patient.partialUpdateObject("1", Map.of("reads", AttributeOperation.increment(1))))
                .isInstanceOf(WriteOutcomeUnknownException.class);

        assertThat(fixture.requestCounts().stream().mapToLong(Long::longValue).sum())
                .as("a 503 may follow an applied increment: not sent again")
                .isEqualTo(1);
        assertThat(observer.rounds()).isEmpty();
    }

    private Map<String, Integer> titleCounts() {
        Map<String, Integer> counts = new HashMap<>();
        for (FreeFormRecord record : books.browseObjects(FreeFormRecord.class)) {
            String title = String.valueOf(record.attributes().get("title"));
            if (title.startsWith("book ")) {
                counts.merge(title, 1, Integer::sum);
            }
        }
        return counts;
    }

    /** Scripts the outage once the fifth chunk is acknowledged, as {@link #outageAfterFiveChunks()}; keeps each event. */
    private final class OutageListener implements ChunkListener {
        private final List<ChunkAcknowledged> acknowledged = new CopyOnWriteArrayList<>();
        private final List<ChunkFailed> failed = new CopyOnWriteArrayList<>();

        List<ChunkAcknowledged> acknowledged() {
            return List.copyOf(acknowledged);
        }

        List<ChunkFailed> failed() {
            return List.copyOf(failed);
        }

        @Override
        public void acknowledged(ChunkAcknowledged chunk) {
            acknowledged.add(chunk);
            if (chunk.index() == 4) {
                hosts.forEach(host -> host.faults().during(OUTAGE, Fault.status(503)));
            }
        }

        @Override
        public void failed(ChunkFailed chunk) {
            failed.add(chunk);
        }
    }

    /** Keeps the rounds started and, in order, when each try started and ended ({@link System#nanoTime()}). */
    private static final class TimedObserver implements CallObserver {
        private final List<RoundStart> rounds = new CopyOnWriteArrayList<>();
        private final List<Long> tryTimes = new CopyOnWriteArrayList<>();

        List<RoundStart> rounds() {
            return List.copyOf(rounds);
        }

        /** The start and end times of the tries, alternating, of every call. */
        List<Long> tryTimes() {
            return List.copyOf(tryTimes);
        }

        @Override
        public ObservedCall callStarted(CallDescription call) {
            return new ObservedCall() {
                @Override
                public void tryStarted(TryStart attempt) {
                    tryTimes.add(System.nanoTime());
                }

                @Override
                public void tryEnded(TryEnd attempt) {
                    tryTimes.add(System.nanoTime());
                }

                @Override
                public void roundStarted(RoundStart round) {
                    rounds.add(round);
                }

                @Override
                public void callEnded(CallEnd end) {
                    // nothing kept
                }
            };
        }
    }
}
