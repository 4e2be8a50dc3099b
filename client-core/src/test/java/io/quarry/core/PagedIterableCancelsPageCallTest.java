package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A page function that gives back a stage derived from its call's future, as the modules' do: cancelling the
 * asynchronous reading cancels the call itself, which cancelling the derived stage alone would not; a call sent
 * by the items' action is none of the page's, and a user's own derived stage keeps plain semantics.
 */
class PagedIterableCancelsPageCallTest {

    /** The calls' own futures, one a page, as the request layer tells the reading of them. */
    private final List<CompletableFuture<Integer>> sent = new ArrayList<>();

    private final PagedIterable<Integer> pages = PagedIterable.of(
            0,
            page -> {
                throw new AssertionError("read blocking");
            },
            page -> send().thenApply(n -> new Page<>(List.of(n), n + 1)));

    private CompletableFuture<Integer> send() {
        CompletableFuture<Integer> call = new CompletableFuture<>();
        sent.add(call);
        PageCalls.sent(call);
        return call;
    }

    @Test
    void cancellingTheReadingCancelsThePageCallInFlight() {
        List<CompletableFuture<Integer>> byAction = new ArrayList<>();
        CompletableFuture<Void> reading = pages.forEachAsync(n -> byAction.add(send()));
        sent.get(0).complete(0);
        assertThat(sent).hasSize(3); // page 0, the action's call, page 1

        assertThat(reading.cancel(false)).isTrue();

        assertThat(sent.get(2)).as("the page in flight").isCancelled();
        assertThat(byAction.get(0)).as("the action's own call").isNotDone();
        assertThat(sent).hasSize(3);
    }

    @Test
    void cancellingAStageDerivedFromACallLeavesTheCallAlone() {
        CompletableFuture<Integer> call = send();
        CompletableFuture<Integer> derived = call.thenApply(n -> n + 1);

        derived.cancel(true);

        assertThat(call).isNotDone();
    }
}
