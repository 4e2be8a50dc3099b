package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.PagedIterable;
import io.quarry.core.PagedIterable.PageIterator;
import io.quarry.core.QuarryException;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A browse whose page fails (a scripted status, a connection closed, a body cut or not JSON) at a seeded random
 * page, with the parameters in the body or the URL: the iterator throws the failure once and then stays failed
 * without calling the mock server again (it asked for the failed page at every {@code hasNext()}), the asynchronous
 * form fails with the same kind of failure after the same records, and a new iteration reads every record again.
 */
class BrowseFailedPageRandomContractTest {

    private static final long SEED = Long.getLong("quarry.browse.failure.seed", 2_411L);
    private static final int ROUNDS = Integer.getInteger("quarry.browse.failure.rounds", 6);
    private static final String BROWSE = "/1/indexes/*/browse";
    private static final List<Supplier<Fault>> FAULTS = List.of(
            () -> Fault.status(500),
            () -> Fault.status(400),
            Fault::closeBeforeResponse,
            Fault::truncatedBody,
            Fault::nonJsonBody);

    /**
     * How many tries the fault is scripted for: a connection closed before any answer on a pooled connection is sent
     * again once on a new one (servers close idle connections), so one scripted close may be absorbed; what is left
     * of the script is cleared once the failure is seen.
     */
    private static final int TRIES = 2;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey()).build());

    private final Random random = new Random(SEED);
    private final MockHost host = MOCK.server().hosts().get(0);

    @Test
    void aFailedPageEndsTheBrowseOnceInBothFormsAndANewOneReadsEverything() {
        List<Map<String, Object>> records = IntStream.range(0, 4 + random.nextInt(16))
                .mapToObj(i -> Map.<String, Object>of("objectID", "r" + i, "rank", i))
                .toList();
        client.index("products")
                .saveObjects(records, BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        // in the order they were written, whatever the page size: one page of them all
        List<FreeFormRecord> all =
                client.index("products").browseObjects(FreeFormRecord.class).toList();
        for (int round = 0; round < ROUNDS; round++) {
            SearchIndex index = random.nextBoolean()
                    ? client.index("products")
                    : client.index("products").withParametersInUrl();
            int hitsPerPage = 1 + random.nextInt(8);
            SearchQuery query = SearchQuery.of().hitsPerPage(hitsPerPage);
            int failing = random.nextInt(1 + (all.size() - 1) / hitsPerPage);
            int fault = random.nextInt(FAULTS.size());
            String seen = "seed " + SEED + ", round " + round + ", " + index + ", hitsPerPage " + hitsPerPage
                    + ", failing page " + failing + ", fault "
                    + FAULTS.get(fault).get();
            int before = failing * hitsPerPage;

            Throwable blocking = failBlocking(index.browseObjects(query, FreeFormRecord.class), before, fault, seen);
            Throwable async = failAsync(index, query, before, fault, seen);

            assertThat(async).as(seen).isInstanceOf(blocking.getClass());
            assertThat(index.browseObjects(query, FreeFormRecord.class).toList())
                    .as(seen)
                    .isEqualTo(all);
        }
    }

    /** Reads {@code before} records, scripts the fault for the next page, and checks the iterator's failure. */
    private Throwable failBlocking(PagedIterable<FreeFormRecord> browse, int before, int fault, String seen) {
        try (PageIterator<FreeFormRecord> records = browse.iterator()) {
            for (int read = 0; read < before; read++) {
                records.next();
            }
            MOCK.faults().next(TRIES, "*", BROWSE, FAULTS.get(fault).get());

            Throwable failure = catchThrowable(records::hasNext);

            assertThat(failure).as(seen).isInstanceOf(QuarryException.class);
            long calls = host.requestCount();
            for (int again = 0; again < 3; again++) {
                assertThat(catchThrowable(records::hasNext))
                        .as(seen)
                        .isInstanceOf(IllegalStateException.class)
                        .hasCause(failure);
                assertThat(catchThrowable(records::next)).as(seen).isInstanceOf(IllegalStateException.class);
            }
            assertThat(host.requestCount())
                    .as(seen + ": calls after the failure")
                    .isEqualTo(calls);
            MOCK.faults().clear();
            return failure;
        }
    }

    /** Scripts the fault once {@code before} records are handed over, and checks the reading's failure. */
    private Throwable failAsync(SearchIndex index, SearchQuery query, int before, int fault, String seen) {
        List<FreeFormRecord> handed = new ArrayList<>();
        if (before == 0) {
            MOCK.faults().next(TRIES, "*", BROWSE, FAULTS.get(fault).get());
        }
        Throwable failure = catchThrowable(() -> index.browseObjects(query, FreeFormRecord.class)
                .forEachAsync(record -> {
                    handed.add(record);
                    if (handed.size() == before) {
                        MOCK.faults().next(TRIES, "*", BROWSE, FAULTS.get(fault).get());
                    }
                })
                .join());
        long calls = host.requestCount();
        MOCK.faults().clear();

        assertThat(failure).as(seen).isInstanceOf(CompletionException.class);
        assertThat(failure.getCause()).as(seen).isInstanceOf(QuarryException.class);
        assertThat(handed).as(seen).hasSize(before);
        assertThat(host.requestCount()).as(seen + ": calls after the failure").isEqualTo(calls);
        return failure.getCause();
    }
}
