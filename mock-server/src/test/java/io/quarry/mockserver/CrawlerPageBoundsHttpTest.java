package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.CrawlerRuns;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * Pages the mock server will not read, each small: more HTML elements than it parses, one its HTML parser fails
 * on, and selectors whose work on the page passes its budget (seconds of work or more unbounded). {@code /test}
 * answers them as results, a 200 whose {@code error} says why (the request was valid; the page cannot be crawled), a
 * crawl counts the page FAILED and goes on.
 */
class CrawlerPageBoundsHttpTest {

    /** 12,000 sibling divs (130 KB): {@code p ~ div} walks back along all of them from each, about 12 s unbounded. */
    private static final String SIBLINGS = "<div></div>".repeat(12_000);

    /** 8,000 tables each opening the bold tags before it again (up to a dozen): 112,000 elements from 140 KB. */
    private static final String TABLES =
            IntStream.range(0, 8_000).mapToObj(i -> "<table><b id=" + i + ">x").collect(Collectors.joining());

    /** 1.5 KB of misnested tables and formatting tags (found by CrawlerHostilePagesHttpTest) on which jsoup throws. */
    private static final String BROKEN = resource("/crawler/parser-failure.html");

    /** 1 MB of text under 500 nested divs: {@code :contains} reads it whole from each, about 6 s unbounded. */
    private static final String DEEP_TEXT = "<div>".repeat(500) + "x ".repeat(500_000);

    /** 100 nested headings above 4 MB of text: reading each heading's whole text took about 6 s. */
    private static final String NESTED_HEADINGS = "<h2>heading <div>".repeat(100) + "x ".repeat(2_000_000);

    private static final HttpServer SITE = LoopbackSite.start(null, exchange -> {
        String page = Map.of(
                        "/siblings", SIBLINGS,
                        "/tables", TABLES,
                        "/broken", BROKEN,
                        "/text", DEEP_TEXT,
                        "/headings", NESTED_HEADINGS,
                        "/linked-siblings", "<a href='/tables'>t</a>" + SIBLINGS,
                        "/",
                                "<p>start</p><div><a href='/siblings'>s</a><a href='/tables'>t</a><a href='/broken'>b</a></div>")
                .get(exchange.getRequestURI().getPath());
        LoopbackSite.html(exchange, page == null ? 404 : 200, page == null ? "" : page);
    });
    private static final MockServer SERVER = MockServer.builder().start();
    private final TestClient client = new TestClient(SERVER);

    @AfterAll
    static void stop() {
        SERVER.close();
        SITE.stop(0);
    }

