package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The application holds at most 10,000 indices: one request naming more new ones (a multi-index batch, a seed) is
 * refused whole, with the 403 of a quota, and creates none. Before, a 10 MB seed of empty indices took over a
 * gigabyte of heap.
 */
@Timeout(60)
class IndexCountBoundHttpTest {

    private static final int MAX = 10_000;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    /** {@return a multi-index batch adding one record to each of {@code count} indices, from number {@code from}} */
    private static String batch(int from, int count) {
        StringBuilder body = new StringBuilder("{\"requests\":[");
        for (int i = from; i < from + count; i++) {
            body.append(i == from ? "" : ",")
                    .append("{\"action\":\"addObject\",\"indexName\":\"i")
                    .append(i)
                    .append("\",\"body\":{\"objectID\":\"r\"}}");
        }
        return body.append("]}").toString();
    }

    private static String seed(int count) {
        StringBuilder body = new StringBuilder("{\"indices\":{");
        for (int i = 0; i < count; i++) {
            body.append(i == 0 ? "" : ",").append("\"s").append(i).append("\":{}");
        }
        return body.append("}}").toString();
    }

    private void refusedAndNothingCreated(Reply reply, int indicesBefore) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(403);
        assertThat(reply.body().get("message").stringValue()).contains("at most 10000 indices");
        assertThat(client.get("/1/indexes").body().get("items").size())
                .as("indices")
                .isEqualTo(indicesBefore);
    }

    @Test
    void aBatchOrASeedNamingMoreIndicesThanTheBoundIsRefusedWhole() {
        refusedAndNothingCreated(client.post("/1/indexes/*/batch", batch(0, MAX + 1)), 0);
        refusedAndNothingCreated(client.post("/_mock/seed", seed(MAX + 1)), 0);
    }

    @Test
    void theBoundIsTenThousandIndices() {
        client.post("/1/indexes/*/batch", batch(0, MAX)).requireOk();
        refusedAndNothingCreated(client.post("/1/indexes/*/batch", batch(MAX, 1)), MAX);
        refusedAndNothingCreated(client.post("/_mock/seed", seed(1)), MAX);
        client.post("/1/indexes/*/batch", batch(0, 2)).requireOk(); // existing indices take writes as before
        client.delete("/1/indexes/i0").requireOk();
        client.post("/1/indexes/*/batch", batch(MAX, 1)).requireOk();
    }
}
