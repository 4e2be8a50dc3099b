package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A reindex or URL crawl refused because the mock server's crawls are all busy (429) changes nothing: the reindex it
 * would have restarted goes on, and the URLs are not saved.
 */
class CrawlerBusyPoolHttpTest {

    /** Running plus waiting crawls a server takes: past them a crawl is a 429. */
    private static final int MOST_CRAWLS = 2 + 256;
    /** The start URLs of a crawl that holds a crawl thread: each fetch of one waits for its whole deadline. */
    private static final int HELD_URLS = 1000;

    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server, null, null);
    /** The crawlers whose crawls have asked the site for a page, by the first segment of its path. */
    private final Set<String> asked = ConcurrentHashMap.newKeySet();
    /**
     * A site that takes requests under {@code /held/<crawler>/} and never answers them: a crawl of many such URLs
     * holds a crawl thread for as many fetch deadlines, longer the more the machine is loaded, never shorter.
     */
    private final HttpServer site = LoopbackSite.start(null, exchange -> {
        String[] segments = exchange.getRequestURI().getPath().split("/");
        if (segments.length > 2 && segments[1].equals("held")) {
            asked.add(segments[2]); // and left unanswered until the site stops
        } else {
            LoopbackSite.html(exchange, 404, "");
        }
    });

    @AfterEach
    void stop() {
        server.close();
        site.stop(0); // the crawls still holding their threads now fail each fetch at once, and end
    }

    private String held(String crawler, int page) {
        return "http://127.0.0.1:" + site.getAddress().getPort() + "/held/" + crawler + "/" + page;
    }

    /** {@return a crawler's ID: its crawls fetch only URLs of the site that never answer, and fill an index of its own} */
    private String crawler(String name, int startUrls) {
        String urls = IntStream.range(0, startUrls)
                .mapToObj(page -> "'" + held(name, page) + "'")
                .collect(Collectors.joining(", "));
        Reply created = crawler(
                "POST",
                "/crawlers",
                jq("{'name': '" + name + "', 'config': {'appId': 'QUARRYMOCK', 'rateLimit': 2, 'startUrls': [" + urls
                        + "], 'actions': [{'indexName': '" + name + "', 'recordExtractor': {'__type': 'function',"
                        + " 'source': '() => []'}}]}}"));
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        return created.body().get("id").asString();
    }

    private Reply crawler(String method, String path) {
        return crawler(method, path, null);
    }

    private Reply crawler(String method, String path, String json) {
        return client.crawler(method, path, json);
    }

    @Test
    void aRefusedReindexOrUrlCrawlChangesNothing() throws InterruptedException {
        // two other crawlers' reindexes hold both crawl threads, so that nothing takes a reindex off the queue
        for (String holder : new String[] {"one", "two"}) {
            String holding = crawler(holder, HELD_URLS);
            assertThat(crawler("POST", "/crawlers/" + holding + "/reindex").status())
                    .isEqualTo(200);
        }
        Eventually.waitUntil("both crawl threads hold a fetch", () -> asked.containsAll(Set.of("one", "two")));
        String id = crawler("busy", 1);
        String accepted = null;
        Reply refused = null;
        // each reindex restarts the last, but every one takes a place in the pool until it runs
        for (int i = 0; i <= 4 * MOST_CRAWLS && refused == null; i++) {
            Reply reply = crawler("POST", "/crawlers/" + id + "/reindex");
            if (reply.status() == 429) {
                refused = reply;
            } else {
                assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
                accepted = reply.body().get("taskId").asString();
            }
        }

        assertThat(refused).as("the pool filled up").isNotNull();
        assertThat(refused.body().get("message").asString()).contains("Too many crawls");
        assertThat(crawler("GET", "/crawlers/" + id + "/tasks/" + accepted)
                        .body()
                        .get("pending")
                        .asBoolean())
                .as("the last reindex taken still waits to run")
                .isTrue();
        assertThat(crawler("GET", "/crawlers/" + id).body().get("reindexing").asBoolean())
                .isTrue();

        String url = held("busy", 1);
        Reply crawl = crawler("POST", "/crawlers/" + id + "/urls/crawl", jq("{'urls': ['" + url + "'], 'save': true}"));
        assertThat(crawl.status()).as(crawl.toString()).isEqualTo(429);
        assertThat(crawler("GET", "/crawlers/" + id + "?withConfig=true")
                        .body()
                        .get("config")
                        .has("extraUrls"))
                .as("a refused URL crawl saves no URL")
                .isFalse();
    }
}
