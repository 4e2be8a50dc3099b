package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The console's security headers come with every answer on its paths, the refusals made before its own routes run
 * included: a key without the right (403), a view it does not have (404), a method it does not take (405), a
 * parameter unknown in strict mode (400), and a path escaped as the router reads it.
 */
class ConsoleRefusalHeadersHttpTest {

    private static final Map<String, String> HEADERS = Map.of(
            "X-Content-Type-Options", "nosniff",
            "Cache-Control", "no-store",
            "Referrer-Policy", "no-referrer");

    @Test
    void refusalsBeforeTheConsolesRoutesCarryItsHeaders() {
        try (MockServer server = MockServer.builder().strict().start()) {
            TestClient admin = new TestClient(server);
            TestClient searchOnly =
                    new TestClient(server, server.applicationId(), admin.createKey(jq("{'acl': ['search']}")));

            assertRefusedWithHeaders(searchOnly.get("/_mock/console/api/keys"), 403);
            assertRefusedWithHeaders(searchOnly.get("/_mock/console/api/journal"), 403);
            assertRefusedWithHeaders(
                    new TestClient(server, server.applicationId(), "wrong").get("/_mock/console/api/tasks"), 403);
            assertRefusedWithHeaders(admin.get("/_mock/console/api/nothing"), 404);
            assertRefusedWithHeaders(admin.post("/_mock/console/api/keys", "{}"), 405);
            assertRefusedWithHeaders(admin.get("/_mock/console/api/keys?unknown=1"), 400);
            assertRefusedWithHeaders(searchOnly.get("/_mock/%63onsole/api/keys"), 403);
        }
    }

    @Test
    void otherControlAnswersDoNotTakeThem() {
        try (MockServer server = MockServer.builder().start()) {
            Reply version = new TestClient(server).get("/_mock/version");

            assertThat(version.headers().firstValue("Content-Security-Policy")).isEmpty();
        }
    }

    private static void assertRefusedWithHeaders(Reply reply, int status) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(status);
        HEADERS.forEach((name, value) -> assertThat(reply.headers().firstValue(name))
                .as(name + " of a " + status)
                .hasValue(value));
        assertThat(reply.headers().firstValue("Content-Security-Policy"))
                .as("the policy of a " + status)
                .hasValueSatisfying(policy -> assertThat(policy).contains("default-src 'none'"));
    }
}
