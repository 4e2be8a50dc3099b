package io.quarry.examples;

import io.quarry.crawler.CrawlerClient;
import io.quarry.crawler.model.Crawler;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.RecordExtractor;

/**
 * The crawler: creates a crawler for a web site, runs a full crawl (a reindex), and waits until every page it
 * reached is a record of a searchable index.
 */
public final class CrawlerExample {

    /** The records go to this index: the configuration's index prefix, then the action's index name. */
    public static final String INDEX = "crawler_pages";

    private CrawlerExample() {}

    /**
     * Crawls a site into {@link #INDEX}, following its links from the home page.
     *
     * @param crawlers      a crawler client (crawler user ID and crawler API key)
     * @param applicationId the application the records are written to
     * @param writeKey      a key of that application allowed to write records
     * @param siteUrl       the site's base URL, without a trailing slash
     * @return the crawler once its crawl ended
     */
    public static Crawler crawlSite(CrawlerClient crawlers, String applicationId, String writeKey, String siteUrl) {
        CrawlerConfiguration config = CrawlerConfiguration.of()
                .appId(applicationId)
                .apiKey(writeKey)
                .indexPrefix("crawler_")
                .startUrls(siteUrl + "/")
                // be gentle with the site: at most 4 pages fetched at once
                .rateLimit(4)
                .maxDepth(5)
                .actions(CrawlerAction.of(
                                "pages",
                                // run by the crawler for every matching page: one record per page
                                RecordExtractor.function("({ url }) => [{ url: url.href }]"))
                        .pathsToMatch(siteUrl + "/**"));

        String id = crawlers.create("my-site", config).id();
        return crawlers.crawler(id).reindexAndWait();
    }
}
