package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** One server-wide fault rule removed by its ID, in Java and over HTTP, the others left as they are. */
@Timeout(60)
class FaultRemovalTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final MockServer server = MOCK.server();
    private final TestClient client = new TestClient(server);

    @Test
    void removingOneRuleLeavesTheOthers() {
        long queries = server.faults().share(1.0, 1, "POST", "/1/indexes/*/query", Fault.status(503));
        long lists = server.faults().share(1.0, 1, "GET", "/1/indexes", Fault.status(500));

        assertThat(server.faults().remove(queries)).isTrue();

        assertThat(client.post("/1/indexes/books/query", "{}").status()).isNotEqualTo(503);
        assertThat(client.get("/1/indexes").status()).isEqualTo(500);
        assertThat(server.faults().active()).isOne();
        assertThat(server.faults().remove(queries)).as("already removed").isFalse();
        assertThat(server.faults().remove(lists)).isTrue();
        assertThat(client.get("/1/indexes").status()).isEqualTo(200);
    }

    @Test
    void aRuleUsedUpOrNeverAddedIsNotThere() {
        long once = server.faults().next(1, "GET", "/1/indexes", Fault.status(500));
        assertThat(client.get("/1/indexes").status()).isEqualTo(500);

        assertThat(server.faults().remove(once)).isFalse();
        assertThat(server.faults().remove(once + 1000)).isFalse();
        assertThat(server.faults().remove(0)).isFalse();
        assertThat(server.faults().remove(-1)).isFalse();
    }

    @Test
    void anIdFromBeforeAResetOrAClearRemovesNothingAfterIt() {
        long before = server.faults().next(1, "GET", "/nothing", Fault.status(500));
        server.reset();
        long afterReset = server.faults().next(1, "GET", "/nothing", Fault.status(500));
        server.faults().clear();
        long afterClear = server.faults().next(1, "GET", "/nothing", Fault.status(500));

        assertThat(afterReset).isGreaterThan(before);
        assertThat(afterClear).isGreaterThan(afterReset);
        assertThat(server.faults().remove(before)).isFalse();
        assertThat(server.faults().remove(afterReset)).isFalse();
        assertThat(server.faults().active()).isOne();
        assertThat(server.faults().remove(afterClear)).isTrue();
    }

    /** The rule is removed while the request it delays waits for its answer: the request is answered all the same. */
    @Test
    void aRequestBeingFaultedWhenItsRuleIsRemovedIsAnswered() throws InterruptedException {
        // its answer is held past the delay until the rule is removed
        CountDownLatch release = server.holdDelayedAnswers();
        try {
            long slow = server.faults().next(1000, "GET", "/1/indexes", Fault.delay(Duration.ofMillis(1)));
            HttpRequest request = client.request("GET", "/1/indexes", null).build();
            CompletableFuture<HttpResponse<String>> answer =
                    client.http().sendAsync(request, HttpResponse.BodyHandlers.ofString());
            // the rule counted the request: it has its fault and waits for its answer
            Eventually.waitUntil(
                    "the request to be faulted",
                    () -> client.get("/_mock/faults")
                                    .body()
                                    .path("faults")
                                    .path(0)
                                    .path("remaining")
                                    .asInt()
                            == 999);

            assertThat(server.faults().remove(slow)).isTrue();
            assertThat(answer).as("held until released").isNotDone();
            release.countDown();

            assertThat(answer.join().statusCode()).isEqualTo(200);
            assertThat(client.get("/1/indexes").status()).isEqualTo(200);
        } finally {
            release.countDown();
        }
    }

    @Test
    void theControlEndpointRemovesOneRuleByItsId() {
        long first = client.post(
                        "/_mock/faults",
                        TestClient.jq("{'method':'GET','path':'/1/indexes','count':5,"
                                + "'fault':{'type':'status','status':500}}"))
                .requireOk()
                .body()
                .get("id")
                .asLong();
        client.post(
                        "/_mock/faults",
                        TestClient.jq("{'method':'POST','path':'/1/keys','count':5,"
                                + "'fault':{'type':'status','status':503}}"))
                .requireOk();

        Reply removed = client.delete("/_mock/faults/" + first);

        assertThat(removed.status()).isEqualTo(200);
        assertThat(removed.body().get("id").asLong()).isEqualTo(first);
        assertThat(removed.body().get("status").stringValue()).isEqualTo("removed");
        assertThat(client.get("/1/indexes").status()).isEqualTo(200);
        assertThat(client.get("/_mock/faults").body().get("faults")).hasSize(1);
        Reply again = client.delete("/_mock/faults/" + first);
        assertThat(again.status()).isEqualTo(404);
        assertThat(again.body().get("status").asInt()).isEqualTo(404);
        assertThat(again.body().get("message").stringValue()).contains("No active fault rule " + first);
    }

    @Test
    void anIdOfNoRuleIsA404AndOneThatIsNoNumberA400() {
        for (String id : new String[] {"0", "999999"}) {
            Reply reply = client.delete("/_mock/faults/" + id);
            assertThat(reply.status()).as(id).isEqualTo(404);
            assertThat(reply.body().get("message").stringValue()).as(id).startsWith("No active fault rule");
        }
        for (String id : new String[] {"-1", "x", "1e3", "%EF%BC%91", "99999999999999999999"}) {
            Reply reply = client.delete("/_mock/faults/" + id);
            assertThat(reply.status()).as(id).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue()).as(id).startsWith("A fault rule's ID");
        }
    }

    @Test
    void removingARuleNeedsTheAdminKey() {
        long id = server.faults().share(1.0, 1, "GET", "/1/indexes", Fault.status(500));
        TestClient stranger = new TestClient(server, null, "wrong");
        String searchKey = client.createKey("{\"acl\": [\"search\"]}");

        assertThat(stranger.delete("/_mock/faults/" + id).status()).isEqualTo(403);
        assertThat(client.withKey(searchKey).delete("/_mock/faults/" + id).status())
                .isIn(401, 403);
        assertThat(server.faults().active()).isOne();
    }
}
