package io.quarry.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.TestThreads;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import okhttp3.Call;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/** An answer the server gave waits in the client until the test releases it, or until its call is cancelled. */
@Timeout(60)
@ExtendWith(MockServerExtension.class)
class HeldAnswersTest {

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private CompletableFuture<Integer> status(Call call) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try (Response answer = call.execute()) {
                        return answer.code();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                threads);
    }

    private static Call call(HeldAnswers slow, MockServer server) {
        return slow.httpClient()
                .newCall(new Request.Builder().url(server.url() + "/1/indexes").build());
    }

    @Test
    void anAnswerWaitsUntilReleased(MockServer server) throws Exception {
        try (HeldAnswers slow = new HeldAnswers()) {
            long before = server.hosts().get(0).requestCount();
            CompletableFuture<Integer> status = status(call(slow, server));
            Eventually.waitUntil("the answer to be held", () -> slow.held() == 1);
            assertThat(server.hosts().get(0).requestCount()).isEqualTo(before + 1);
            assertThat(status).isNotDone();

            slow.release();

            // no key: the server's answer is a 403, let through as it came
            assertThat(status).succeedsWithin(Eventually.DEFAULT_LIMIT).isEqualTo(403);
            assertThat(slow.held()).isZero();
            assertThat(status(call(slow, server)))
                    .as("once released, later answers pass at once")
                    .succeedsWithin(Eventually.DEFAULT_LIMIT)
                    .isEqualTo(403);
        }
    }

    @Test
    void aCancelledCallEndsWhileItsAnswerIsHeld(MockServer server) throws Exception {
        try (HeldAnswers slow = new HeldAnswers()) {
            Call call = call(slow, server);
            CompletableFuture<Integer> status = status(call);
            Eventually.waitUntil("the answer to be held", () -> slow.held() == 1);

            call.cancel();

            assertThat(status)
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .havingRootCause()
                    .isInstanceOf(IOException.class)
                    .withMessage("Canceled");
            assertThat(slow.held()).isZero();
        }
    }

    @Test
    void onlyTheFirstAnswersAreHeldWhenToldHowMany(MockServer server) throws Exception {
        try (HeldAnswers slow = HeldAnswers.first(1)) {
            CompletableFuture<Integer> first = status(call(slow, server));
            Eventually.waitUntil("the first answer to be held", () -> slow.held() == 1);

            assertThat(status(call(slow, server)))
                    .as("the second answer passes while the first is held")
                    .succeedsWithin(Eventually.DEFAULT_LIMIT)
                    .isEqualTo(403);
            assertThat(first).isNotDone();

            slow.release();

            assertThat(first).succeedsWithin(Eventually.DEFAULT_LIMIT).isEqualTo(403);
        }
    }
}
