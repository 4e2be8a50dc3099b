package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.PagedIterable;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.TwoHostClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The asynchronous reading of a paged read called on the {@link PagedIterable} itself (not through an
 * {@code ...Async} helper), cancelled at a seeded random page over HTTP against the mock server, whose scripted delay
 * holds that page: the future is cancelled at once, the page's call ends cancelled then rather than with its late
 * answer, once, no further page is asked for, and no host is blamed (the next call goes to the first host). Before,
 * the page's call ran on to its answer, since a module's page function gives back a stage derived from it.
 */
@Timeout(20)
class CancelledPagedReadsRandomTest {

    private static final long SEED = 0x9A6E_5EEDL;
    private static final int CASES = 8;
    /**
     * Far longer than a case waits for the ends, so an end that comes only with the late answer fails it; the
     * case's client waits longer still ({@link #LATE}), so no timeout ends a held call that the cancel left running.
     */
    private static final Duration HELD = Duration.ofSeconds(60);

    /** The read and write timeouts of a case's client: past {@link #HELD}. */
    private static final Duration LATE = HELD.multipliedBy(2);

    /**
     * How long a case waits for the ends: a hang guard that leaves a starved thread room, still far under
     * {@link #HELD}.
     */
    private static final Duration PROMPTLY = Eventually.DEFAULT_LIMIT;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.seedJson("{\"indices\": {\"books\": {"
                    + "\"records\": " + books()
                    + ", \"rules\": [{\"objectID\": \"r1\", \"conditions\": [{\"pattern\": \"book\","
                    + " \"anchoring\": \"contains\"}], \"consequence\": {\"promote\": [{\"objectID\": \"b1\","
                    + " \"position\": 0}]}}]"
                    + ", \"synonyms\": [{\"objectID\": \"s1\", \"type\": \"synonym\","
                    + " \"synonyms\": [\"book\", \"volume\"]}]}}}"))
            .build();

    private static String books() {
        return IntStream.range(0, 12)
                .mapToObj(i -> "{\"objectID\": \"b" + i + "\", \"title\": \"Book " + i + "\"}")
                .toList()
                .toString();
    }

    /** A paged read: the path of its pages, how many pages it has, and how its reading starts. */
    private record Read(String name, String path, int pages, Function<SearchIndex, CompletableFuture<?>> start) {}

    private static final List<Read> READS = List.of(
            new Read(
                    "browseObjects().toListAsync()",
                    "/1/indexes/books/browse",
                    6,
                    index -> index.browseObjects(SearchQuery.of().hitsPerPage(2), Map.class)
                            .toListAsync()),
            new Read(
                    "browseObjects().forEachAsync(...)",
                    "/1/indexes/books/browse",
                    6,
                    index -> index.browseObjects(SearchQuery.of().hitsPerPage(2), Map.class)
                            .forEachAsync(record -> {})),
            new Read(
                    "rules().browse().toListAsync()",
                    "/1/indexes/books/rules/search",
                    1,
                    index -> index.rules().browse().toListAsync()),
            new Read(
                    "synonyms().browse().forEachAsync(...)",
                    "/1/indexes/books/synonyms/search",
                    1,
                    index -> index.synonyms().browse().forEachAsync(synonym -> {})));

    @Test
    void aCancelledReadingCancelsThePageInFlightAndAsksForNoOther() throws Exception {
        Random random = new Random(SEED);
        for (int n = 0; n < CASES; n++) {
            runCase(n, random);
        }
    }

    private void runCase(int n, Random random) throws Exception {
        RecordingObserver observer = new RecordingObserver();
        try (SearchClient client = SearchClient.create(TwoHostClients.config(MOCK.server())
                .callObserver(observer)
                .readTimeout(LATE)
                .writeTimeout(LATE)
                .build())) {
            SearchIndex books = client.index("books");
            Read read = READS.get(n % READS.size());
            // the first pages answer at once, the next one is held: the cancel comes while it is in flight
            int quick = random.nextInt(read.pages());
            boolean mayInterrupt = random.nextBoolean();
            String what = "case " + n + " (seed " + SEED + "): " + read.name() + " cancelled(" + mayInterrupt
                    + ") in page " + (quick + 1);
            MOCK.faults().clear();
            if (quick > 0) {
                MOCK.faults().next(quick, "POST", read.path(), Fault.delay(Duration.ZERO));
            }
            MOCK.faults().share(1.0, SEED, "POST", read.path(), Fault.delay(HELD));

            CompletableFuture<?> future = read.start().apply(books);
            Eventually.waitUntil(
                    what + ": the held page was asked for",
                    () -> observer.calls().size() > quick);
            assertThat(future.cancel(mayInterrupt)).as(what).isTrue();

            assertThat(future).as(what).isCancelled();
            Eventually.waitUntil(
                    what + ": every call ended, the held page's too",
                    () -> observer.calls().stream().allMatch(c -> c.end() != null),
                    PROMPTLY);
            List<RecordingObserver.Call> calls = observer.calls();
            assertThat(calls).as(what + ": the pages asked for").hasSize(quick + 1);
            assertThat(calls.get(quick).end().outcome())
                    .as(what + ": the held page's call")
                    .isEqualTo(CallEnd.Outcome.CANCELLED);
            MOCK.faults().clear();
            books.getObject("b0", Map.class);
            calls = observer.calls();
            assertThat(calls).as(what + ": one end per call").allMatch(c -> c.endCount() == 1);
            assertThat(calls).as(what + ": no further page, then the next call").hasSize(quick + 2);
            assertThat(calls.get(calls.size() - 1).tryStarts().get(0).host().toString())
                    .as(what + ": the host of the next call")
                    .contains("a.test");
        }
    }
}
