package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.spi.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * The asynchronous reading of a paged sequence, page by page under the test's control: cancelling its future stops
 * it (the page in flight cancelled, no other asked for), which it did not, reading every page to the end for a
 * caller who had given up; a failed page fails it with the failure as the cause.
 */
class PagedIterableAsyncTest {

    /** The page futures asked for, by page number; each page holds its number and leads to the next. */
    private final List<CompletableFuture<Page<Integer, Integer>>> asked = new ArrayList<>();

    private final PagedIterable<Integer> pages = PagedIterable.of(
            0,
            page -> {
                throw new AssertionError("read blocking");
            },
            page -> {
                CompletableFuture<Page<Integer, Integer>> future = new CompletableFuture<>();
                asked.add(future);
                return future;
            });

    private void answer(int page) {
        asked.get(page).complete(new Page<>(List.of(page), page + 1));
    }

    @Test
    void cancellingForEachAsyncCancelsThePageInFlightAndAsksForNoOther() {
        List<Integer> seen = new ArrayList<>();
        CompletableFuture<Void> reading = pages.forEachAsync(seen::add);
        answer(0);
        assertThat(asked).hasSize(2);

        reading.cancel(true);

        assertThat(asked.get(1)).isCancelled();
        assertThat(asked).hasSize(2);
        assertThat(seen).containsExactly(0);
    }

    @Test
    void cancellingToListAsyncStopsTheReadingToo() {
        CompletableFuture<List<Integer>> items = pages.toListAsync();
        answer(0);
        answer(1);

        items.cancel(true);

        assertThat(asked).hasSize(3);
        assertThat(asked.get(2)).isCancelled();
    }

    @Test
    void theReadingEndsAtTheLastPageOrFailsWithAFailedPage() {
        CompletableFuture<List<Integer>> items = pages.toListAsync();
        answer(0);
        asked.get(1).complete(new Page<>(List.of(1), null));
        assertThat(items.join()).containsExactly(0, 1);

        CompletableFuture<List<Integer>> failing = pages.toListAsync();
        answer(2);
        IllegalStateException failure = new IllegalStateException("page 1 failed");
        asked.get(3).completeExceptionally(failure);
        assertThatThrownBy(failing::join)
                .isInstanceOf(CompletionException.class)
                .cause()
                .isSameAs(failure);
    }
}
