package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Task IDs and states: notPublished for the task delay, then published; an injectable clock, no sleeping. */
class TasksHttpTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private MockServer server;
    private TestClient client;

    @BeforeEach
    void start() {
        server = MockServer.builder()
                .clock(clock)
                .taskDelay(Duration.ofSeconds(2))
                .start();
        client = new TestClient(server);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void taskIsNotPublishedUntilTheDelayElapses() {
        long task = client.put("/1/indexes/idx/r1", jq("{'v':1}"))
                .body()
                .get("taskID")
                .longValue();
        Reply pending = client.get("/1/indexes/idx/task/" + task);
        assertThat(pending.body()).isEqualTo(TestClient.json(jq("{'status':'notPublished','pendingTask':true}")));
        assertThat(client.get("/1/task/" + task).body().get("status").stringValue())
                .isEqualTo("notPublished");
        assertThat(client.get("/1/indexes")
                        .body()
                        .get("items")
                        .get(0)
                        .get("pendingTask")
                        .booleanValue())
                .isTrue();

        clock.advance(Duration.ofMillis(1999));
        assertThat(client.get("/1/indexes/idx/task/" + task)
                        .body()
                        .get("status")
                        .stringValue())
                .isEqualTo("notPublished");
        clock.advance(Duration.ofMillis(1));
        assertThat(client.get("/1/indexes/idx/task/" + task).body())
                .isEqualTo(TestClient.json(jq("{'status':'published','pendingTask':false}")));
        assertThat(client.get("/1/task/" + task).body()).isEqualTo(TestClient.json(jq("{'status':'published'}")));
        assertThat(client.get("/1/indexes/idx/r1").body().get("v").intValue()).isEqualTo(1);
        assertThat(client.get("/1/indexes")
                        .body()
                        .get("items")
                        .get(0)
                        .get("pendingTask")
                        .booleanValue())
                .isFalse();
    }

    @Test
    void olderTasksStayPublishedWhileNewerOnesWait() {
        long first = client.put("/1/indexes/idx/a", "{}").body().get("taskID").longValue();
        clock.advance(Duration.ofSeconds(3));
        long second = client.put("/1/indexes/idx/b", "{}").body().get("taskID").longValue();
        assertThat(client.get("/1/indexes/idx/task/" + first)
                        .body()
                        .get("status")
                        .stringValue())
                .isEqualTo("published");
        assertThat(client.get("/1/indexes/idx/task/" + second)
                        .body()
                        .get("status")
                        .stringValue())
                .isEqualTo("notPublished");
        assertThat(client.get("/1/indexes/idx/task/" + (second + 1)).status())
                .as("not issued yet")
                .isEqualTo(404);
    }

    @Test
    void taskIdsAreInt64AndIncrease() {
        long previous = 0;
        for (int i = 0; i < 5; i++) {
            long task = client.put("/1/indexes/idx/r" + i, "{}")
                    .body()
                    .get("taskID")
                    .longValue();
            assertThat(task).isGreaterThan(previous).isGreaterThan(Integer.MAX_VALUE);
            previous = task;
        }
        long settings = client.put("/1/indexes/other/settings", "{}")
                .body()
                .get("taskID")
                .longValue();
        assertThat(settings).isGreaterThan(previous);
    }

    @Test
    void timestampsFollowTheClockInIso8601WithMillis() {
        Reply reply = client.put("/1/indexes/idx/r1", "{}");
        assertThat(reply.body().get("updatedAt").stringValue()).isEqualTo("2026-01-01T00:00:00.000Z");
    }

    @Test
    void unknownOrMalformedTaskIds() {
        assertThat(client.get("/1/indexes/idx/task/12345").status()).isEqualTo(404);
        assertThat(client.get("/1/task/abc").status()).isEqualTo(400);
    }
}
