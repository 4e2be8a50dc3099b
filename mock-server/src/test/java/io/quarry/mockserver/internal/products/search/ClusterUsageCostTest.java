package io.quarry.mockserver.internal.products.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import io.quarry.mockserver.engine.internal.index.StoreHolds;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.testing.Eventually;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The figures of {@code GET /1/clusters} and {@code GET /1/clusters/mapping/top} are read without copying or
 * serialising the users' records: each call did both for every record of every user, garbage as large as the records
 * stored. Counted in bytes allocated on the calling thread, not time, so the machine's load does not matter.
 */
class ClusterUsageCostTest {

    private static final int USERS = 20;
    private static final int RECORDS_PER_USER = 100;
    private static final String TEXT = "x".repeat(4_000);

    private final Application app = new Application(Clock.systemUTC(), Duration.ZERO);
    private final ClusterRoutes routes = new ClusterRoutes(app);

    @Test
    void theSummariesCostNothingPerRecordStored() {
        for (int u = 0; u < USERS; u++) {
            String user = "user-" + u;
            app.mappings().assign(user, "mock-cluster-" + (1 + u % 2), 0);
            List<String> ids = new ArrayList<>();
            for (int r = 0; r < RECORDS_PER_USER; r++) {
                ids.add(user + "-" + r);
            }
            app.write("docs", index -> {
                app.mappings().claim(user, "docs", index.data(), ids);
                return index.data().write(writer -> {
                    for (String id : ids) {
                        ObjectNode record = Json.object();
                        record.put("objectID", id);
                        record.put("text", TEXT);
                        writer.put(record);
                    }
                    return null;
                });
            });
        }
        long stored = (long) USERS * RECORDS_PER_USER * TEXT.length();

        routes.clusters(request("/1/clusters"));
        routes.top(request("/1/clusters/mapping/top"));
        long[] allocated = new long[2];
        Response[] answers = new Response[2];
        allocated[0] = allocatedBy(() -> answers[0] = routes.clusters(request("/1/clusters")));
        allocated[1] = allocatedBy(() -> answers[1] = routes.top(request("/1/clusters/mapping/top")));

        long perCluster = (long) USERS / 2 * RECORDS_PER_USER;
        assertThat(answers[0].body().at("/clusters/0/nbRecords").asLong()).isEqualTo(perCluster);
        assertThat(answers[0].body().at("/clusters/0/dataSize").asLong()).isGreaterThan(perCluster * TEXT.length());
        assertThat(answers[1]
                        .body()
                        .at("/topUsers/0/mock-cluster-1/0/nbRecords")
                        .asLong())
                .isEqualTo(RECORDS_PER_USER);
        // what is left is a few objects per user and per answer; a copy of each record was 8 MB
        assertThat(allocated[0]).as("bytes allocated by GET /1/clusters").isLessThan(stored / 50);
        assertThat(allocated[1])
                .as("bytes allocated by GET /1/clusters/mapping/top")
                .isLessThan(stored / 50);
    }

    /**
     * The listings read no record: they answer while a write holds an index's records, where reading one record per
     * claim waited for the write to end.
     */
    @Test
    void theListingsAnswerWhileAWriteHoldsTheRecords() throws Exception {
        app.mappings().assign("holder", "mock-cluster-1", 0);
        app.write("held", index -> {
            app.mappings().claim("holder", "held", index.data(), List.of("r1"));
            return index.data().write(writer -> {
                ObjectNode record = Json.object();
                record.put("objectID", "r1");
                writer.put(record);
                return null;
            });
        });
        StoreHolds.Group held = StoreHolds.open(app.find("held").data());
        FutureTask<List<Response>> listings = new FutureTask<>(() -> List.of(
                routes.clusters(request("/1/clusters")),
                routes.top(request("/1/clusters/mapping/top")),
                routes.list(request("/1/clusters/mapping")),
                routes.get(request("/1/clusters/mapping/holder").withPathParams(Map.of("userID", "holder")))));
        Thread reader = new Thread(listings, "cluster listings");
        try {
            reader.start();
            Eventually.waitUntil(
                    "the listings to answer, or to wait",
                    () -> listings.isDone() || reader.getState() == Thread.State.WAITING);
            assertThat(listings.isDone())
                    .as("answered while the records are held")
                    .isTrue();
        } finally {
            held.abort();
        }
        for (Response answer : listings.get()) {
            assertThat(answer.body().toString()).contains("\"nbRecords\":1");
        }
    }

    private static Request request(String path) {
        return new Request("GET", path, null, Map.of(), new byte[0]);
    }

    private static long allocatedBy(Runnable work) {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        work.run();
        return threads.getCurrentThreadAllocatedBytes() - before;
    }
}
