package io.quarry.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.TopSearch;
import io.quarry.core.NotFoundException;
import io.quarry.core.PagedIterable;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The lazy top lists ({@code browse...}) show to a call observer as one composite call per iteration, named after the
 * helper and holding its page calls, against the mock server.
 */
@Timeout(60)
class PagedReadsCompositeCallContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final List<String> SEARCHES = List.of("shoe", "hat", "boot", "sock", "coat");

    private final RecordingObserver observer = new RecordingObserver();

    @AutoClose
    private final AnalyticsClient client = AnalyticsClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                    .callObserver(observer)
                    .build());

    private final AnalyticsIndex products = client.index("products");

    /** Five distinct searches, so that top searches come in three pages of two. */
    @BeforeEach
    void searches() {
        MockServerCalls service = new MockServerCalls(MOCK.server());
        service.send("PUT", "/1/indexes/products/settings", "{'attributesForFaceting':['brand']}");
        service.send("PUT", "/1/indexes/products/a", "{'name':'red shoe','brand':'acme'}");
        service.send("PUT", "/1/indexes/products/b", "{'name':'green hat','brand':'zeta'}");
        for (String search : SEARCHES) {
            service.send(
                    "POST",
                    "/1/indexes/products/query",
                    "{'query':'" + search + "','clickAnalytics':true,'filters':'brand:acme'}");
        }
    }

    @Test
    void aFullIterationIsOneCallHoldingItsPages() {
        List<TopSearch> rows =
                products.browseTopSearches(AnalyticsQuery.of().limit(2)).toList();

        assertThat(rows).extracting(TopSearch::search).containsExactlyInAnyOrderElementsOf(SEARCHES);
        assertThat(observer.calls("browseTopSearches")).hasSize(1);
        RecordingObserver.Call all = observer.calls("browseTopSearches").get(0);
        assertThat(all.description().isComposite()).isTrue();
        assertThat(all.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(all.endCount()).isEqualTo(1);
        assertThat(observer.operationsInside(all)).containsExactly("topSearches", "topSearches", "topSearches");
        assertThat(observer.calls("topSearches")).allMatch(c -> c.description().parent() == all);
    }

    @Test
    void anIterationStoppedEarlyEndsWhenItsStreamIsClosed() {
        PagedIterable<TopSearch> all =
                products.browseTopSearches(AnalyticsQuery.of().limit(2));

        RecordingObserver.Call call;
        try (Stream<TopSearch> rows = all.stream()) {
            assertThat(rows.limit(3).toList()).hasSize(3);
            call = observer.calls("browseTopSearches").get(0);
            assertThat(call.end()).isNull();
        }

        assertThat(call.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(call.endCount()).isEqualTo(1);
        assertThat(observer.operationsInside(call)).containsExactly("topSearches", "topSearches");
    }

    @Test
    void theAsyncFormHoldsItsPagesAndEndsInTheCallersContext() {
        RecordingObserver.CONTEXT.set("caller");
        try {
            String seen = products.browseTopSearchesAsync(AnalyticsQuery.of().limit(2))
                    .thenApply(rows -> rows.size() + " " + RecordingObserver.CONTEXT.get())
                    .join();
            assertThat(seen).isEqualTo("5 caller");
        } finally {
            RecordingObserver.CONTEXT.remove();
        }

        RecordingObserver.Call all = observer.calls("browseTopSearches").get(0);
        assertThat(all.awaitEnd(Duration.ofSeconds(10)).outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(observer.operationsInside(all)).containsExactly("topSearches", "topSearches", "topSearches");
    }

    @Test
    void aFailedPageEndsTheCallWithItsError() {
        PagedIterable<TopSearch> missing = client.index("missing").browseTopSearches(AnalyticsQuery.of());

        assertThatThrownBy(() -> missing.iterator().hasNext()).isInstanceOf(NotFoundException.class);

        RecordingObserver.Call all = observer.calls("browseTopSearches").get(0);
        assertThat(all.end().outcome()).isEqualTo(CallEnd.Outcome.FAILURE);
        assertThat(all.end().error()).isInstanceOf(NotFoundException.class);
        assertThat(observer.operationsInside(all)).containsExactly("topSearches");
    }

    @Test
    void everyLazyTopListIsACallNamedAfterItsHelperHoldingItsPageCalls() {
        Map<String, Function<AnalyticsQuery, PagedIterable<?>>> helpers = Map.of(
                "browseTopSearches", products::browseTopSearches,
                "browseTopSearchesWithClickAnalytics", products::browseTopSearchesWithClickAnalytics,
                "browseNoResultSearches", products::browseNoResultSearches,
                "browseNoClickSearches", products::browseNoClickSearches,
                "browseTopHits", products::browseTopHits,
                "browseTopHitsWithClickAnalytics", products::browseTopHitsWithClickAnalytics,
                "browseTopFilterAttributes", products::browseTopFilterAttributes);
        Map<String, String> pageCalls = Map.of(
                "browseTopSearches", "topSearches",
                "browseTopSearchesWithClickAnalytics", "topSearches",
                "browseNoResultSearches", "noResultSearches",
                "browseNoClickSearches", "noClickSearches",
                "browseTopHits", "topHits",
                "browseTopHitsWithClickAnalytics", "topHits",
                "browseTopFilterAttributes", "topFilterAttributes");

        helpers.forEach((helper, all) -> {
            List<?> rows = all.apply(AnalyticsQuery.of()).toList();
            assertThat(rows).as(helper).isNotEmpty();
            assertThat(observer.calls(helper)).as(helper).singleElement().satisfies(call -> {
                assertThat(call.description().isComposite()).isTrue();
                assertThat(call.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
                assertThat(observer.operationsInside(call)).containsExactly(pageCalls.get(helper));
            });
        });
    }
}
