package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The crawler endpoints over HTTP: basic authentication under /api/1, refusals, bounds and reset. */
class CrawlerHttpTest {

    private static final String CONFIG = jq("{'appId': 'QUARRYMOCK', 'rateLimit': 2, 'actions': [{'indexName': 'docs',"
            + " 'recordExtractor': {'__type': 'function', 'source': '() => []'}}]}");

    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server, null, null);

    @AfterEach
    void stop() {
        server.close();
    }

    private Reply crawler(String method, String path, String json) {
        return client.crawler(method, path, json);
    }

    private String create() {
        Reply created = crawler("POST", "/crawlers", "{\"name\": \"docs\", \"config\": " + CONFIG + "}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        return created.body().get("id").asString();
    }

    @Test
    void needsTheCrawlerCredentials() {
        assertThat(client.get("/api/1/crawlers").status()).isEqualTo(401);
        assertThat(new TestClient(server).get("/api/1/crawlers").status())
                .as("an admin key is not enough")
                .isEqualTo(401);
        assertThat(crawler("GET", "/crawlers", null).status()).isEqualTo(200);
    }

    @Test
    void a401SaysHowToPassTheCredentialsWithoutEchoingThem() {
        String wrong = Base64.getEncoder().encodeToString("someone:wrong-crawler-key".getBytes(StandardCharsets.UTF_8));
        Reply missing = client.get("/api/1/crawlers");
        Reply invalid = client.send(client.request("GET", "/api/1/crawlers", null)
                .header("Authorization", "Basic " + wrong)
                .build());
        Reply notBasic = client.send(client.request("GET", "/api/1/crawlers", null)
                .header("Authorization", "Bearer secret-token")
                .build());

        for (Reply reply : new Reply[] {missing, invalid, notBasic}) {
            assertThat(reply.status()).isEqualTo(401);
            assertThat(reply.body().get("message").asString())
                    .contains("HTTP basic authentication", "crawler user ID", "crawler API key");
            assertThat(reply.body().toString())
                    .doesNotContain("someone", "wrong-crawler-key", wrong, "secret-token")
                    .doesNotContain(server.crawlerUserId(), server.crawlerApiKey());
        }
    }

    @Test
    void aCrawlerPathWithoutItsBasePathNamesTheRightOne() {
        Reply versionOnly = client.get("/1/crawlers");
        Reply bare = client.post("/crawlers/some-id/run", null);

        assertThat(versionOnly.status()).isEqualTo(404);
        assertThat(versionOnly.body().get("message").asString()).contains("did you mean GET /api/1/crawlers?");
        assertThat(bare.status()).isEqualTo(404);
        assertThat(bare.body().get("message").asString()).contains("did you mean POST /api/1/crawlers/some-id/run?");
        assertThat(client.get("/1/nothing-like-it").body().get("message").asString())
                .doesNotContain("did you mean");
    }

    @Test
    void anUnknownCrawlerIsA403() {
        Reply reply = crawler("GET", "/crawlers/00000000-0000-0000-0000-000000000000", null);
        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.body().get("message").asString()).contains("does not exist");
    }

    @Test
    void refusesOutOfRangeParametersAndTooManyUrls() {
        String id = create();
        assertThat(crawler("GET", "/crawlers?itemsPerPage=0", null).status()).isEqualTo(400);
        assertThat(crawler("GET", "/crawlers?page=101", null).status()).isEqualTo(400);
        String urls = IntStream.range(0, 51)
                .mapToObj(i -> "\"http://127.0.0.1/" + i + "\"")
                .collect(Collectors.joining(",", "[", "]"));
        Reply tooMany = crawler("POST", "/crawlers/" + id + "/urls/crawl", "{\"urls\": " + urls + "}");
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.body().get("message").asString()).contains("50");
        assertThat(crawler("POST", "/crawlers/" + id + "/urls/crawl", "{\"urls\": [\"ftp://x\"]}")
                        .status())
                .isEqualTo(400);
        assertThat(crawler("POST", "/crawlers/" + id + "/tasks/unknown/cancel", null)
                        .status())
                .isEqualTo(400);
        assertThat(crawler("PATCH", "/crawlers/" + id + "/config", "{\"actions\": []}")
                        .status())
                .isEqualTo(400);
        Reply longPattern = crawler(
                "PATCH",
                "/crawlers/" + id + "/config",
                "{\"exclusionPatterns\": [\"https://a.com/" + "*".repeat(3000) + "\"]}");
        assertThat(longPattern.status()).isEqualTo(400);
        assertThat(longPattern.body().get("message").asString())
                .contains("config.exclusionPatterns", "longer than 2048 characters");
        assertThat(crawler("POST", "/crawlers", "{\"name\": \"c\", \"config\": {\"appId\": \"A\"}}")
                        .body()
                        .get("message")
                        .asString())
                .contains("rateLimit");
    }

    @Test
    void fetchesOnlyLoopbackAndAllowedHosts() {
        String id = create();
        Reply tested = crawler("POST", "/crawlers/" + id + "/test", "{\"url\": \"http://192.0.2.1/page\"}");
        assertThat(tested.status()).isEqualTo(200);
        assertThat(tested.body().get("error").get("code").asString()).isEqualTo("host_not_allowed");
        assertThat(tested.body().get("records")).isEmpty();
    }

    @Test
    void crawlerCallsStayOutOfTheApplicationLog() {
        crawler(
                "POST",
                "/crawlers",
                "{\"name\": \"c\", \"config\": " + CONFIG.replace("}]}", "}], \"apiKey\": \"target-key\"}") + "}");
        Reply logs = new TestClient(server).get("/1/logs?length=1000");
        assertThat(logs.status()).isEqualTo(200);
        assertThat(logs.body().toString()).doesNotContain("target-key").doesNotContain("/api/1/crawlers");
    }

    @Test
    void aResetForgetsEveryCrawler() {
        String id = create();
        assertThat(new TestClient(server).post("/_mock/reset", null).status()).isEqualTo(200);
        assertThat(crawler("GET", "/crawlers/" + id, null).status()).isEqualTo(403);
        assertThat(crawler("GET", "/crawlers", null).body().get("total").asInt())
                .isZero();
    }
}
