package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.CrawlerRuns;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A leading {@code !} in {@code pathsToMatch}, {@code exclusionPatterns} and {@code ignoreQueryParams}, read in
 * order as micromatch reads a list: the last pattern that matches decides, and a list of {@code !} patterns alone
 * selects everything else.
 */
class CrawlerPatternNegationHttpTest {

    private static final String[] PAGES = {
        "/",
        "/docs/a",
        "/drafts/x",
        "/drafts/keep/y",
        "/private/p",
        "/private/public/q",
        "/tracked?utm_source=s&utm_id=7"
    };

    private final HttpServer site = LoopbackSite.start(
            null,
            exchange -> LoopbackSite.html(
                    exchange,
                    200,
                    "<html><head><title>t</title></head><body>"
                            + Stream.of(PAGES)
                                    .map(p -> "<a href='" + p + "'>x</a>")
                                    .collect(Collectors.joining())
                            + "</body></html>"));
    private final MockServer server = MockServer.builder().start();
    private final CrawlerRuns runs = new CrawlerRuns(new TestClient(server));

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
    }

    private String url(String path) {
        return "http://127.0.0.1:" + site.getAddress().getPort() + path;
    }

    private String config(String exclusions, String paths, String ignored) {
        return "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2, \"startUrls\": [\"" + url("/") + "\"],"
                + " \"exclusionPatterns\": [" + exclusions + "], \"ignoreQueryParams\": [" + ignored + "],"
                + " \"actions\": [{\"indexName\": \"docs\", \"pathsToMatch\": [" + paths + "],"
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
    }

    private String quoted(String... paths) {
        return Stream.of(paths).map(p -> "\"" + p + "\"").collect(Collectors.joining(", "));
    }

    @Test
    void aLaterPatternOverridesAnEarlierOneInEveryList() throws InterruptedException {
        String id = runs.reindexed(config(
                quoted(url("/private/**"), "!" + url("/private/public/**")),
                quoted(url("/**"), "!" + url("/drafts/**"), url("/drafts/keep/**")),
                quoted("utm_*", "!utm_id")));

        assertThat(runs.urlsIn("docs"))
                .containsExactly(
                        url("/"),
                        url("/docs/a"),
                        url("/drafts/keep/y"),
                        url("/private/public/q"),
                        url("/tracked?utm_id=7"));
        assertThat(runs.count(id, "SKIPPED", "excluded")).as("/private/p").isEqualTo(1);
        assertThat(runs.count(id, "SKIPPED", "no_action_matched"))
                .as("/drafts/x")
                .isEqualTo(1);
    }

    @Test
    void exceptionsAloneSelectEverythingElse() throws InterruptedException {
        String id = runs.reindexed(config(
                quoted("!" + url("/"), "!" + url("/docs/**")), quoted("!" + url("/private/**")), quoted("!utm_id")));

        assertThat(runs.urlsIn("docs")).containsExactly(url("/"), url("/docs/a"));
        assertThat(runs.count(id, "SKIPPED", "excluded"))
                .as("every other link is excluded, before its paths are looked at")
                .isEqualTo(PAGES.length - 2);
    }
}
