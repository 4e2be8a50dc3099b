package io.quarry.mockserver.internal.state;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import io.quarry.mockserver.testing.TestThreads;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A query-suggestions build switches its index to the new suggestions in one write: a search of the index during the
 * switch sees the old suggestions or the new ones, never a mix nor an empty index. A first build created its index
 * where searches found it before its write had locked it: a search then was answered 200 with no hits, where the
 * index was to appear with its suggestions. An index a write is creating is now found once that write has ended.
 */
@Timeout(60)
class SuggestionsSwitchTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Application app = ServerApplication.of(MOCK.server());

    @RegisterExtension
    final TestThreads requests = new TestThreads();

    private void searched(String query) {
        client.post("/1/indexes/switch-source/query", jq("{'query':'" + query + "'}"))
                .requireOk();
    }

    private Reply suggestions() {
        return client.post("/1/indexes/switch-sugg/query", jq("{'hitsPerPage':100}"));
    }

    private static List<String> queries(Reply reply) {
        return reply.requireOk()
                .body()
                .get("hits")
                .valueStream()
                .map(hit -> hit.get("query").asString())
                .sorted()
                .toList();
    }

    private CompletableFuture<Reply> build(String method) {
        String config = "{'indexName':'switch-sugg','sourceIndices':[{'indexName':'switch-source'}]}";
        return CompletableFuture.supplyAsync(
                () -> method.equals("POST")
                        ? client.post("/1/configs", jq(config))
                        : client.put("/1/configs/switch-sugg", jq(config)),
                requests);
    }

    @Test
    void aFirstBuildsIndexIsNotFoundBeforeItHoldsItsSuggestions() throws Exception {
        client.put("/1/indexes/switch-source/p1", jq("{'name':'running shoes'}"))
                .requireOk();
        searched("running shoes");
        CompletableFuture<Reply> created;
        Reply during;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.INDEX_PUBLISHED, "switch-sugg")) {
            created = build("POST");
            stop.awaitStopped();
            during = suggestions();
        }
        assertThat(created.join().status()).isEqualTo(200);
        assertThat(during.status())
                .as("the index before the build wrote it: %s", during)
                .isEqualTo(404);
        assertThat(queries(suggestions())).containsExactly("running shoes");
    }

    @Test
    void aSearchDuringARebuildSeesTheOldSuggestionsOrTheNewOnes() throws Exception {
        client.put("/1/indexes/switch-source/p1", jq("{'name':'running shoes'}"))
                .requireOk();
        client.put("/1/indexes/switch-source/p2", jq("{'name':'red hat'}")).requireOk();
        searched("running shoes");
        build("POST").join().requireOk();
        assertThat(queries(suggestions())).containsExactly("running shoes");
        searched("red hat");

        // stopped before it locks the index: the old suggestions
        CompletableFuture<Reply> rebuilt;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.WRITE_LOCKING, "switch-sugg")) {
            rebuilt = build("PUT");
            stop.awaitStopped();
            assertThat(queries(suggestions())).containsExactly("running shoes");
        }
        assertThat(rebuilt.join().status()).isEqualTo(200);
        assertThat(queries(suggestions())).containsExactly("red hat", "running shoes");

        // stopped with the records switched, the settings and task still to come: the search waits for them
        searched("blue jeans");
        CompletableFuture<Reply> during;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.WRITE_APPLIED, "switch-sugg")) {
            rebuilt = build("PUT");
            stop.awaitStopped();
            during = CompletableFuture.supplyAsync(this::suggestions, requests);
            CompletableFuture<Reply> search = during;
            Eventually.waitUntil(
                    "the search to end, or to wait for the build",
                    () -> search.isDone() || app.find("switch-sugg").readersWaiting());
        }
        assertThat(rebuilt.join().status()).isEqualTo(200);
        assertThat(queries(during.join())).containsExactly("blue jeans", "red hat", "running shoes");
    }
}
