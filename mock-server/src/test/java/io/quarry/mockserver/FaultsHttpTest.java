package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Scripted faults: the embedded API, the control endpoints and the JUnit extension. */
@Timeout(60)
class FaultsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final MockServer server = MOCK.server();
    private final TestClient client = new TestClient(server);

    private Reply save(String id) {
        return client.put("/1/indexes/faulty/" + id, "{\"title\": \"" + id + "\"}");
    }

    private boolean saved(String id) {
        return client.get("/1/indexes/faulty/" + id).status() == 200;
    }

    @Test
    void statusFaultsAnswerTheNextRequestsThenStop() {
        MOCK.faults().next(2, "PUT", "/1/indexes/faulty/*", Fault.status(429, Map.of("Retry-After", "1")));
        Reply first = save("a");
        assertThat(first.status()).isEqualTo(429);
        assertThat(first.headers().firstValue("Retry-After")).contains("1");
        assertThat(first.body().get("status").asInt()).isEqualTo(429);
        assertThat(save("a").status()).isEqualTo(429);
        assertThat(saved("a")).isFalse();
        assertThat(save("a").status()).isEqualTo(200);
        assertThat(server.faults().active()).isZero();
    }

    @Test
    void onlyMatchingMethodsAndPathsAreFaulted() {
        server.faults().next(5, "POST", "/1/indexes/*/query", Fault.status(503));
        assertThat(save("a").status()).isEqualTo(200);
        assertThat(client.post("/1/indexes/faulty/query", "{}").status()).isEqualTo(503);
        assertThat(client.get("/_mock/version").status()).isEqualTo(200);
    }

    /** As a regular expression, this rule held every request whose path it was tried on for hours. */
    @Test
    void aRuleOfManyWildcardsIsMatchedWithoutHoldingRequestsUp() {
        server.faults().next(1, "*", "/1/" + "**a".repeat(40) + "b", Fault.status(503));

        assertThat(client.get("/1/indexes/" + "a".repeat(200) + "/settings").status())
                .isEqualTo(404);
        assertThat(client.get("/1/indexes/" + "a".repeat(200) + "b").status()).isEqualTo(503);
    }

    @Test
    void failAfterWriteAppliesTheWrite() {
        server.faults().next(1, "*", "/**", Fault.failAfterWrite(503));
        assertThat(save("b").status()).isEqualTo(503);
        assertThat(saved("b")).isTrue();
    }

    @Test
    void resetAfterWriteAppliesTheWriteAndClosesTheConnection() {
        server.faults().next(1, "PUT", "/**", Fault.resetAfterWrite());
        assertThatThrownBy(() -> save("c")).isInstanceOf(UncheckedIOException.class);
        assertThat(saved("c")).isTrue();
    }

    @Test
    void closeBeforeResponseDoesNotApplyTheWrite() {
        server.faults().next(1, "PUT", "/**", Fault.closeBeforeResponse());
        assertThatThrownBy(() -> save("d")).isInstanceOf(UncheckedIOException.class);
        assertThat(saved("d")).isFalse();
    }

    @Test
    void closeMidResponseSendsPartOfTheBody() {
        save("e");
        server.faults().next(1, "GET", "/1/indexes/faulty/e", Fault.closeMidResponse());
        assertThatThrownBy(() -> client.get("/1/indexes/faulty/e")).isInstanceOf(UncheckedIOException.class);
        assertThat(client.get("/1/indexes/faulty/e").status()).isEqualTo(200);
    }

    @Test
    void truncatedAndNonJsonBodies() throws Exception {
        save("f");
        server.faults().next(1, "GET", "/1/indexes/faulty/f", Fault.truncatedBody());
        server.faults().next(1, "GET", "/1/indexes/faulty/f", Fault.nonJsonBody());
        HttpResponse<String> truncated = client.http()
                .send(client.request("GET", "/1/indexes/faulty/f", null).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(truncated.statusCode()).isEqualTo(200);
        assertThat(truncated.body()).startsWith("{").doesNotEndWith("}");
        HttpResponse<String> html = client.http()
                .send(client.request("GET", "/1/indexes/faulty/f", null).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(html.body()).startsWith("<html>");
        assertThat(html.headers().firstValue("Content-Type")).contains("text/html");
    }

    @Test
    void delaysHoldTheAnswerNotAThread() {
        server.faults().next(1, "GET", "/1/indexes", Fault.delay(Duration.ofMillis(300)));
        long started = System.nanoTime();
        client.get("/1/indexes").requireOk();
        assertThat((System.nanoTime() - started) / 1_000_000).isGreaterThanOrEqualTo(290);
    }

    @Test
    void aSeededShareFaultsTheSameRequestsEachRun() {
        List<Integer> first = shareRun();
        server.reset();
        List<Integer> second = shareRun();
        assertThat(first).isEqualTo(second).contains(200, 503);
    }

    private List<Integer> shareRun() {
        server.faults().share(0.5, 7, "GET", "/1/indexes", Fault.status(503));
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            statuses.add(client.get("/1/indexes").status());
        }
        return statuses;
    }

    @Test
    void resetClearsEveryFault() {
        server.faults().share(1.0, 1, "*", "/**", Fault.status(500));
        assertThat(client.get("/1/indexes").status()).isEqualTo(500);
        assertThat(client.post("/_mock/reset", "{}").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes").status()).isEqualTo(200);
    }

    @Test
    void theControlEndpointsScriptFaults() {
        Reply added = client.post(
                "/_mock/faults",
                TestClient.jq("{'method':'GET','path':'/1/indexes','count':1,"
                        + "'fault':{'type':'status','status':500,'headers':{'X-Why':'scripted'}}}"));
        assertThat(added.status()).isEqualTo(200);
        assertThat(added.body().get("id").asLong()).isPositive();
        Reply listed = client.get("/_mock/faults");
        assertThat(listed.body().get("faults").get(0).get("fault").get("type").stringValue())
                .isEqualTo("status");
        Reply faulted = client.get("/1/indexes");
        assertThat(faulted.status()).isEqualTo(500);
        assertThat(faulted.headers().firstValue("X-Why")).contains("scripted");
        assertThat(client.get("/1/indexes").status()).isEqualTo(200);

        client.post("/_mock/faults", TestClient.jq("{'fault':{'type':'closeBeforeResponse'}}"));
        assertThat(client.delete("/_mock/faults").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes").status()).isEqualTo(200);

        for (String bad : new String[] {
            "{}",
            "{'fault':{'type':'explode'}}",
            "{'fault':{'type':'status','status':99}}",
            "{'fault':{'type':'delay','delayMs':600000}}",
            "{'count':0,'fault':{'type':'closeBeforeResponse'}}",
            "{'share':1.5,'fault':{'type':'closeBeforeResponse'}}",
            "{'path':'no-slash','fault':{'type':'closeBeforeResponse'}}",
            "{'fault':{'type':'status','status':503,'headers':{'X-Bad':'a\\r\\nb'}}}"
        }) {
            assertThat(client.post("/_mock/faults", TestClient.jq(bad)).status())
                    .as(bad)
                    .isEqualTo(400);
        }
        assertThat(new TestClient(server, null, "wrong").get("/_mock/faults").status())
                .isEqualTo(403);
    }

    @Test
    void theScriptIsBounded() {
        for (int i = 0; i < 100; i++) {
            server.faults().next(1, "GET", "/nothing/" + i, Fault.status(500));
        }
        assertThatThrownBy(() -> server.faults().next(1, "GET", "/more", Fault.status(500)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat("x".getBytes(StandardCharsets.UTF_8)).hasSize(1);
    }
}
