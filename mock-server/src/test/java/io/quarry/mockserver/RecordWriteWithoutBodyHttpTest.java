package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A record write without a body is invalid JSON, as the service documents, never an empty record. */
class RecordWriteWithoutBodyHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @ParameterizedTest
    @CsvSource({"PUT, /1/indexes/nobody/r", "POST, /1/indexes/nobody/r/partial", "POST, /1/indexes/nobody"})
    void isRefusedAndTheRecordKept(String method, String path) {
        assertThat(client.put("/1/indexes/nobody/r", "{\"name\":\"kept\"}").status())
                .isEqualTo(200);

        Reply reply = client.send(method, path, null);

        assertThat(reply.status()).as("the record was emptied: " + reply).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).isEqualTo("Invalid JSON: the body must be a JSON object");
        assertThat(client.get("/1/indexes/nobody/r").body().get("name").stringValue())
                .isEqualTo("kept");
        assertThat(client.post("/1/indexes/nobody/browse", "{}")
                        .body()
                        .get("nbHits")
                        .intValue())
                .as("an empty record was added")
                .isEqualTo(1);
    }
}
