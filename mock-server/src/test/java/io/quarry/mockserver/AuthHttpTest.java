package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Credentials: headers or URL parameters, application ID and admin key; the control endpoints take the key. */
class AuthHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.applicationId("MYAPP").adminKey("s3cret-admin"))
            .build();

    private final MockServer server = MOCK.server();

    private void assertRefused(Reply reply) {
        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.body())
                .isEqualTo(TestClient.json(jq("{'message':'Invalid Application-ID or API key','status':403}")));
    }

    @Test
    void rightCredentialsPass() {
        TestClient client = new TestClient(server);
        assertThat(client.get("/1/indexes").status()).isEqualTo(200);
    }

    @Test
    void wrongOrMissingCredentialsAre403() {
        assertRefused(new TestClient(server, "MYAPP", "wrong").get("/1/indexes"));
        assertRefused(new TestClient(server, "OTHER", "s3cret-admin").get("/1/indexes"));
        assertRefused(new TestClient(server, null, "s3cret-admin").get("/1/indexes"));
        assertRefused(new TestClient(server, "MYAPP", null).put("/1/indexes/i/r", "{}"));
        assertRefused(new TestClient(server, null, null).post("/1/indexes/i/query", "{}"));
    }

    @Test
    void credentialsAreAcceptedAsUrlParameters() {
        TestClient anonymous = new TestClient(server, null, null);
        Reply reply = anonymous.get("/1/indexes?x-service-application-id=MYAPP&x-service-api-key=s3cret-admin");
        assertThat(reply.status()).isEqualTo(200);
        assertRefused(anonymous.get("/1/indexes?x-service-application-id=MYAPP&x-service-api-key=nope"));
    }

    @Test
    void theKeyNeverAppearsInAnError() {
        Reply reply = new TestClient(server, "MYAPP", "a-wrong-key-value").get("/1/indexes");
        assertThat(reply.body().toString()).doesNotContain("a-wrong-key-value").doesNotContain("s3cret-admin");
        assertThat(server.toString()).doesNotContain("s3cret-admin");
    }

    @Test
    void controlEndpointsNeedTheAdminKeyButNotTheAppId() {
        assertThat(new TestClient(server, null, "s3cret-admin")
                        .get("/_mock/version")
                        .status())
                .isEqualTo(200);
        Reply refused = new TestClient(server, "MYAPP", "wrong").get("/_mock/version");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(new TestClient(server, null, null).post("/_mock/reset", null).status())
                .isEqualTo(403);
    }
}
