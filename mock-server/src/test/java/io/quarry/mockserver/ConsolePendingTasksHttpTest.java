package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The console lists the oldest 100 pending tasks and says when more are pending, rather than showing "100 pending"
 * for any number past it.
 */
class ConsolePendingTasksHttpTest {

    @Test
    void moreThanAHundredPendingTasksAreSaidToBeMore() {
        try (MockServer server =
                MockServer.builder().taskDelay(Duration.ofHours(1)).start()) {
            TestClient client = new TestClient(server);
            for (int i = 0; i < 100; i++) {
                client.put("/1/indexes/tasks/" + i, "{}").requireOk();
            }
            JsonNode hundred =
                    client.get("/_mock/console/api/tasks").requireOk().body();
            assertThat(hundred.get("pending")).hasSize(100);
            assertThat(hundred.get("morePending").asBoolean()).isFalse();

            client.put("/1/indexes/tasks/one-more", "{}").requireOk();

            JsonNode more = client.get("/_mock/console/api/tasks").requireOk().body();
            assertThat(more.get("pending")).hasSize(100);
            assertThat(more.get("morePending").asBoolean()).isTrue();
            assertThat(more.get("pending").get(0).get("taskID"))
                    .isEqualTo(hundred.get("pending").get(0).get("taskID"));
        }
    }
}
