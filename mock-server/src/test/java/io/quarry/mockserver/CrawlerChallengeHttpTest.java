package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.Authenticator;
import java.net.PasswordAuthentication;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A crawler call refused for its credentials carries the basic authentication challenge, as every 401 must: without
 * it, a client that answers challenges (the JDK's {@code HttpClient} given an {@code Authenticator}) failed with
 * "WWW-Authenticate header missing" instead of sending the credentials.
 */
@Timeout(30)
class CrawlerChallengeHttpTest {

    private final MockServer server = MockServer.builder().start();
    private final TestClient anonymous = new TestClient(server, null, null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void everyCrawler401CarriesTheBasicChallenge() {
        Reply missing = anonymous.get("/api/1/crawlers");
        Reply invalid = anonymous.send(anonymous
                .request("GET", "/api/1/crawlers", null)
                .header("Authorization", "Basic bm9ib2R5Ondyb25n")
                .build());
        Reply notBase64 = anonymous.send(anonymous
                .request("POST", "/api/1/crawlers", "{}")
                .header("Authorization", "Basic !!")
                .build());
        for (Reply reply : new Reply[] {missing, invalid, notBase64}) {
            assertThat(reply.status()).as(reply.toString()).isEqualTo(401);
            assertThat(reply.headers().firstValue("WWW-Authenticate"))
                    .as(reply.toString())
                    .hasValue("Basic realm=\"crawler\", charset=\"UTF-8\"");
        }
        assertThat(new TestClient(server)
                        .get("/1/indexes/nope/settings")
                        .headers()
                        .firstValue("WWW-Authenticate"))
                .as("the key-based APIs challenge no scheme")
                .isEmpty();
    }

    @Test
    void aClientAnsweringTheChallengeGetsIn() throws Exception {
        HttpClient http = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(10))
                .authenticator(new Authenticator() {
                    @Override
                    protected PasswordAuthentication getPasswordAuthentication() {
                        return new PasswordAuthentication(
                                server.crawlerUserId(), server.crawlerApiKey().toCharArray());
                    }
                })
                .build();
        HttpResponse<String> listed = http.send(
                HttpRequest.newBuilder(URI.create(server.url() + "/api/1/crawlers"))
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(listed.statusCode()).as(listed.body()).isEqualTo(200);
        assertThat(listed.body()).contains("\"items\"");
    }
}
