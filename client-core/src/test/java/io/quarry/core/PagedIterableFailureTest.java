package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.PagedIterable.PageIterator;
import io.quarry.core.spi.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * A failed page ends the reading for good, blocking or not: the blocking iterator asked for the failed page again at
 * each {@code hasNext()}, so a loop catching the failure called the service for ever; a first page whose read threw
 * escaped the asynchronous forms instead of failing their future.
 */
class PagedIterableFailureTest {

    private static final int FAILING_PAGE = 2;

    /** The pages asked for, by number, in order. */
    private final List<Integer> asked = new ArrayList<>();

    private final RuntimeException failure = new InvalidRequestException("page " + FAILING_PAGE + " failed");

    private Page<Integer, Integer> read(int page) {
        asked.add(page);
        if (page == FAILING_PAGE) {
            throw failure;
        }
        return new Page<>(List.of(page), page + 1);
    }

    private final PagedIterable<Integer> pages =
            PagedIterable.of(0, this::read, page -> CompletableFuture.supplyAsync(() -> read(page), Runnable::run));

    @Test
    void theIteratorThrowsAFailedPageOnceThenStaysFailedAskingForNothing() {
        PageIterator<Integer> items = pages.iterator();
        assertThat(items.next()).isZero();
        assertThat(items.next()).isOne();

        assertThatThrownBy(items::hasNext).isSameAs(failure);
        for (int again = 0; again < 3; again++) {
            assertThatThrownBy(items::hasNext)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("new iterator")
                    .cause()
                    .isSameAs(failure);
            assertThatThrownBy(items::next).isInstanceOf(IllegalStateException.class);
        }
        assertThat(asked).containsExactly(0, 1, FAILING_PAGE);
    }

    @Test
    void aNewIteratorReadsAgainFromTheFirstPage() {
        assertThatThrownBy(pages::toList).isSameAs(failure);

        assertThatThrownBy(() -> pages.stream().toList()).isSameAs(failure);

        assertThat(asked).containsExactly(0, 1, FAILING_PAGE, 0, 1, FAILING_PAGE);
    }

    @Test
    void theAsynchronousFormsFailWithTheSameFailureAndReadNoFurther() {
        assertThatThrownBy(() -> pages.toListAsync().join())
                .isInstanceOf(CompletionException.class)
                .cause()
                .isSameAs(failure);
        List<Integer> seen = new ArrayList<>();
        assertThatThrownBy(() -> pages.forEachAsync(seen::add).join()).cause().isSameAs(failure);

        assertThat(seen).containsExactly(0, 1);
        assertThat(asked).containsExactly(0, 1, FAILING_PAGE, 0, 1, FAILING_PAGE);
    }

    @Test
    void aFirstPageWhoseReadThrowsFailsTheFutureRatherThanEscaping() {
        PagedIterable<Integer> throwing = PagedIterable.of(FAILING_PAGE, this::read, page -> {
            throw failure;
        });

        CompletableFuture<List<Integer>> items = throwing.toListAsync();

        assertThat(items).isCompletedExceptionally();
        assertThatThrownBy(items::join).cause().isSameAs(failure);
        assertThatThrownBy(() -> throwing.forEachAsync(item -> {}).join())
                .cause()
                .isSameAs(failure);
    }
}
