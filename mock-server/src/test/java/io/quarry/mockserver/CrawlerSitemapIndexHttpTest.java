package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.CrawlerRuns;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A reindex follows sitemap indexes (sitemaps listing other sitemaps), within bounds: their {@code <sitemap>}
 * entries were not read, so a site whose sitemap is an index, as large sites publish theirs, gave no start point.
 * Each sitemap is read once however often it is listed, nesting stops at three levels, and at most 100 listed sitemaps
 * and ten times the fetch's 5 MB are read for one reindex; what passes a bound is counted SKIPPED.
 */
class CrawlerSitemapIndexHttpTest {

    private static final int TOO_LARGE = 6 * 1024 * 1024;

    private final Map<String, String> files = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    /** Its own threads: a huge answer still being written while the crawler has refused it holds up no other. */
    private final ExecutorService siteThreads = Executors.newCachedThreadPool();

    private final HttpServer site = LoopbackSite.start(siteThreads, exchange -> {
        String path = exchange.getRequestURI().getPath();
        requests.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
        if (path.startsWith("/huge/")) {
            // announced too large, so refused at the head: reading 5 MB could outlast the fetch's deadline on a
            // loaded machine, and a sitemap that timed out is not one too large
            exchange.sendResponseHeaders(200, TOO_LARGE);
            try (OutputStream out = exchange.getResponseBody()) {
                byte[] chunk = new byte[64 * 1024];
                for (int sent = 0; sent < TOO_LARGE; sent += chunk.length) {
                    out.write(chunk);
                }
            } catch (java.io.IOException e) {
                // the crawler refused the body
            }
            return;
        }
        String file = files.get(path);
        if (file == null && path.startsWith("/s/")) {
            file = "<urlset></urlset>";
        }
        if (file == null) {
            LoopbackSite.html(exchange, 404, "");
            return;
        }
        byte[] body = file.replace("%s", siteUrl()).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders()
                .set("Content-Type", path.endsWith(".xml") ? "application/xml" : "text/html; charset=utf-8");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    });
    private final MockServer server = MockServer.builder().start();
    private final CrawlerRuns runs = new CrawlerRuns(new TestClient(server));

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
        siteThreads.shutdownNow();
    }

    private String siteUrl() {
        return "http://127.0.0.1:" + site.getAddress().getPort();
    }

    private String reindexed(String sitemap) throws InterruptedException {
        return runs.reindexed(jq("{'appId': 'QUARRYMOCK', 'rateLimit': 2, 'sitemaps': ['" + siteUrl() + sitemap
                + "'], 'actions': [{'indexName': 'docs', 'recordExtractor': {'__type': 'function', 'source':"
                + " '() => []'}}]}"));
    }

    private static String index(String... sitemaps) {
        return "<sitemapindex>"
                + IntStream.range(0, sitemaps.length)
                        .mapToObj(i -> "<sitemap><loc>%s" + sitemaps[i] + "</loc></sitemap>")
                        .collect(Collectors.joining())
                + "</sitemapindex>";
    }

    private static String urlset(String... pages) {
        return "<urlset>"
                + IntStream.range(0, pages.length)
                        .mapToObj(i -> "<url><loc>%s" + pages[i] + "</loc></url>")
                        .collect(Collectors.joining())
                + "</urlset>";
    }

    private int requested(String path) {
        AtomicInteger count = requests.get(path);
        return count == null ? 0 : count.get();
    }

    @Test
    void theSitemapsAnIndexListsAreReadOnceEachUpToThreeLevels() throws InterruptedException {
        files.put("/index.xml", index("/a.xml", "/b.xml", "/index.xml", "/level2.xml"));
        files.put(
                "/a.xml",
                urlset("/docs/a").replace("</urlset>", "<sitemap><loc>%s/index.xml</loc></sitemap></urlset>"));
        files.put("/b.xml", urlset("/docs/b", "/docs/a"));
        files.put("/level2.xml", index("/level3.xml", "/a.xml"));
        files.put(
                "/level3.xml",
                index("/level4.xml").replace("</sitemapindex>", "<url><loc>%s/docs/c</loc></url></sitemapindex>"));
        files.put("/level4.xml", urlset("/docs/d"));
        for (String page : new String[] {"a", "b", "c", "d"}) {
            files.put(
                    "/docs/" + page, "<html><head><title>" + page + "</title></head><body>" + page + "</body></html>");
        }

        String id = reindexed("/index.xml");

        assertThat(runs.urlsIn("docs"))
                .containsExactly(siteUrl() + "/docs/a", siteUrl() + "/docs/b", siteUrl() + "/docs/c");
        assertThat(runs.count(id, "SKIPPED", "sitemap_too_deep")).isEqualTo(1);
        assertThat(requested("/level4.xml")).as("a fourth level is not read").isZero();
        for (String sitemap : new String[] {"/index.xml", "/a.xml", "/b.xml", "/level2.xml", "/level3.xml"}) {
            assertThat(requested(sitemap)).as(sitemap + " read once").isEqualTo(1);
        }
    }

    @Test
    void atMostAHundredListedSitemapsAreReadForOneReindex() throws InterruptedException {
        String[] listed =
                IntStream.range(0, 150).mapToObj(i -> "/s/" + i + ".xml").toArray(String[]::new);
        files.put("/many.xml", index(listed));

        String id = reindexed("/many.xml");

        assertThat(runs.count(id, "SKIPPED", "max_sitemaps_reached")).isEqualTo(50);
        assertThat(requests.keySet().stream().filter(path -> path.startsWith("/s/")))
                .as("the first 100 sitemaps the index lists")
                .hasSize(100);
    }

    @Test
    void atMostTenTimesTheFetchBoundOfSitemapBytesAreReadForOneReindex() throws InterruptedException {
        String[] listed =
                IntStream.range(0, 15).mapToObj(i -> "/huge/" + i + ".xml").toArray(String[]::new);
        files.put("/large.xml", index(listed));

        String id = reindexed("/large.xml");

        // a sitemap too large to fetch counts as the fetch's greatest size: 10 of them fill the bound
        assertThat(runs.count(id, "FAILED", "too_large")).isEqualTo(10);
        assertThat(runs.count(id, "SKIPPED", "max_sitemaps_reached")).isEqualTo(5);
        assertThat(requests.keySet().stream().filter(path -> path.startsWith("/huge/")))
                .hasSize(10);
    }
}
