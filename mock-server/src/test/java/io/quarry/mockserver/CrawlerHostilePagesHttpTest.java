package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * Seeded random hostile pages (deep nesting, huge attribute values, unclosed tags and comments, many siblings,
 * malformed entities, misnested tables and formatting tags, bytes that are no UTF-8) tested through {@code /test}
 * with random selectors: each answer is a 200, with records or an {@code error} naming a selector, the page's
 * element limit or the parser's failure, or a 400 for a selector the configuration refuses (the errors name the
 * bounds that keep each page's work in check; the time limit only guards against a hang).
 * {@code -Dquarry.hostilePages.seed} and {@code -Dquarry.hostilePages.count} run others.
 */
class CrawlerHostilePagesHttpTest {

    private static final long SEED = Long.getLong("quarry.hostilePages.seed", 20_261_129L);
    private static final int PAGES = Integer.getInteger("quarry.hostilePages.count", 5);

    private static final Map<String, byte[]> PAGES_BY_PATH = new ConcurrentHashMap<>();
    private static final HttpServer SITE = LoopbackSite.start(null, exchange -> {
        byte[] body = PAGES_BY_PATH.getOrDefault(exchange.getRequestURI().getPath(), new byte[0]);
        exchange.getResponseHeaders().set("Content-Type", "text/html");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    });
    private static final MockServer SERVER = MockServer.builder().start();
    private static final TestClient CLIENT = new TestClient(SERVER);

    private static final String[] TAGS = {"div", "p", "a", "li", "span", "b", "table", "td", "*"};
    private static final String[] COMBINATORS = {" ", " > ", " + ", " ~ "};
    private static final String[] PSEUDOS = {
        ":first-of-type",
        ":last-child",
        ":nth-child(2n+1)",
        ":only-child",
        ":contains(x)",
        ":empty",
        ":lt(3)",
        "[href]",
        "[id=1]",
        "[title^=x]"
    };

