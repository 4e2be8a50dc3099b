package io.quarry.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.analytics.model.AnalyticsQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Lazy top lists ask page after page and never past the 1000th row. */
class PagingTest {

    /** A top list of {@code total} rows answering limit/offset, recording what it was asked. */
    private static final class FakeList {
        final int total;
        final List<String> asked = new ArrayList<>();

        FakeList(int total) {
            this.total = total;
        }

        List<Integer> read(AnalyticsQuery query) {
            asked.add(query.offset() + "+" + query.limit());
            int end = Math.min(total, Math.min(AnalyticsQuery.MAX_LIMIT, query.offset() + query.limit()));
            return IntStream.range(Math.min(query.offset(), end), end).boxed().toList();
        }
    }

    @Test
    void readsPagesUntilAShortOne() {
        FakeList list = new FakeList(250);
        List<Integer> rows = Paging.rows(
                        AnalyticsQuery.of(), list::read, q -> CompletableFuture.completedFuture(list.read(q)), r -> r)
                .toList();
        assertThat(rows).hasSize(250).startsWith(0, 1).endsWith(249);
        assertThat(list.asked).containsExactly("0+100", "100+100", "200+100");
    }

    @Test
    void stopsAtTheThousandthRowAndShrinksTheLastPage() throws Exception {
        FakeList list = new FakeList(5000);
        List<Integer> rows = Paging.rows(
                        AnalyticsQuery.of().offset(850).limit(100),
                        list::read,
                        q -> CompletableFuture.completedFuture(list.read(q)),
                        r -> r)
                .toListAsync()
                .get();
        assertThat(rows).hasSize(150).endsWith(999);
        assertThat(list.asked).containsExactly("850+100", "950+50");
    }

    @Test
    void anEmptyListIsOneCall() {
        FakeList list = new FakeList(0);
        assertThat(Paging.rows(
                                AnalyticsQuery.of().limit(10),
                                list::read,
                                q -> CompletableFuture.completedFuture(list.read(q)),
                                r -> r)
                        .toList())
                .isEmpty();
        assertThat(list.asked).containsExactly("0+10");
    }
}
