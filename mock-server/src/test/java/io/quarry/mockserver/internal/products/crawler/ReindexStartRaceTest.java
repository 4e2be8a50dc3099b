package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.RecordOperation;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.LoopbackSite;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A configuration changed just as a reindex is asked for: the reindex crawls the configuration the crawler has when
 * it starts, so the index it no longer names is nobody's temporary index, and another crawler may take it.
 */
class ReindexStartRaceTest {

    private final HttpServer site = LoopbackSite.start(
            null, exchange -> LoopbackSite.html(exchange, 200, "<html><title>Docs</title><h1>Docs</h1></html>"));
    private final Application app = new Application(Clock.systemUTC(), Duration.ZERO);
    private final PageFetcher fetcher = new PageFetcher(Set.of());
    private final CrawlJobs jobs = new CrawlJobs(app, fetcher);
    private final CrawlerRoutes routes = new CrawlerRoutes(app, jobs, new PageTester(fetcher, app.clock()));

    @AfterEach
    void stop() {
        routes.reset();
        site.stop(0);
    }

    @Test
    void aReindexCrawlsTheConfigurationTheCrawlerHasWhenItStarts() throws InterruptedException {
        String first = created("first", config("old"));
        jobs.beforeReindexStarts(() -> {
            answer("PATCH", CrawlerRoutes.UPDATE, first, "{\"config\": " + config("new") + "}");
            // the first crawler writes "new" now: "old.tmp" is free to be another's live index, holding a record
            created("second", config("old.tmp"));
            app.write(
                    "old.tmp",
                    index -> index.data()
                            .write(writer -> new RecordOperation.Put(
                                            Json.object().put("objectID", "kept"))
                                    .apply(index, writer)));
        });
        String task =
                answer("POST", CrawlerRoutes.REINDEX, first, null).get("taskId").asString();
        jobs.beforeReindexStarts(() -> {});

        Eventually.waitUntil(
                "the reindex to end",
                () -> !answer("GET", CrawlerRoutes.TASK, first, null, task)
                        .get("pending")
                        .asBoolean());
        assertThat(records("new"))
                .as("records of the configuration the reindex started with")
                .isEqualTo(1);
        assertThat(app.find("old"))
                .as("the index the configuration no longer names")
                .isNull();
        assertThat(records("old.tmp"))
                .as("the second crawler's live index, untouched")
                .isEqualTo(1);
    }

    private String config(String index) {
        String docs = "http://" + site.getAddress().getHostString() + ":"
                + site.getAddress().getPort() + "/docs/";
        return "{\"appId\": \"app\", \"rateLimit\": 4, \"startUrls\": [\"" + docs + "\"], \"actions\": [{"
                + "\"indexName\": \"" + index + "\", \"pathsToMatch\": [\"" + docs + "**\"],"
                + " \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}]}";
    }

    private String created(String name, String config) {
        return answer("POST", CrawlerRoutes.CREATE, null, "{\"name\": \"" + name + "\", \"config\": " + config + "}")
                .get("id")
                .asString();
    }

    private int records(String index) {
        IndexState state = app.find(index);
        return state == null ? 0 : state.data().size();
    }

    private JsonNode answer(String method, int route, String id, String body) {
        return answer(method, route, id, body, null);
    }

    /** Answers one crawler request as the router would hand it over, failing the test unless it is a 200. */
    private JsonNode answer(String method, int route, String id, String body, String taskId) {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        Map<String, String> params =
                id == null ? Map.of() : taskId == null ? Map.of("id", id) : Map.of("id", id, "tid", taskId);
        Request request = new Request(method, "/api/1/crawlers", null, Map.of(), bytes).withPathParams(params);
        Response response = routes.answer(route, request);
        assertThat(response.status()).as(String.valueOf(response.body())).isEqualTo(200);
        return response.body();
    }
}