    @AfterAll
    static void stop() {
        SERVER.close();
        SITE.stop(0);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard: each page's answer or error is the check
    void everyHostilePageIsAnsweredWithARecordOrAnErrorSayingWhy() {
        Random random = new Random(SEED);
        String id = CLIENT.crawler("POST", "/crawlers", "{\"name\": \"c\", \"config\": " + config("[]") + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();
        for (int i = 0; i < PAGES; i++) {
            List<String> parts = new ArrayList<>();
            PAGES_BY_PATH.put("/p" + i, page(random, parts));
            List<String> selectors = new ArrayList<>();
            for (int s = random.nextInt(3); s >= 0; s--) {
                selectors.add(selector(random, 0));
            }
            String what = "seed " + SEED + ", page " + i + " " + parts + ", selectors " + selectors;

            String selectorsJson = selectors.stream()
                    .map(s -> "\"" + s + "\"")
                    .reduce((a, b) -> a + ", " + b)
                    .orElse("");
            Reply reply = CLIENT.crawler(
                    "POST",
                    "/crawlers/" + id + "/test",
                    "{\"url\": \"http://127.0.0.1:" + SITE.getAddress().getPort() + "/p" + i + "\", \"config\": "
                            + config("[" + selectorsJson + "]") + "}");

            assertThat(reply.status()).as(what).isIn(200, 400);
            JsonNode error = reply.body().get("error");
            if (reply.status() == 400) {
                // only the request may be refused: a selector the configuration does not take
                assertThat(reply.body().get("message").asString())
                        .as(what)
                        .contains("selectorsToMatch")
                        .doesNotContain("would take about");
            } else if (!error.isEmpty()) {
                assertThat(error.get("code").asString())
                        .as(what)
                        .isIn("selectors_too_costly", "too_many_elements", "html_parser_failed");
                assertThat(error.get("message").asString())
                        .as(what)
                        .containsAnyOf("selectorsToMatch", "HTML elements", "HTML parser failed");
                assertThat(reply.body().get("records").isEmpty()).as(what).isTrue();
            } else {
                assertThat(reply.body().get("records").size()).as(what).isLessThanOrEqualTo(1);
            }
        }
        assertThat(CLIENT.crawler("GET", "/crawlers/" + id, null).status())
                .as("the server still answers")
                .isEqualTo(200);
    }

    private static String config(String selectors) {
        return jq("{'appId': 'QUARRYMOCK', 'rateLimit': 2, 'actions': [{'indexName': 'docs', 'selectorsToMatch': "
                + selectors + ", 'recordExtractor': {'__type': 'function', 'source': '() => []'}}]}");
    }

    /** A selector of one to four compound parts, sometimes within :has, :not or :is (nested :has is refused). */
    private static String selector(Random random, int depth) {
        StringBuilder selector = new StringBuilder();
        for (int part = random.nextInt(4); part >= 0; part--) {
            selector.append(TAGS[random.nextInt(TAGS.length)]);
            if (random.nextInt(3) == 0) {
                selector.append(PSEUDOS[random.nextInt(PSEUDOS.length)]);
            }
            if (depth < 2 && random.nextInt(5) == 0) {
                String wrapper = new String[] {":has(", ":not(", ":is("}[random.nextInt(3)];
                selector.append(wrapper).append(selector(random, depth + 1)).append(')');
            }
            if (part > 0) {
                selector.append(COMBINATORS[random.nextInt(COMBINATORS.length)]);
            }
        }
        return selector.toString();
    }

    /** A page of a few hostile constructs, up to about 400 KB; their names go into {@code parts}. */
    private static byte[] page(Random random, List<String> parts) {
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        for (int construct = 1 + random.nextInt(4); construct > 0; construct--) {
            int kind = random.nextInt(9);
            int n = 1
                    + random.nextInt(
                            switch (kind) {
                                case 0 -> 3_000; // nesting
                                case 1 -> 200_000; // attribute value length
                                case 3 -> 15_000; // siblings
                                case 5 -> 3_000; // tables
                                default -> 2_000;
                            });
            parts.add(kind + "x" + n);
            StringBuilder text = new StringBuilder();
            switch (kind) {
                case 0 -> {
                    for (int i = 0; i < n; i++) {
                        text.append('<')
                                .append(TAGS[random.nextInt(TAGS.length - 1)])
                                .append('>');
                    }
                }
                case 1 ->
                    text.append("<a href=\"/")
                            .append("x".repeat(n))
                            .append("\" title='")
                            .append("&quot;".repeat(n / 6))
                            .append("'>l</a>");
                case 2 -> {
                    String[] broken = {"<div", "<a href='", "</", "<!--", "<![CDATA[", "<script>", "<textarea>", "<"};
                    for (int i = 0; i < n / 10 + 1; i++) {
                        text.append(broken[random.nextInt(broken.length)]).append("x ");
                    }
                }
                case 3 -> text.append("<ul>").append("<li>x</li>".repeat(n)).append("</ul>");
                case 4 -> {
                    String[] entities = {
                        "&#x110000;", "&#0;", "&#99999999999999;", "&amp", "&#;", "&nosuch;", "&#xD800;"
                    };
                    for (int i = 0; i < n; i++) {
                        text.append(entities[random.nextInt(entities.length)]);
                    }
                }
                case 5 -> {
                    for (int i = 0; i < n; i++) {
                        text.append("<table><b id=").append(i).append(">x");
                    }
                }
                case 6 -> text.append("<b><i><a><div><a></b></i>x</a></div>".repeat(n));
                case 7 -> {
                    byte[] bytes = new byte[n];
                    random.nextBytes(bytes);
                    page.writeBytes(bytes);
                }
                default -> text.append("a < b && c <= d ".repeat(n));
            }
            page.writeBytes(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        return page.toByteArray();
    }
}
