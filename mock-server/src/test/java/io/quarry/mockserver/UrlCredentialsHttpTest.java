package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Credentials as URL parameters: the analytics, insights and answers APIs take them under the headers' own,
 * case-sensitive names; a header still wins; the key stays out of the request log whatever the name's encoding.
 */
class UrlCredentialsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.applicationId("MYAPP").adminKey("s3cret-admin"))
            .build();

    private final TestClient admin = new TestClient(MOCK.server());
    private final TestClient anonymous = new TestClient(MOCK.server(), null, null);

    private static String credentials(String appId, String key) {
        return "X-Service-Application-Id=" + appId + "&X-Service-API-Key=" + key;
    }

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'faq':{'records':[{'objectID':'1','body':'The battery lasts two days.'}]}}}"));
    }

    @Test
    void analyticsTakesTheHeaderNamedParameters() {
        Reply reply = anonymous.get("/2/searches?index=faq&" + credentials("MYAPP", "s3cret-admin"));

        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.body().has("searches")).isTrue();
        assertThat(anonymous
                        .get("/2/searches?index=faq&" + credentials("MYAPP", "wrong"))
                        .status())
                .isEqualTo(403);
    }

    @Test
    void insightsTakesTheHeaderNamedParameters() {
        String events = jq("{'events':[{'eventType':'view','eventName':'Seen','index':'faq','userToken':'u-1',"
                + "'objectIDs':['1']}]}");

        Reply reply = anonymous.post("/1/events?" + credentials("MYAPP", "s3cret-admin"), events);

        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(anonymous
                        .post("/1/events?" + credentials("MYAPP", "wrong"), events)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void answersTakesTheHeaderNamedParameters() {
        Reply reply = anonymous.post(
                "/1/answers/faq/prediction?" + credentials("MYAPP", "s3cret-admin"),
                jq("{'query':'battery','queryLanguages':['en']}"));

        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.hitIds()).containsExactly("1");
    }

    @Test
    void theNamesAreCaseSensitiveOnTheseApis() {
        Reply reply =
                anonymous.get("/2/searches?index=faq&x-service-application-id=MYAPP&x-service-api-key=s3cret-admin");

        assertThat(reply.status()).isEqualTo(403);
    }

    @Test
    void aHeaderWinsOverAUrlParameter() {
        assertThat(admin.get("/2/searches?index=faq&" + credentials("OTHER", "wrong"))
                        .status())
                .isEqualTo(200);
        assertThat(new TestClient(MOCK.server(), "MYAPP", "wrong")
                        .get("/2/searches?index=faq&" + credentials("MYAPP", "s3cret-admin"))
                        .status())
                .isEqualTo(403);
    }

    @Test
    void theKeyStaysOutOfTheLogEvenWithAnEncodedName() {
        anonymous
                .get("/2/searches?index=faq&X-Service-Application-Id=MYAPP&X-Service-API%2DKey=s3cret-admin")
                .requireOk();

        Reply logs = admin.get("/1/logs?length=10").requireOk();

        assertThat(logs.body().toString()).contains("/2/searches").doesNotContain("s3cret-admin");
    }
}
