package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.state.Application;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The crawler routes count each configuration they keep, created, replaced or merged, against the bytes the
 * configurations may hold together: a 64 MB heap keeps 2 MB of them.
 */
class CrawlerConfigBytesRoutesTest {

    private static final String PAD = "p".repeat(800_000);

    private final Application app = new Application(Clock.systemUTC(), Duration.ZERO);
    private final PageFetcher fetcher = new PageFetcher(Set.of());
    private final CrawlerRoutes routes =
            new CrawlerRoutes(app, new CrawlJobs(app, fetcher), new PageTester(fetcher, app.clock()), 64L << 20);

    @AfterEach
    void reset() {
        routes.reset();
    }

    private static String config(String index, String pad) {
        return "{\"appId\": \"app\", \"rateLimit\": 4, \"startUrls\": [\"http://127.0.0.1:9/\"], \"pad\": \"" + pad
                + "\", \"actions\": [{"
                + "\"indexName\": \"" + index + "\", \"pathsToMatch\": [\"http://127.0.0.1:9/**\"],"
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
    }

    private int status(String method, int route, String id, String body) {
        Request request = new Request(method, "/api/1/crawlers", null, Map.of(), body.getBytes(StandardCharsets.UTF_8))
                .withPathParams(id == null ? Map.of() : Map.of("id", id));
        try {
            return routes.answer(route, request).status();
        } catch (ApiException refused) {
            return refused.status();
        }
    }

    private String create(String name, String pad) {
        Request request = new Request(
                "POST",
                "/api/1/crawlers",
                null,
                Map.of(),
                ("{\"name\": \"" + name + "\", \"config\": " + config(name, pad) + "}")
                        .getBytes(StandardCharsets.UTF_8));
        return routes.answer(CrawlerRoutes.CREATE, request).body().get("id").asString();
    }

    @Test
    void creationsUpdatesAndMergesPastTheBytesAreRefused() {
        String first = create("first", PAD);
        String second = create("second", "");
        assertThat(status(
                        "POST",
                        CrawlerRoutes.CREATE,
                        null,
                        "{\"name\": \"third\", \"config\": " + config("third", PAD + PAD) + "}"))
                .isEqualTo(400);
        assertThat(status("PATCH", CrawlerRoutes.UPDATE, second, "{\"config\": " + config("second", PAD) + "}"))
                .isEqualTo(200);
        assertThat(status("PATCH", CrawlerRoutes.UPDATE_CONFIG, first, "{\"more\": \"" + PAD + "\"}"))
                .as("a merge growing past the bytes")
                .isEqualTo(400);
        assertThat(status("PATCH", CrawlerRoutes.UPDATE_CONFIG, first, "{\"pad\": \"\"}"))
                .as("a merge shrinking it")
                .isEqualTo(200);
        assertThatThrownBy(() -> create("fourth", PAD + PAD)).isInstanceOf(ApiException.class);
        assertThat(create("fifth", PAD)).isNotEmpty();
    }
}
