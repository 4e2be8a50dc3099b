package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.WaitPolicy;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.TwoHostClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Asynchronous helpers that make several calls, cancelled at seeded random points over HTTP against the mock server
 * (its scripted delays hold a try in flight): the future is cancelled at once, the call in flight ends then rather
 * than when its late answer comes, no further poll or page is sent, each observed call ends once, and no host is
 * blamed (the next call goes to the first host). Before, the poll or page in flight ran on to its answer. A stage
 * a user derives from a call's future stays a plain {@link CompletableFuture}'s: cancelling it leaves the call
 * running to its answer.
 */
@Timeout(20)
class CancelledAsyncHelpersRandomTest {

    private static final long SEED = 0x5EED_C0DEL;
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

    record Book(String objectID, String title) {}

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.taskDelay(Duration.ofHours(1))
                    .seedJson("{\"indices\": {\"books\": {\"records\": " + books() + "}}}"))
            .build();

    private static String books() {
        return IntStream.range(0, 12)
                .mapToObj(i -> "{\"objectID\": \"b" + i + "\", \"title\": \"Book " + i + "\"}")
                .toList()
                .toString();
    }

    /**
     * An asynchronous helper: the method and path of the tries that may be held, how many such tries it makes at
     * most, and how many other tries come before them.
     */
    private record Helper(
            String name,
            String method,
            String path,
            int tries,
            int triesBefore,
            Function<SearchIndex, CompletableFuture<?>> start) {}

    private static List<Helper> helpers(long taskID) {
        WaitPolicy slowPolls = new WaitPolicy(50, Duration.ofMillis(1), Duration.ofMillis(1), 1.0);
        return List.of(
                new Helper(
                        "waitForTaskAsync",
                        "GET",
                        "/1/indexes/books/task/**",
                        50,
                        0,
                        index -> index.waitForTaskAsync(taskID, slowPolls)),
                new Helper(
                        "browseObjectsAsync",
                        "POST",
                        "/1/indexes/books/browse",
                        7,
                        0,
                        index -> index.browseObjectsAsync(SearchQuery.of().hitsPerPage(2), Map.class)),
                new Helper(
                        "saveObjectsAsync waiting for its task",
                        "GET",
                        "/1/indexes/books/task/**",
                        50,
                        1,
                        index -> index.saveObjectsAsync(
                                List.of(Map.of("objectID", "w", "title", "Waited")),
                                BatchOptions.of().waitingForTasks().waitPolicy(slowPolls))),
                new Helper(
                        "searchAsync",
                        "POST",
                        "/1/indexes/books/query",
                        1,
                        0,
                        index -> index.searchAsync(SearchQuery.of("book"), Map.class)));
    }

    @Test
    void aCancelledHelperStopsAtOnceAndBlamesNoHost() throws Exception {
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
            long taskID = books.saveObject("n" + n, Map.of("title", "New " + n)).taskID();
            List<Helper> helpers = helpers(taskID);
            Helper helper = helpers.get(n % helpers.size());
            // the first tries answer at once, the next one is held: the cancel comes while it is in flight
            int quick = random.nextInt(Math.min(3, helper.tries()));
            boolean mayInterrupt = random.nextBoolean();
            String what = "case " + n + " (seed " + SEED + "): " + helper.name() + " cancelled(" + mayInterrupt
                    + ") in try " + (quick + 1);
            MOCK.faults().clear();
            if (quick > 0) {
                MOCK.faults().next(quick, helper.method(), helper.path(), Fault.delay(Duration.ZERO));
            }
            MOCK.faults().share(1.0, SEED, helper.method(), helper.path(), Fault.delay(HELD));
            int triesBefore = triesStarted(observer) + helper.triesBefore();

            CompletableFuture<?> future = helper.start().apply(books);
            Eventually.waitUntil(what + ": the held try started", () -> triesStarted(observer) > triesBefore + quick);
            assertThat(future.cancel(mayInterrupt)).as(what).isTrue();

            assertThat(future).as(what).isCancelled();
            Eventually.waitUntil(
                    what + ": every call ended, the one in flight too",
                    () -> observer.calls().stream().allMatch(c -> c.end() != null),
                    PROMPTLY);
            int tries = triesStarted(observer);
            MOCK.faults().clear();
            books.getObject("b0", Map.class);
            List<RecordingObserver.Call> calls = observer.calls();
            assertThat(calls).as(what + ": one end per call").allMatch(c -> c.endCount() == 1);
            assertThat(triesStarted(observer))
                    .as(what + ": no further try after the cancel, then the next call")
                    .isEqualTo(tries + 1);
            assertThat(calls.get(calls.size() - 1).tryStarts().get(0).host().toString())
                    .as(what + ": the host of the next call")
                    .contains("a.test");
        }
    }

    @Test
    void cancellingAStageDerivedFromASearchLeavesTheSearchRunningToItsAnswer() throws Exception {
        RecordingObserver observer = new RecordingObserver();
        try (SearchClient client = SearchClient.create(
                TwoHostClients.config(MOCK.server()).callObserver(observer).build())) {
            MOCK.faults().clear();
            // long enough for the cancel to come while the search is in flight, which the test waits for
            MOCK.faults().next(1, "POST", "/1/indexes/books/query", Fault.delay(Duration.ofMillis(300)));
            CompletableFuture<SearchResponse<Book>> search =
                    client.index("books").searchAsync(SearchQuery.of("book 1"), Book.class);
            CompletableFuture<Integer> hits =
                    search.thenApply(answer -> answer.hits().size());
            Eventually.waitUntil("the search is in flight", () -> triesStarted(observer) == 1);

            assertThat(hits.cancel(true)).isTrue();

            assertThat(hits).isCancelled();
            assertThat(search).isNotCancelled();
            assertThat(search.get(5, TimeUnit.SECONDS).hits()).isNotEmpty();
            RecordingObserver.Call call = observer.calls().get(0);
            assertThat(call.awaitEnd(Duration.ofSeconds(5)).outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
            assertThat(call.endCount()).isEqualTo(1);
        }
    }

    private static int triesStarted(RecordingObserver observer) {
        return observer.calls().stream().mapToInt(c -> c.tryStarts().size()).sum();
    }
}
