package io.quarry.mockserver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/** Crawler steps over HTTP that crawl tests share: create and reindex to the end, read what a crawl wrote. */
public final class CrawlerRuns {

    private final TestClient client;

    /** @param client a client of the server with its admin credentials (crawler calls add their own) */
    public CrawlerRuns(TestClient client) {
        this.client = client;
    }

    /**
     * Creates a crawler and waits for its first reindex to end.
     *
     * @param config the configuration, JSON
     * @return the crawler's ID
     * @throws InterruptedException if interrupted while waiting
     */
    public String reindexed(String config) throws InterruptedException {
        Reply created = client.crawler("POST", "/crawlers", "{\"name\": \"site\", \"config\": " + config + "}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        String id = created.body().get("id").asString();
        reindex(id);
        return id;
    }

    private void reindex(String id) throws InterruptedException {
        Reply started = client.crawler("POST", "/crawlers/" + id + "/reindex", null);
        String task = started.requireOk().body().get("taskId").asString();
        // the bound only ends a reindex that never ends: one fetching a hundred sitemaps in turn outlasted 20 s on a
        // machine at load 68
        Eventually.waitUntil(
                "the reindex to end",
                () -> !client.crawler("GET", "/crawlers/" + id + "/tasks/" + task, null)
                        .requireOk()
                        .body()
                        .get("pending")
                        .asBoolean(),
                Duration.ofSeconds(120)); // a hang guard: a 100-sitemap reindex took 21 s at load 35 on 2 cores
    }

    /**
     * {@return the {@code url} of every record of an index (at most 1000), sorted; none when it does not exist}
     *
     * @param index the index
     */
    public Set<String> urlsIn(String index) {
        Reply found = client.post("/1/indexes/" + index + "/query", "{\"hitsPerPage\": 1000}");
        Set<String> urls = new TreeSet<>();
        if (found.status() == 404) {
            return urls;
        }
        found.requireOk()
                .body()
                .get("hits")
                .forEach(hit -> urls.add(hit.get("url").asString()));
        return urls;
    }

    /**
     * {@return how many URLs the crawler's statistics count with a status and reason}
     *
     * @param id the crawler's ID
     * @param status DONE, SKIPPED or FAILED
     * @param reason the reason code
     */
    public long count(String id, String status, String reason) {
        JsonNode stats = client.crawler("GET", "/crawlers/" + id + "/stats/urls", null)
                .requireOk()
                .body();
        for (JsonNode row : stats.get("data")) {
            if (row.get("status").asString().equals(status)
                    && row.get("reason").asString().equals(reason)) {
                return row.get("count").asLong();
            }
        }
        return 0;
    }
}
