package io.quarry.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.core.ApiClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.PagedIterable;
import io.quarry.core.spi.CallScope;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** Lazy top lists ask page after page and never past the 1000th row. */
class PagingTest {

    /** A client no page goes through: the fake lists answer; its scope starts the (unobserved) composite calls. */
    @AutoClose
    private final ApiClient api = ApiClient.create(
            ClientConfig.builder("app", "key").build(),
            ClientModule.of("Analytics", PagingTest.class, DefaultHosts.productHost("analytics", "")));

    /** A top list of {@code total} rows answering limit/offset, recording what it was asked. */
    private static final class FakeList {
        final int total;
        final List<String> asked = new ArrayList<>();

        FakeList(int total) {
            this.total = total;
        }

        List<Integer> read(CallScope scope, AnalyticsQuery query) {
            return read(query);
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
        List<Integer> rows = rows(AnalyticsQuery.of(), list).toList();
        assertThat(rows).hasSize(250).startsWith(0, 1).endsWith(249);
        assertThat(list.asked).containsExactly("0+100", "100+100", "200+100");
    }

    @Test
    void stopsAtTheThousandthRowAndShrinksTheLastPage() throws Exception {
        FakeList list = new FakeList(5000);
        List<Integer> rows = rows(AnalyticsQuery.of().offset(850).limit(100), list)
                .toListAsync()
                .get();
        assertThat(rows).hasSize(150).endsWith(999);
        assertThat(list.asked).containsExactly("850+100", "950+50");
    }

    @Test
    void anEmptyListIsOneCall() {
        FakeList list = new FakeList(0);
        assertThat(rows(AnalyticsQuery.of().limit(10), list).toList()).isEmpty();
        assertThat(list.asked).containsExactly("0+10");
    }

    @Test
    void anOffsetPastTheDeepestRowAsksNothing() throws Exception {
        FakeList list = new FakeList(5000);
        assertThat(rows(AnalyticsQuery.of().offset(1000), list).toList()).isEmpty();
        assertThat(rows(AnalyticsQuery.of().offset(1200), list).toListAsync().get())
                .isEmpty();
        assertThat(list.asked).isEmpty();
    }

    private PagedIterable<Integer> rows(AnalyticsQuery query, FakeList list) {
        return Paging.rows(
                CallScope.of(api),
                "allRows",
                query,
                list::read,
                q -> CompletableFuture.completedFuture(list.read(q)),
                r -> r);
    }
}
