package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientClosedException;
import io.quarry.core.PartialWriteException;
import io.quarry.core.RequestOptions;
import io.quarry.core.RetryRounds;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.Fault;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Closing the client ends the asynchronous calls that wait between two rounds of an outage of every host, as it
 * ends those in flight and the blocking ones waiting: their futures fail with a {@link ClientClosedException} at
 * once, not when the wait (here 20 to 40 s, far beyond the test's patience) would have passed. The outage lasts on
 * the server's clock.
 */
@Timeout(30)
class CloseDuringOutageContractTest {

    /** Long waits between rounds: closing must not wait for them. */
    private static final RetryRounds LONG_WAITS =
            RetryRounds.forOutages().waits(Duration.ofSeconds(40), Duration.ofSeconds(40));

    /** Far shorter than a wait between rounds, far longer than closing takes. */
    private static final Duration PROMPTLY = Duration.ofSeconds(10);

    private final BooksOnThreeHosts fixture = new BooksOnThreeHosts();
    private final RoundCounter rounds = new RoundCounter();
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(fixture.server(), fixture.server().adminKey())
                    .callObserver(rounds)
                    .closeTimeout(Duration.ZERO) // what close() cancels is the subject: no grace first
                    .build());
    private final SearchIndex books = client.index("books")
            .withOptions(RequestOptions.builder().retryRounds(LONG_WAITS).build());

    @BeforeEach
    void outage() {
        fixture.hosts().forEach(host -> host.faults().during(Duration.ofHours(1), Fault.status(503)));
    }

    @AfterEach
    void close() {
        client.close();
        fixture.close();
    }

    private void closeOnceWaitingForASecondRound() throws InterruptedException {
        Eventually.waitUntil("the call to wait for a second round", () -> rounds.rounds() > 0);
        client.close();
    }

    @Test
    void anAsyncCallWaitingForItsNextRoundFailsWhenTheClientCloses() throws Exception {
        CompletableFuture<?> call = books.saveObjectAsync("1", Map.of("title", "Dune"));

        closeOnceWaitingForASecondRound();

        assertThat(call)
                .failsWithin(PROMPTLY)
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(ClientClosedException.class);
    }

    @Test
    void anAsyncChunkedWriteWaitingOutAnOutageFailsWhenTheClientCloses() throws Exception {
        List<Map<String, Object>> records = IntStream.range(0, 30)
                .mapToObj(i -> Map.<String, Object>of("objectID", "book-" + i))
                .toList();
        CompletableFuture<?> write =
                books.saveObjectsAsync(records, BatchOptions.of().chunkSize(10));

        closeOnceWaitingForASecondRound();

        assertThat(write)
                .failsWithin(PROMPTLY)
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .havingCause()
                .isInstanceOf(PartialWriteException.class)
                .havingCause()
                .isInstanceOf(ClientClosedException.class);
    }
}