    private static String resource(String name) {
        try (InputStream in = CrawlerPageBoundsHttpTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String url(String path) {
        return "http://127.0.0.1:" + SITE.getAddress().getPort() + path;
    }

    private static String config(String startUrl, String selectors) {
        return jq("{'appId': 'QUARRYMOCK', 'rateLimit': 2, 'startUrls': ['" + startUrl + "'], 'actions': [{'indexName':"
                + " 'docs', 'selectorsToMatch': " + selectors + ", 'recordExtractor': {'__type': 'function', 'source':"
                + " '() => []'}}]}");
    }

    private Reply tested(String path, String selectors) {
        String id = client.crawler("POST", "/crawlers", "{\"name\": \"c\", \"config\": " + config(url("/"), "[]") + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();
        String override = jq("{'actions': [{'indexName': 'docs', 'selectorsToMatch': " + selectors
                + ", 'recordExtractor': {'__type': 'function', 'source': '() => []'}}]}");
        return client.crawler(
                "POST", "/crawlers/" + id + "/test", "{\"url\": \"" + url(path) + "\", \"config\": " + override + "}");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: the budget's refusal is the check
    void aSelectorWhoseWorkOnThePagePassesTheBudgetIsAnErrorOfTheTestNamingIt() {
        Reply reply = tested("/siblings", jq("['div', '!p ~ div']"));

        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(errorCode(reply)).isEqualTo("selectors_too_costly");
        assertThat(reply.body().get("records").isEmpty()).as("no record").isTrue();
        assertThat(errorMessage(reply))
                .contains(
                        "config.actions[0].selectorsToMatch",
                        "'!p ~ div'",
                        "would take about",
                        "steps on this page (12004 elements");
        assertThat(tested("/siblings", jq("['div', 'p + div']")).status())
                .as("a selector walking no siblings is within the budget")
                .isEqualTo(200);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: the budget's refusal is the check
    void aPageOfMoreElementsThanTheMockServerParsesIsAnErrorOfTheTest() {
        Reply reply = tested("/tables", "[]");

        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(errorCode(reply)).isEqualTo("too_many_elements");
        assertThat(errorMessage(reply)).contains("more than 100000 HTML elements");
        assertThat(reply.body().get("links").isEmpty())
                .as("a page not read has no links")
                .isTrue();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: the budget's refusal is the check
    void containsIsWeighedByTheTextItReads() {
        Reply reply = tested("/text", jq("['div:contains(y)']"));

        assertThat(errorCode(reply)).as(reply.toString()).isEqualTo("selectors_too_costly");
        assertThat(errorMessage(reply)).contains("'div:contains(y)' would take about");
        assertThat(tested("/text", jq("['div:containsOwn(y)']"))
                        .body()
                        .get("error")
                        .isEmpty())
                .isTrue();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: HeadingTextTest counts the characters read
    void nestedHeadingsAreReadOnlyAsFarAsTheirRecordKeeps() {
        Reply reply = tested("/headings", "[]");

        assertThat(reply.status()).as("a status").isEqualTo(200);
        JsonNode headings =
                reply.body().get("records").get(0).get("records").get(0).get("headings");
        assertThat(headings.size()).isEqualTo(100);
        for (JsonNode heading : headings) {
            assertThat(heading.asString()).hasSize(1000).startsWith("heading ");
            assertThat(heading.asString().strip()).endsWith(" x x");
        }
    }

    @Test
    void aPageTheHtmlParserFailsOnIsAnErrorOfTheTestNotA500() {
        Reply reply = tested("/broken", "[]");

        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(errorCode(reply)).isEqualTo("html_parser_failed");
        assertThat(errorMessage(reply)).contains("HTML parser failed on the page");
    }

    @Test
    void aPageWhoseSelectorsAreTooCostlyStillShowsTheLinksACrawlFollows() {
        Reply reply = tested("/linked-siblings", jq("['p ~ div']"));

        assertThat(errorCode(reply)).as(reply.toString()).isEqualTo("selectors_too_costly");
        assertThat(reply.body().get("links").toString()).contains(url("/tables"));
    }

    @Test
    void anInvalidRequestIsStillA400() {
        assertThat(tested("/nowhere", "'div'").status())
                .as("selectorsToMatch not an array")
                .isEqualTo(400);
        assertThat(tested("/siblings", jq("['p:matches(x)']")).status())
                .as("a refused selector")
                .isEqualTo(400);
    }

    private static String errorCode(Reply reply) {
        return reply.body().get("error").path("code").asString("");
    }

    private static String errorMessage(Reply reply) {
        return reply.body().get("error").path("message").asString("");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: the budget's refusal is the check
    void aCrawlCountsSuchPagesFailedAndGoesOn() throws InterruptedException {
        CrawlerRuns runs = new CrawlerRuns(client);

        String id = runs.reindexed(config(url("/"), jq("['p ~ div', 'a']")));

        assertThat(runs.count(id, "DONE", "success")).isEqualTo(1);
        assertThat(runs.count(id, "FAILED", "selectors_too_costly")).isEqualTo(1);
        assertThat(runs.count(id, "FAILED", "too_many_elements")).isEqualTo(1);
        assertThat(runs.count(id, "FAILED", "html_parser_failed")).isEqualTo(1);
        assertThat(runs.urlsIn("docs")).containsExactly(url("/"));
    }
}
