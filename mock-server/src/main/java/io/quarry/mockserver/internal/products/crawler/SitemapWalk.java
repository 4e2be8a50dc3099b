package io.quarry.mockserver.internal.products.crawler;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Reads a reindex's sitemaps for its start points, following sitemap indexes (a sitemap whose {@code <sitemap>}
 * entries list other sitemaps) breadth first, within bounds, the mock server's choice (the service documents none):
 * sitemaps nested at most {@value #MAX_LEVELS} levels (the configured ones are the first), at most
 * {@value #MAX_LISTED} sitemaps listed by indexes besides the configured ones, and {@value #MAX_BYTES} bytes of
 * sitemaps read in all (an error page's body included, one too large to fetch counting as the fetch's greatest size,
 * and one whose fetch failed amid its body, at its deadline or on a broken connection, as the bytes read before),
 * each sitemap read once however
 * often it is listed, and each read for at most {@value CrawlerConfig#MAX_PAGES} page URLs (what a crawl fetches at
 * most). A sitemap past a bound is counted SKIPPED ({@value #TOO_DEEP}, or {@value #LIMIT_REACHED} for the count and
 * the bytes), each time it is listed; the walk ends when the start points are full or the crawl is stopped, since
 * each fetch may take its whole time.
 */
final class SitemapWalk {

    /** The deepest a sitemap is followed: a configured sitemap is at level 1, those its index lists at level 2. */
    static final int MAX_LEVELS = 3;
    /**
     * The most sitemaps one reindex reads that sitemap indexes list: a site may list 50,000, each a fetch of up to
     * five seconds. The configured ones are bounded by the configuration's lists.
     */
    static final int MAX_LISTED = 100;
    /** The most bytes of sitemaps one reindex reads (ten sitemaps of the fetch's greatest size). */
    static final long MAX_BYTES = 10L * PageFetcher.MAX_BYTES;

    static final String TOO_DEEP = "sitemap_too_deep";
    static final String LIMIT_REACHED = "max_sitemaps_reached";

    private record Listed(String url, URI uri, int level) {}

    private final PageFetcher fetcher;
    private final UrlStatistics statistics;
    private final BooleanSupplier stopped;
    private final Deque<Listed> queue = new ArrayDeque<>();
    /** Every sitemap queued so far: each is read once. */
    private final Set<String> known = new HashSet<>();

    private int listed;

    private final long maxBytes;

    private long bytes;

    SitemapWalk(PageFetcher fetcher, UrlStatistics statistics, BooleanSupplier stopped) {
        this(fetcher, statistics, stopped, MAX_BYTES);
    }

    /**
     * A walk with a budget of its own, for a test to reach it with a few small sitemaps.
     *
     * @param maxBytes the most bytes of sitemaps read
     */
    SitemapWalk(PageFetcher fetcher, UrlStatistics statistics, BooleanSupplier stopped, long maxBytes) {
        this.fetcher = fetcher;
        this.statistics = statistics;
        this.stopped = stopped;
        this.maxBytes = maxBytes;
    }

    /**
     * Adds the page URLs of the sitemaps, and of the sitemaps their indexes list, to the start points.
     *
     * @param sitemaps the configured sitemaps (at most {@value CrawlerConfig#MAX_LIST})
     * @param seeds the start points, to add to
     * @param maxSeeds the most start points
     */
    void addPages(List<String> sitemaps, Set<String> seeds, int maxSeeds) {
        sitemaps.forEach(sitemap -> list(sitemap, 1));
        while (!queue.isEmpty() && seeds.size() < maxSeeds && !stopped.getAsBoolean()) {
            Listed next = queue.poll();
            if (bytes >= maxBytes) {
                statistics.skipped(LIMIT_REACHED);
                continue;
            }
            byte[] body = fetch(next.uri());
            if (body == null) {
                continue;
            }
            bytes += body.length;
            int[] pages = {0};
            try {
                Sitemaps.read(next.url(), body, (kind, location) -> {
                    if (location.length() > HttpUrls.MAX_LENGTH) {
                        statistics.skipped("url_too_long"); // not kept: it may hold megabytes
                    } else if (kind == Sitemaps.Kind.SITEMAP) {
                        list(location, next.level() + 1);
                    } else {
                        seeds.add(location);
                        pages[0]++;
                    }
                    return seeds.size() < maxSeeds && pages[0] < CrawlerConfig.MAX_PAGES;
                });
            } catch (PageRefusal refusal) {
                statistics.failed(refusal.reason());
            }
        }
    }

    /**
     * Queues a sitemap the first time it is listed, within the bounds; counts it SKIPPED past them. One that is no
     * absolute http(s) URL is ignored, as such a link on a page is.
     */
    private void list(String url, int level) {
        URI uri = HttpUrls.parse(url);
        if (uri == null || known.contains(url)) {
            return;
        }
        if (level > MAX_LEVELS) {
            statistics.skipped(TOO_DEEP);
        } else if (level > 1 && listed >= MAX_LISTED) {
            statistics.skipped(LIMIT_REACHED);
        } else {
            known.add(url);
            listed += level > 1 ? 1 : 0;
            queue.add(new Listed(url, uri, level));
        }
    }

    /** {@return the sitemap's body, or null when it could not be fetched (counted FAILED)} */
    private byte[] fetch(URI url) {
        try {
            PageFetcher.Fetched fetched = fetcher.fetch(url);
            if (fetched.status() != 200) {
                bytes += fetched.body().length; // an error page is read all the same
                statistics.failed("http_" + fetched.status());
                return null;
            }
            return fetched.body();
        } catch (PageFetcher.FetchFailure failure) {
            // one too large counts its greatest size, read or refused; any other what it read before it failed (a
            // slow body timed out may have fed megabytes)
            bytes += failure.reason().equals("too_large") ? PageFetcher.MAX_BYTES : failure.bytesRead();
            statistics.failed(failure.reason());
            return null;
        }
    }
}
