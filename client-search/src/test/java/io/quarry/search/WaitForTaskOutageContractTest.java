package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.UnreachableHostsException;
import io.quarry.core.WaitPolicy;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.MutableClock;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.search.model.TaskStatus;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Waiting for a task through three hosts of one mock server while every host fails its polls for a moment: the wait
 * takes such a poll as "not done yet" and polls again, as its policy says, instead of ending at the first poll that
 * every host failed. The outage runs on the server's clock, which the test moves once the wait was seen polling
 * through it: no sleep.
 */
@Timeout(60)
class WaitForTaskOutageContractTest {

    /** The test's own threads for its blocking work, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private static final String TASK_PATH = "/1/indexes/books/task/*";
    private static final Duration OUTAGE = Duration.ofSeconds(3);
    /** Short delays adding up to most of a minute: the outages below last a few polls, however loaded the machine. */
    private static final WaitPolicy POLICY = new WaitPolicy(1_000, Duration.ofMillis(10), Duration.ofMillis(50), 1.5);

    private final BooksOnThreeHosts fixture = new BooksOnThreeHosts();
    private final MutableClock clock = fixture.clock();
    private final MockServer server = fixture.server();
    private final List<MockHost> hosts = fixture.hosts();
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(server, server.adminKey()).clock(clock).build());
    private final SearchIndex books = client.index("books");

    @AfterEach
    void close() {
        client.close();
        fixture.close();
    }

    private long savedTask() {
        return books.saveObject("2", Map.of("title", "Emma")).taskID();
    }

    private long requests() {
        return hosts.stream().mapToLong(MockHost::requestCount).sum();
    }

    @Test
    void aBlockingWaitRidesOutAPollThatEveryHostFailed() {
        long task = savedTask();
        server.faults().next(3, "GET", TASK_PATH, Fault.status(503)); // the first poll's try on each host

        TaskStatus status = books.waitForTask(task, POLICY);

        assertThat(status.isPublished()).isTrue();
        assertThat(server.faults().active()).as("every scripted 503 was met").isZero();
    }

    @Test
    void anAsyncWaitRidesOutAPollThatEveryHostFailed() throws Exception {
        long task = savedTask();
        server.faults().next(3, "GET", TASK_PATH, Fault.status(503));

        TaskStatus status = books.waitForTaskAsync(task, POLICY).get(30, TimeUnit.SECONDS);

        assertThat(status.isPublished()).isTrue();
        assertThat(server.faults().active()).isZero();
    }

    @Test
    void aWaitPollsThroughAnOutageOfEveryHostUntilTheHostsAnswerAgain() throws Exception {
        long task = savedTask();
        long before = requests();
        hosts.forEach(host -> host.faults().during(OUTAGE, Fault.status(503)));

        CompletableFuture<TaskStatus> wait =
                CompletableFuture.supplyAsync(() -> books.waitForTask(task, POLICY), threads);
        Eventually.waitUntil("three polls failed on every host", () -> requests() - before >= 9);
        assertThat(wait).isNotDone();
        clock.advance(OUTAGE);

        assertThat(wait.get(30, TimeUnit.SECONDS).isPublished()).isTrue();
    }

    @Test
    void aWaitWhoseLastPollEveryHostFailedEndsWithTheOutage() {
        long task = savedTask();
        long before = requests();
        hosts.forEach(host -> host.faults().during(OUTAGE, Fault.status(503)));

        // two polls, a second apart: the first, ridden out, has the whole second, which its delays add up to, to fail
        WaitPolicy twoPolls = new WaitPolicy(2, Duration.ofSeconds(1), Duration.ofSeconds(1), 1);

        assertThatThrownBy(() -> books.waitForTask(task, twoPolls))
                .as("the hosts' failure, not a WaitTimeoutException")
                .isInstanceOf(UnreachableHostsException.class);
        assertThat(requests() - before)
                .as("two polls, the first ridden out, each on the three hosts")
                .isEqualTo(6);
    }
}
