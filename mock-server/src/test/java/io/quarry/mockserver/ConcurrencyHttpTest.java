package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Parallel writers over HTTP lose nothing, and a search never sees part of a batch. */
class ConcurrencyHttpTest {

    private static final int WRITERS = 6;
    private static final int WRITES_EACH = 40;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    private <T> List<T> runAll(List<Callable<T>> tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
        try {
            List<Future<T>> futures = pool.invokeAll(tasks, 2, TimeUnit.MINUTES);
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void parallelWritersLoseNothing() throws Exception {
        client.put("/1/indexes/par/counter", jq("{'n':0}"));
        List<Callable<List<Long>>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(() -> {
                List<Long> tasks = new ArrayList<>();
                for (int i = 0; i < WRITES_EACH; i++) {
                    Reply put = client.put("/1/indexes/par/w" + writer + "-" + i, "{\"writer\":" + writer + "}");
                    assertThat(put.status()).isEqualTo(200);
                    tasks.add(put.body().get("taskID").longValue());
                    Reply inc = client.post(
                            "/1/indexes/par/counter/partial",
                            jq("{'n':{'_operation':'Increment','value':1},'tags':{'_operation':'Add','value':'x'}}"));
                    assertThat(inc.status()).isEqualTo(200);
                    tasks.add(inc.body().get("taskID").longValue());
                }
                return tasks;
            });
        }
        List<Long> allTasks = runAll(writers).stream().flatMap(List::stream).toList();
        assertThat(allTasks).doesNotHaveDuplicates().hasSize(2 * WRITERS * WRITES_EACH);
        Reply counter = client.get("/1/indexes/par/counter");
        assertThat(counter.body().get("n").longValue()).isEqualTo((long) WRITERS * WRITES_EACH);
        assertThat(counter.body().get("tags")).hasSize(WRITERS * WRITES_EACH);
        assertThat(client.get("/1/indexes")
                        .body()
                        .get("items")
                        .get(0)
                        .get("entries")
                        .intValue())
                .isEqualTo(WRITERS * WRITES_EACH + 1);
    }

    @Test
    void aSearchNeverSeesHalfABatch() throws Exception {
        int groups = 30;
        int perGroup = 20;
        AtomicBoolean writing = new AtomicBoolean(true);
        Callable<Integer> writer = () -> {
            try {
                for (int g = 0; g < groups; g++) {
                    StringBuilder batch = new StringBuilder("{\"requests\":[");
                    for (int i = 0; i < perGroup; i++) {
                        batch.append(i == 0 ? "" : ",")
                                .append("{\"action\":\"addObject\",\"body\":{\"objectID\":\"g")
                                .append(g)
                                .append('-')
                                .append(i)
                                .append("\",\"group\":")
                                .append(g)
                                .append("}}");
                    }
                    assertThat(client.post(
                                            "/1/indexes/atomic/batch",
                                            batch.append("]}").toString())
                                    .status())
                            .isEqualTo(200);
                }
                return groups;
            } finally {
                writing.set(false);
            }
        };
        client.put("/1/indexes/atomic/settings", "{}");
        Callable<Integer> reader = () -> {
            int checks = 0;
            for (int round = 0; round < 2000 && (writing.get() || checks == 0); round++) {
                int group = round % groups;
                Reply reply = client.post(
                        "/1/indexes/atomic/query", "{\"filters\":\"group = " + group + "\",\"hitsPerPage\":1}");
                assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
                assertThat(reply.body().get("nbHits").intValue()).isIn(0, perGroup);
                checks++;
            }
            return checks;
        };
        List<Integer> results = runAll(List.of(writer, reader, reader));
        assertThat(results.get(0)).isEqualTo(groups);
        assertThat(client.post("/1/indexes/atomic/query", "{\"hitsPerPage\":1}")
                        .body()
                        .get("nbHits")
                        .intValue())
                .isEqualTo(groups * perGroup);
    }
}
