package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Crawler configurations the service refuses, or that the mock server could not act on, answered with a 400 that
 * names the member; and odd ones it takes. None may answer 500 or hold the request.
 */
class CrawlerConfigRefusalsHttpTest {

    private static final MockServer SERVER = MockServer.builder().start();
    private static final TestClient CLIENT = new TestClient(SERVER, null, null);

    @AfterAll
    static void stop() {
        SERVER.close();
    }

    /** A valid configuration with one member of the first action, or of the configuration, replaced. */
    private static String config(String topLevel, String action) {
        return jq("{'appId': 'QUARRYMOCK', 'rateLimit': 2" + topLevel
                + ", 'actions': [{'indexName': 'docs', 'recordExtractor': {'__type': 'function', 'source': '() => []'}"
                + action + "}]}");
    }

    private static Reply crawler(String method, String path, String json) {
        return CLIENT.crawler(method, path, json);
    }

    private static Reply create(String name, String config) {
        return crawler("POST", "/crawlers", "{\"name\": \"" + name + "\", \"config\": " + config + "}");
    }

    private static void assertRefused(Reply reply, String... messageParts) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.body().get("message").asString()).contains(messageParts);
    }

    @Test
    // a hang guard: the refusals are the checks (a parse of the deep selector overflows the stack)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSelectorNestedThousandsDeepIsRefusedNotAStackOverflow() {
        String deep = ":not(".repeat(5000) + "a" + ")".repeat(5000);
        String deeperThanAllowed = ":not(".repeat(17) + "a" + ")".repeat(17);

        assertRefused(
                create("c", config("", ", 'selectorsToMatch': ['!" + deep + "']")),
                "config.actions[0].selectorsToMatch",
                "longer than 2048 characters");
        assertRefused(
                create("c", config("", ", 'selectorsToMatch': ['" + deeperThanAllowed + "']")),
                "nests parentheses more than 16 deep");
        assertThat(create("c", config("", ", 'selectorsToMatch': ['main :not(:has(.draft))']"))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void selectorsJsoupWouldReadAsRegularExpressionsAreRefused() {
        assertRefused(create("c", config("", ", 'selectorsToMatch': ['p:matches((a+)+$)']")), ":matches");
        assertRefused(create("c", config("", ", 'selectorsToMatch': ['div:matchesOwn(x)']")), ":matches");
        assertRefused(create("c", config("", ", 'selectorsToMatch': ['[class~=note]']")), "~=");
        assertRefused(
                create("c", config("", ", 'selectorsToMatch': ['" + "a".repeat(2049) + "']")),
                "longer than 2048 characters");
    }

    @Test
    void selectorsWhoseWorkGrowsAsAPowerOfThePageAreRefused() {
        assertRefused(
                create("c", config("", ", 'selectorsToMatch': ['div:has(div:has(span))']")),
                "config.actions[0].selectorsToMatch",
                "'div:has(div:has(span))'",
                "nests :has within :has");
        assertRefused(
                create("c", config("", ", 'selectorsToMatch': ['!li:HAS(:not(:has(a)))']")), "nests :has within :has");
        assertRefused(create("c", config("", ", 'selectorsToMatch': ['h2:has(~ p)']")), "~ combinator within :has");
        for (String taken : new String[] {"h2:has(+ p) ~ p", ":is(:has(a), :has(b)) p", "main :not(:has(.draft))"}) {
            assertThat(create("c", config("", ", 'selectorsToMatch': ['" + taken + "']"))
                            .status())
                    .as(taken)
                    .isEqualTo(200);
        }
    }

    @Test
    void integersBeyondALongAreOutOfRangeNotInvalidJson() {
        String huge = "1" + "0".repeat(30);

        assertRefused(
                create("c", config("", "").replace("\"rateLimit\": 2", "\"rateLimit\": " + huge)),
                "config.rateLimit",
                "from 1 to 100");
        assertRefused(create("c", config(", 'maxUrls': " + huge, "")), "config.maxUrls");
        assertRefused(create("c", config(", 'maxDepth': -" + huge, "")), "config.maxDepth");
    }

    @Test
    void aUrlWithAPortNoTcpHasIsRefusedWherever() {
        String id = create("c", config("", "")).body().get("id").asString();

        assertRefused(create("c", config(", 'startUrls': ['http://127.0.0.1:65536/']", "")), "config.startUrls");
        assertRefused(
                crawler("PATCH", "/crawlers/" + id + "/config", "{\"sitemaps\": [\"http://127.0.0.1:99999/s.xml\"]}"),
                "config.sitemaps");
        assertRefused(
                crawler("POST", "/crawlers/" + id + "/urls/crawl", "{\"urls\": [\"http://127.0.0.1:99999/\"]}"),
                "urls");
        assertRefused(crawler("POST", "/crawlers/" + id + "/test", "{\"url\": \"http://127.0.0.1:99999/\"}"), "url");
        assertThat(create("c", config(", 'startUrls': ['http://127.0.0.1:65535/']", ""))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aUrlWithAHostInAnotherScriptIsTakenAndFetchedInItsAsciiForm() {
        Reply created = create("c", config(", 'startUrls': ['https://bücher.example/katalog?q=ä']", ""));
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        String id = created.body().get("id").asString();

        Reply read = crawler("GET", "/crawlers/" + id + "?withConfig=true", null);
        assertThat(read.body().get("config").get("startUrls").get(0).asString())
                .as("kept as written")
                .isEqualTo("https://bücher.example/katalog?q=ä");
        Reply tested = crawler("POST", "/crawlers/" + id + "/test", "{\"url\": \"http://bücher.example/\"}");
        assertThat(tested.status()).as(tested.toString()).isEqualTo(200);
        assertThat(tested.body().get("error").get("message").asString())
                .as("not a loopback host, so not fetched: under its ASCII name")
                .endsWith("xn--bcher-kva.example");
    }

    @Test
    void anExtractorNeedsTypeFunctionAndASource() {
        String noSource = jq("{'appId': 'QUARRYMOCK', 'rateLimit': 2, 'actions': [{'indexName': 'docs',"
                + " 'recordExtractor': {'__type': 'function'}}]}");
        String otherType = noSource.replace("{\"__type\": \"function\"}", "{\"__type\": \"css\", \"source\": \"x\"}");

        assertRefused(create("c", noSource), "config.actions[0].recordExtractor.source");
        assertRefused(create("c", otherType), "config.actions[0].recordExtractor.__type", "function");
    }

    @Test
    void anIndexNameTheApplicationWouldRefuseIsRefusedWithTheConfiguration() {
        String almost = "d".repeat(507);

        assertRefused(
                create("c", config(", 'indexPrefix': 'p_'", "").replace("\"docs\"", "\"" + almost + "\"")),
                "config.actions[0].indexName",
                ".tmp");
        assertRefused(create("c", config("", "").replace("\"docs\"", "\".\"")), "config.actions[0].indexName");
        assertThat(create("c", config(", 'indexPrefix': 'p'", "").replace("\"docs\"", "\"" + almost + "\""))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void noActionWritesTheTemporaryIndexOfAnother() {
        String second = ", {'indexName': 'docs.tmp', 'recordExtractor': {'__type': 'function', 'source': '() => []'}}";
        String twoActions = config("", "").replace("}]}", "}" + jq(second) + "]}");

        assertRefused(create("c", twoActions), "config.actions[1].indexName", "temporary index", "config.actions[0]");
        assertThat(create("c", twoActions.replace("docs.tmp", "docs.old")).status())
                .isEqualTo(200);
    }

    @Test
    void aNameHasAtMost64CharactersNotUtf16Units() {
        String emoji = "\uD83D\uDE00";

        assertThat(create(emoji.repeat(64), config("", "")).status()).isEqualTo(200);
        assertRefused(create(emoji.repeat(65), config("", "")), "64 characters");
    }

    @Test
    void aScheduleIsText() {
        assertRefused(create("c", config(", 'schedule': 5", "")), "config.schedule");
        assertThat(create("c", config(", 'schedule': 'every 1 day'", "")).status())
                .isEqualTo(200);
    }
}
