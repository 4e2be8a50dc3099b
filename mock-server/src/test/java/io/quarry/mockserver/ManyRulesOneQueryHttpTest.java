package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Thousands of rules matching one query, each promoting, hiding and adding user data, answer in bounded time. */
class ManyRulesOneQueryHttpTest {

    private static final int COUNT = 2_000;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    @Timeout(120) // a hang guard: the rules applied, the user data and the hits' order are the checks
    void everyRuleAppliesAndEachRecordIsPinnedOnce() {
        StringBuilder records = new StringBuilder("{\"requests\":[");
        StringBuilder rules = new StringBuilder("[");
        for (int i = 0; i < COUNT; i++) {
            records.append(i == 0 ? "" : ",")
                    .append("{\"action\":\"updateObject\",\"body\":{\"objectID\":\"o")
                    .append(i)
                    .append("\",\"name\":\"phone\"}}");
            // Rule i pins o(i+1) at i: with o0 hidden, o1..o1999 fill positions 0..1998 in order.
            rules.append(i == 0 ? "" : ",")
                    .append("{\"objectID\":\"r")
                    .append(i)
                    .append("\",\"conditions\":[{\"pattern\":\"phone\",\"anchoring\":\"contains\"}],")
                    .append("\"consequence\":{\"userData\":")
                    .append(i)
                    .append(",\"hide\":[{\"objectID\":\"o0\"}],\"promote\":[{\"objectIDs\":[\"o")
                    .append((i + 1) % COUNT)
                    .append("\",\"o1\"],\"position\":")
                    .append(i)
                    .append("}]}}");
        }
        client.post("/1/indexes/many/batch", records.append("]}").toString()).requireOk();
        client.post("/1/indexes/many/rules/batch", rules.append("]").toString()).requireOk();

        Reply reply = client.post("/1/indexes/many/query", "{\"query\":\"phone\",\"hitsPerPage\":1000}")
                .requireOk();
        assertThat(reply.body().path("appliedRules").size()).isEqualTo(COUNT);
        assertThat(reply.body().path("userData").size()).isEqualTo(COUNT);
        assertThat(reply.body().path("nbHits").asInt()).isEqualTo(COUNT - 1);
        assertThat(reply.hitIds())
                .isEqualTo(IntStream.rangeClosed(1, 1000).mapToObj(i -> "o" + i).toList());
    }
}
