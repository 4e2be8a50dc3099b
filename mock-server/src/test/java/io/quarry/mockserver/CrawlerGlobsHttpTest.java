package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.CrawlerRuns;
import io.quarry.mockserver.testing.GlobOracle;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The crawler's URL patterns are globs: classes ({@code [a-z]}, {@code [!a]}), brace alternatives ({@code {a,b}})
 * and backslash escapes, in {@code pathsToMatch}, {@code exclusionPatterns} and {@code ignoreQueryParams}.
 */
class CrawlerGlobsHttpTest {

    private static final String[] PAGES = {
        "/",
        "/docs/a",
        "/docs/b",
        "/blog/en/x",
        "/blog/de/x",
        "/private/p",
        "/drafts/d",
        "/p7",
        "/tracked?utm_source=s&ref=r&id=7"
    };
    private static final String[] PATTERN_PIECES = {
        "a", "b", "c", "/", "-", "!", ",", "*", "**", "?", "[a-b]", "[!a]", "[", "]", "{a,b}", "{,c/}", "{", "}",
        "\\\\-", "\\\\*"
    };
    private static final String[] PATH_PIECES = {"a", "b", "c", "-", "!", ",", "*"};

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
    private final TestClient client = new TestClient(server);
    private final CrawlerRuns runs = new CrawlerRuns(client);

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
    }

    private String url(String path) {
        return "http://127.0.0.1:" + site.getAddress().getPort() + path;
    }

    /** Patterns as JSON strings (a backslash in a piece is already escaped for JSON). */
    private static String quoted(String... patterns) {
        return Stream.of(patterns).map(p -> "\"" + p + "\"").collect(Collectors.joining(", "));
    }

    private static String action(String index, String paths) {
        return "{\"indexName\": \"" + index + "\", \"pathsToMatch\": [" + paths + "],"
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}";
    }

    private String config(String exclusions, String ignored, List<String> actions) {
        return "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2, \"startUrls\": [\"" + url("/") + "\"],"
                + " \"exclusionPatterns\": [" + exclusions + "], \"ignoreQueryParams\": [" + ignored + "],"
                + " \"actions\": [" + String.join(", ", actions) + "]}";
    }

    @Test
    void aReindexReadsClassesBracesAndEscapesInEveryList() throws InterruptedException {
        String id = runs.reindexed(config(
                quoted(url("/{private,drafts}/**")),
                quoted("{utm_,}[rs][a-z]*"),
                List.of(action(
                        "docs",
                        quoted(
                                url("/"),
                                url("/docs/[!b]"),
                                url("/blog/{en,fr}/*"),
                                url("/p[0-9]"),
                                url("/tracked\\\\?**"))))));

        assertThat(runs.urlsIn("docs"))
                .containsExactlyInAnyOrder(
                        url("/"), url("/docs/a"), url("/blog/en/x"), url("/p7"), url("/tracked?id=7"));
        assertThat(runs.count(id, "SKIPPED", "excluded"))
                .as("/private/p, /drafts/d")
                .isEqualTo(2);
        assertThat(runs.count(id, "SKIPPED", "no_action_matched"))
                .as("/docs/b, /blog/de/x")
                .isEqualTo(2);
    }

    /**
     * Random patterns, one per action, against random URLs: each action extracts where a second reading matches.
     * Half the patterns are drawn from pieces, unbalanced brackets and braces included; half are written after one
     * of the URLs, each character kept, escaped or made a wildcard, a class or a group, which takes it or not.
     */
    @Test
    void testAnswersWhatTheExpandedReadingSaysOnRandomPatterns() {
        long seed = 20261129L;
        Random random = new Random(seed);
        List<String> paths = new ArrayList<>();
        for (int u = 0; u < 10; u++) {
            // segments never empty: a crawl reads // as /
            paths.add("/" + PATH_PIECES[random.nextInt(PATH_PIECES.length)] + randomText(random, PATH_PIECES, 2)
                    + (random.nextBoolean() ? "/" : "") + randomText(random, PATH_PIECES, 3));
        }
        List<String> patterns = new ArrayList<>();
        List<String> actions = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String pattern = url(
                    i % 2 == 0
                            ? "/" + randomText(random, PATTERN_PIECES, 6)
                            : patternAfter(random, paths.get(random.nextInt(paths.size()))));
            patterns.add(pattern.replace("\\\\", "\\"));
            actions.add(action("i" + i, quoted(pattern)));
        }
        String id = client.crawler(
                        "POST", "/crawlers", "{\"name\": \"n\", \"config\": " + config("", "", actions) + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();
        int extracted = 0;
        for (String path : paths) {
            String tested = url(path);
            Reply reply = client.crawler("POST", "/crawlers/" + id + "/test", "{\"url\": \"" + tested + "\"}");
            Set<String> extracting = new HashSet<>();
            reply.requireOk()
                    .body()
                    .get("records")
                    .forEach(entry -> extracting.add(entry.get("indexName").asString()));
            for (int i = 0; i < patterns.size(); i++) {
                assertThat(extracting.contains("i" + i))
                        .as("seed %d, URL %s, pattern %s", seed, tested, patterns.get(i))
                        .isEqualTo(GlobOracle.matches(patterns.get(i), tested));
            }
            extracted += extracting.size();
        }
        assertThat(extracted)
                .as("seed %d: patterns written after URLs match them", seed)
                .isGreaterThan(5);
    }

    /** A pattern written after a path (JSON-escaped): it matches the path, but for one character in four patterns. */
    private static String patternAfter(Random random, String path) {
        StringBuilder pattern = new StringBuilder("/");
        int miss = random.nextInt(4) == 0 ? 1 + random.nextInt(path.length() - 1) : -1;
        for (int i = 1; i < path.length(); i++) {
            char c = path.charAt(i);
            String[] choices = i == miss
                    ? new String[] {"[!" + c + "]", "{z,zz}", "[z]"}
                    : c == '/'
                            ? new String[] {"/", "**/", "{/,z}", "\\\\/"}
                            : new String[] {
                                String.valueOf(c),
                                "?",
                                "*",
                                "[" + c + "]",
                                "[" + c + "-z]",
                                "[!z]",
                                "{" + c + ",z}",
                                "{z,}" + c,
                                "\\\\" + c
                            };
            pattern.append(choices[random.nextInt(choices.length)]);
        }
        return pattern.toString();
    }

    /**
     * Guards the crawler's threads and request threads: a pattern of the longest length, all groups and classes.
     * A hang guard: expanded, the groups stand for 3^150 patterns; the matching work is counted in
     * UrlWildcardsGlobTest.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aPatternOfManyGroupsIsTakenAndDecidedQuickly() {
        String groups = url("/") + "{a,*,[!b]}".repeat(150);
        String unclosed = url("/") + "[{a,".repeat(400);
        String id = client.crawler(
                        "POST",
                        "/crawlers",
                        "{\"name\": \"n\", \"config\": "
                                + config(quoted(unclosed), "", List.of(action("docs", quoted(groups)))) + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();

        JsonNode tested = client.crawler(
                        "POST", "/crawlers/" + id + "/test", "{\"url\": \"" + url("/" + "a".repeat(1500)) + "\"}")
                .requireOk()
                .body();
        assertThat(tested.get("records").size()).as(tested.toString()).isEqualTo(1);
    }

    private static String randomText(Random random, String[] pieces, int maxPieces) {
        StringBuilder text = new StringBuilder();
        int count = random.nextInt(maxPieces + 1);
        for (int i = 0; i < count; i++) {
            text.append(pieces[random.nextInt(pieces.length)]);
        }
        return text.toString();
    }
}
