package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.CrawlerRuns;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.Collections;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The matching work a crawler configuration may ask of each URL is bounded: its URL patterns hold at most 4096
 * characters from the first {@code *} or <code>{</code> of each on, and a crawl takes URLs of at most 8192
 * characters. A configuration of 1,000 patterns of 2 KB opening with {@code **} held a {@code /test} for half a
 * minute a URL.
 */
class CrawlerPatternBudgetHttpTest {

    private static final int BUDGET = 4096;
    private static final String LONG_LINK = "/" + "l".repeat(8200);

    private static final HttpServer SITE = LoopbackSite.start(
            null,
            exchange -> LoopbackSite.html(
                    exchange, 200, "<html><body><a href='" + LONG_LINK + "'>long</a><a href='/b'>b</a></body></html>"));
    private static final MockServer SERVER = MockServer.builder().start();
    private static final TestClient CLIENT = new TestClient(SERVER);

    @AfterAll
    static void stop() {
        SERVER.close();
        SITE.stop(0);
    }

    private static String url(String path) {
        return "http://127.0.0.1:" + SITE.getAddress().getPort() + path;
    }

    /** A pattern that every place of may follow at once against a URL of {@code a}s, and that never matches one. */
    private static String hostile(int length) {
        return "\"**" + "a".repeat(length - 3) + "b\"";
    }

    /** Patterns one character past the budget. */
    private static String pastTheBudget() {
        return hostile(2048) + ", " + hostile(2048) + ", \"*\"";
    }

    private static String config(String topLevel, String paths) {
        return "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2" + topLevel + ", \"actions\": [{\"indexName\": \"docs\","
                + " \"pathsToMatch\": [" + paths + "], \"recordExtractor\": {\"__type\": \"function\", \"source\":"
                + " \"() => []\"}}]}";
    }

    private static Reply crawler(String method, String path, String json) {
        return CLIENT.crawler(method, path, json);
    }

    private static String create(String config) {
        Reply created = crawler("POST", "/crawlers", "{\"name\": \"c\", \"config\": " + config + "}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        return created.body().get("id").asString();
    }

    private static void assertRefused(Reply reply, String member) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.body().get("message").asString()).contains(member, "at most " + BUDGET + " characters");
    }

    // a hang guard: what one match may cost (the URL's length times the pattern's) is counted in UrlWildcardsGlobTest
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aConfigurationJustWithinTheBudgetAnswersATestOfALongHostileUrl() {
        String id = create(config(", \"ignoreQueryParams\": [\"utm_*\"]", hostile(2048) + ", " + hostile(2047)));
        String tested = url("/" + "a".repeat(2000) + "?utm_" + "a".repeat(2000) + "=1");

        Reply reply = crawler("POST", "/crawlers/" + id + "/test", "{\"url\": \"" + tested + "\"}");

        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.body().get("records")).as("no pattern matches").isEmpty();
        assertThat(reply.body().get("logs").toString()).contains("skips the page: no_action_matched");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: the refusal is the check
    void oneCharacterPastTheBudgetIsRefusedWhereverAConfigurationIsTaken() {
        String past =
                config(", \"exclusionPatterns\": [\"" + url("/x/**") + "\"]", hostile(2048) + ", " + hostile(2047));
        String id = create(config("", "\"" + url("/**") + "\""));

        assertRefused(
                crawler("POST", "/crawlers", "{\"name\": \"c\", \"config\": " + past + "}"),
                "config.actions[0].pathsToMatch");
        assertRefused(crawler("PATCH", "/crawlers/" + id, "{\"config\": " + past + "}"), "config.actions[0]");
        assertRefused(
                crawler("PATCH", "/crawlers/" + id + "/config", "{\"exclusionPatterns\": [" + pastTheBudget() + "]}"),
                "config.exclusionPatterns");
        assertRefused(
                crawler(
                        "POST",
                        "/crawlers/" + id + "/test",
                        "{\"url\": \"" + url("/") + "\", \"config\": {\"ignoreQueryParams\": [" + pastTheBudget()
                                + "]}}"),
                "config.ignoreQueryParams");
        Reply read = crawler("GET", "/crawlers/" + id + "?withConfig=true", null);
        assertThat(read.body().get("config").has("exclusionPatterns"))
                .as("nothing refused was kept")
                .isFalse();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: the refusal is the check
    void theConfigurationThatHeldATestForMinutesIsRefused() {
        String patterns = String.join(", ", Collections.nCopies(1000, hostile(2048)));

        assertRefused(
                crawler("POST", "/crawlers", "{\"name\": \"c\", \"config\": " + config("", patterns) + "}"),
                "config.actions[0].pathsToMatch");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: the refusal is the check
    void aUrlLongerThanACrawlTakesIsRefusedAndALinkThatLongIsSkipped() throws InterruptedException {
        String tooLong = url(LONG_LINK);

        Reply refused = crawler(
                "POST",
                "/crawlers",
                "{\"name\": \"c\", \"config\": " + config(", \"startUrls\": [\"" + tooLong + "\"]", "") + "}");
        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        assertThat(refused.body().get("message").asString()).contains("config.startUrls", "8192");
        String id = new CrawlerRuns(CLIENT).reindexed(config(", \"startUrls\": [\"" + url("/") + "\"]", ""));
        assertThat(new CrawlerRuns(CLIENT).count(id, "SKIPPED", "url_too_long"))
                .as("found on both pages, counted once")
                .isEqualTo(1);
        assertThat(new CrawlerRuns(CLIENT).count(id, "DONE", "success"))
                .as("/ and /b")
                .isEqualTo(2);
        Reply tested = crawler("POST", "/crawlers/" + id + "/test", "{\"url\": \"" + tooLong + "\"}");
        assertThat(tested.status()).as(tested.toString()).isEqualTo(400);
        assertThat(tested.body().get("message").asString()).contains("url", "8192");
    }
}
