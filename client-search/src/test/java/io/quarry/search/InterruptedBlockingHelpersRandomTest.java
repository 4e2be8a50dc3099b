package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.QuarryException;
import io.quarry.core.WaitPolicy;
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
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Blocking helpers whose thread is interrupted at seeded random points, over HTTP against the mock server (its
 * scripted delays hold a try in flight): before the call or while {@code waitForTask} sleeps between polls, the
 * helper ends at once with a {@link QuarryException}; while a try waits for its answer, the answer is taken when it
 * comes (the JDK's sockets do not see an interrupt, and sockets that do cost every call, as benchmarks/README.md
 * records), unless the interrupt came before the request went out, and then the helper ends typed. Every case keeps the interrupt flag, ends every observed
 * call once, and blames no host (the next call goes to the first host).
 */
@Timeout(20)
class InterruptedBlockingHelpersRandomTest {

    private static final long SEED = 0x1A7E_5EEDL;
    private static final int CASES = 6;
    /** Far longer than a case waits for the thread to end, so a sleep the interrupt did not end fails it. */
    private static final Duration HELD = Duration.ofSeconds(60);
    /** How long a held try waits for its answer: the interrupt takes effect when it comes. */
    private static final Duration ANSWER_DELAY = Duration.ofMillis(200);

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

    /** A blocking helper, and the path of the tries a case holds. */
    private record Helper(String name, String method, String path, Consumer<SearchIndex> run) {}

    private static List<Helper> helpers(long taskID, WaitPolicy polls) {
        return List.of(
                new Helper("waitForTask", "GET", "/1/indexes/books/task/**", index -> index.waitForTask(taskID, polls)),
                new Helper(
                        "browseObjects",
                        "POST",
                        "/1/indexes/books/browse",
                        index -> index.browseObjects(SearchQuery.of().hitsPerPage(2), Map.class)
                                .toList()),
                new Helper(
                        "search",
                        "POST",
                        "/1/indexes/books/query",
                        index -> index.search(SearchQuery.of("book"), Map.class)));
    }

    /** Where the interrupt comes. */
    private enum When {
        BEFORE_THE_CALL,
        DURING_A_TRY,
        BETWEEN_POLLS
    }

    @Test
    void anInterruptedHelperEndsTypedAtOnceAndBlamesNoHost() throws Exception {
        Random random = new Random(SEED);
        for (int n = 0; n < CASES; n++) {
            When when = When.values()[random.nextInt(When.values().length)];
            runCase(n, random, when);
        }
    }

    private void runCase(int n, Random random, When when) throws Exception {
        RecordingObserver observer = new RecordingObserver();
        try (SearchClient client = SearchClient.create(
                TwoHostClients.config(MOCK.server()).callObserver(observer).build())) {
            SearchIndex books = client.index("books");
            long taskID = books.saveObject("n" + n, Map.of("title", "New " + n)).taskID();
            // between polls: a long sleep after a first quick poll
            WaitPolicy polls = when == When.BETWEEN_POLLS
                    ? new WaitPolicy(3, HELD, HELD, 1.0)
                    : new WaitPolicy(50, Duration.ofMillis(1), Duration.ofMillis(1), 1.0);
            List<Helper> helpers = helpers(taskID, polls);
            Helper helper = when == When.BETWEEN_POLLS ? helpers.get(0) : helpers.get(random.nextInt(helpers.size()));
            String what = "case " + n + " (seed " + SEED + "): " + helper.name() + " interrupted " + when;
            MOCK.faults().clear();
            if (when == When.DURING_A_TRY) {
                MOCK.faults().share(1.0, SEED, helper.method(), helper.path(), Fault.delay(ANSWER_DELAY));
            }
            int triesBefore = triesStarted(observer);

            CompletableFuture<Throwable> ended = new CompletableFuture<>();
            CompletableFuture<Boolean> flagKept = new CompletableFuture<>();
            Thread caller = new Thread(() -> {
                if (when == When.BEFORE_THE_CALL) {
                    Thread.currentThread().interrupt();
                }
                try {
                    helper.run().accept(books);
                    ended.complete(null);
                } catch (Throwable e) {
                    ended.complete(e);
                } finally {
                    flagKept.complete(Thread.interrupted());
                }
            });
            caller.start();
            if (when != When.BEFORE_THE_CALL) {
                Eventually.waitUntil(
                        what + ": the try to interrupt started",
                        () -> when == When.DURING_A_TRY
                                ? triesStarted(observer) > triesBefore
                                : observer.calls("getTask").stream().anyMatch(c -> c.end() != null));
                caller.interrupt();
            }

            Eventually.waitUntil(what + ": the thread ended", ended::isDone);
            if (when == When.DURING_A_TRY) {
                // seen while the try still waits for its connection: typed; once the request is out: the answer kept
                assertThat(ended.get())
                        .as(what)
                        .satisfiesAnyOf(
                                e -> assertThat(e).isNull(), e -> assertThat(e).isInstanceOf(QuarryException.class));
            } else {
                assertThat(ended.get()).as(what).isInstanceOf(QuarryException.class);
            }
            assertThat(flagKept.get()).as(what + ": the interrupt flag kept").isTrue();
            Eventually.waitUntil(
                    what + ": every call ended", () -> observer.calls().stream().allMatch(c -> c.end() != null));
            MOCK.faults().clear();
            books.getObject("b0", Map.class);
            List<RecordingObserver.Call> calls = observer.calls();
            assertThat(calls).as(what + ": one end per call").allMatch(c -> c.endCount() == 1);
            assertThat(calls.get(calls.size() - 1).tryStarts().get(0).host().toString())
                    .as(what + ": the host of the next call")
                    .contains("a.test");
        }
    }

    private static int triesStarted(RecordingObserver observer) {
        return observer.calls().stream().mapToInt(c -> c.tryStarts().size()).sum();
    }
}
