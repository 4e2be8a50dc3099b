package io.quarry.mockserver.internal.state;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import io.quarry.mockserver.testing.TestThreads;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A copy or move onto an index replaces its records, then its settings. A search stopped between the two, with the
 * writing request stopped there, once saw the source's records under the destination's settings; it now waits for
 * the write and sees the source's records under the source's settings; so does a state export, which no longer
 * holds the moved source beside its destination. The settings tell
 * the two apart: the
 * destination pages by 50 and holds one record, the source pages by 1 and holds three.
 */
@Timeout(60)
class WholeWriteSeenTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Application app = ServerApplication.of(MOCK.server());

    @RegisterExtension
    final TestThreads requests = new TestThreads();

    @ParameterizedTest
    @ValueSource(strings = {"copy", "move"})
    void aSearchDuringACopyOrMoveSeesTheRecordsWithTheirSettings(String operation) throws Exception {
        String source = "whole-" + operation + "-source";
        String destination = "whole-" + operation + "-destination";
        fill(source, 1, "s1", "s2", "s3");
        fill(destination, 50, "d1");
        CompletableFuture<Reply> written;
        CompletableFuture<Reply> searched;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.RECORDS_REPLACED, destination)) {
            written = send(
                    "/1/indexes/" + source + "/operation",
                    jq("{'operation':'" + operation + "','destination':'" + destination + "'}"));
            stop.awaitStopped();
            searched = send("/1/indexes/" + destination + "/query", "{}");
            CompletableFuture<Reply> search = searched;
            Eventually.waitUntil(
                    "the search to end, or to wait for the " + operation,
                    () -> search.isDone() || app.find(destination).readersWaiting());
        }
        assertThat(written.join().status()).isEqualTo(200);
        Reply search = searched.join().requireOk();
        assertThat(search.body().get("nbHits").asInt()).isEqualTo(3);
        assertThat(search.body().get("hitsPerPage").asInt()).isEqualTo(1);
    }

    @Test
    void aRecordReadDuringAMoveSeesTheRecordWithItsSettings() throws Exception {
        client.put("/1/indexes/read-source/settings", jq("{'unretrievableAttributes':['secret']}"))
                .requireOk();
        client.put("/1/indexes/read-source/r", jq("{'secret':'s','shown':'x'}")).requireOk();
        client.put("/1/indexes/read-destination/r", jq("{'secret':'d','shown':'y'}"))
                .requireOk();
        TestClient searching = client.withKey(client.createKey(jq("{'acl':['search']}")));
        CompletableFuture<Reply> written;
        CompletableFuture<Reply> read;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.RECORDS_REPLACED, "read-destination")) {
            written = send(
                    "/1/indexes/read-source/operation", jq("{'operation':'move','destination':'read-destination'}"));
            stop.awaitStopped();
            read = CompletableFuture.supplyAsync(() -> searching.get("/1/indexes/read-destination/r"), requests);
            CompletableFuture<Reply> reading = read;
            Eventually.waitUntil(
                    "the read to end, or to wait for the move",
                    () -> reading.isDone() || app.find("read-destination").readersWaiting());
        }
        assertThat(written.join().status()).isEqualTo(200);
        Reply record = read.join().requireOk();
        assertThat(record.body().get("shown").asString()).isEqualTo("x");
        assertThat(record.body().has("secret"))
                .as("the source's unretrievable attribute")
                .isFalse();
    }

    @Test
    void anExportDuringAMoveHoldsTheRecordsWithTheirSettings() throws Exception {
        fill("export-source", 1, "s1", "s2", "s3");
        fill("export-destination", 50, "d1");
        CompletableFuture<Reply> written;
        CompletableFuture<String> exported;
        try (StoppedWrite stop = StoppedWrite.at(app, Interleaving.Point.RECORDS_REPLACED, "export-destination")) {
            written = send(
                    "/1/indexes/export-source/operation",
                    jq("{'operation':'move','destination':'export-destination'}"));
            stop.awaitStopped();
            exported = CompletableFuture.supplyAsync(() -> MOCK.server().exportState(), requests);
            CompletableFuture<String> exporting = exported;
            Eventually.waitUntil(
                    "the export to end, or to wait for the move",
                    () -> exporting.isDone() || app.find("export-destination").readersWaiting());
        }
        assertThat(written.join().status()).isEqualTo(200);
        JsonNode indices =
                JsonMapper.builder().build().readTree(exported.join()).path("indices");
        assertThat(indices.has("export-source")).as("the source moved away").isFalse();
        JsonNode destination = indices.path("export-destination");
        assertThat(destination.path("records")).hasSize(3);
        assertThat(destination.path("settings").path("hitsPerPage").asInt()).isEqualTo(1);
    }

    private void fill(String index, int hitsPerPage, String... objectIDs) {
        client.put("/1/indexes/" + index + "/settings", "{\"hitsPerPage\":" + hitsPerPage + "}")
                .requireOk();
        StringBuilder batch = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < objectIDs.length; i++) {
            batch.append(i == 0 ? "" : ",")
                    .append("{\"action\":\"addObject\",\"body\":{\"objectID\":\"")
                    .append(objectIDs[i])
                    .append("\"}}");
        }
        client.post("/1/indexes/" + index + "/batch", batch.append("]}").toString())
                .requireOk();
    }

    private CompletableFuture<Reply> send(String path, String body) {
        return CompletableFuture.supplyAsync(() -> client.post(path, body), requests);
    }
}
