package io.quarry.mockserver.internal.products.crawler;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * One crawl: fetches URLs breadth first from its seeds, follows the links some action's {@code pathsToMatch}
 * matches (when asked to), and hands the record of every page an action takes to a sink. A link found but not
 * followed, because no action's {@code pathsToMatch} matches it or an exclusion pattern does, is counted SKIPPED
 * once, as the service reports such URLs. Bounded by the configuration's {@code maxUrls} and
 * {@value CrawlerConfig#MAX_PAGES} fetches, {@code maxDepth}, a queue of at most {@value #MAX_QUEUE} URLs and
 * the URLs a crawl may know ({@link KnownUrls}: links beyond are neither followed nor counted).
 */
final class SiteCrawl {

    private static final int MAX_QUEUE = 10_000;
    private static final String TOO_LONG = "url_too_long";

    /** Where extracted records go. */
    @FunctionalInterface
    interface RecordSink {
        /**
         * @param indexName the live index the action names (prefix included)
         * @param record the record
         */
        void put(String indexName, ObjectNode record);
    }

    private final CrawlerConfig config;
    private final PageFetcher fetcher;
    private final UrlStatistics statistics;
    private final RecordSink sink;
    private final BooleanSupplier stopped;

    SiteCrawl(
            CrawlerConfig config,
            PageFetcher fetcher,
            UrlStatistics statistics,
            RecordSink sink,
            BooleanSupplier stopped) {
        this.config = config;
        this.fetcher = fetcher;
        this.statistics = statistics;
        this.sink = sink;
        this.stopped = stopped;
    }

    /**
     * {@return the start points of a reindex: start URLs, extra URLs and the pages of the sitemaps, those sitemap
     * indexes list included ({@link SitemapWalk}), at most {@value #MAX_QUEUE} of them}
     */
    List<String> reindexSeeds() {
        Set<String> seeds = new LinkedHashSet<>(config.startUrls());
        seeds.addAll(config.extraUrls());
        new SitemapWalk(fetcher, statistics, stopped).addPages(config.sitemaps(), seeds, MAX_QUEUE);
        return List.copyOf(seeds);
    }

    /**
     * Crawls.
     *
     * @param seeds the first URLs
     * @param followLinks whether links found are crawled too
     * @return the URLs whose records were extracted
     * @throws RecordQuotaReached when a record did not fit the record quota: the crawl stopped there, the page
     *     counted FAILED and the URLs still queued SKIPPED with {@value RecordQuotaReached#REASON}
     */
    Set<String> run(List<String> seeds, boolean followLinks) {
        Deque<String> queue = new ArrayDeque<>();
        KnownUrls seen = new KnownUrls();
        Set<String> extracted = new LinkedHashSet<>();
        for (String seed : seeds) {
            String url = normalize(seed);
            if (url != null && seen.addStart(url)) {
                queue.add(url);
            }
        }
        int fetched = 0;
        while (!queue.isEmpty() && !stopped.getAsBoolean()) {
            String url = queue.poll();
            if (Glob.excludes(config.exclusions(), url)) {
                statistics.skipped("excluded");
                continue;
            }
            if (config.maxDepth() > 0 && depth(url) > config.maxDepth()) {
                statistics.skipped("max_depth_exceeded");
                continue;
            }
            if (fetched >= config.maxUrls()) {
                statistics.skipped("max_urls_reached");
                continue;
            }
            fetched++;
            PageFetcher.Fetched page;
            try {
                page = fetcher.fetch(URI.create(url));
            } catch (PageFetcher.FetchFailure failure) {
                statistics.failed(failure.reason());
                continue;
            } catch (IllegalArgumentException e) {
                statistics.failed("invalid_url");
                continue;
            }
            if (page.location() != null) {
                statistics.skipped("redirected");
                if (followLinks) {
                    discover(HttpUrls.resolve(url, page.location()), queue, seen);
                }
                continue;
            }
            if (page.status() < 200 || page.status() >= 300) {
                statistics.failed("http_" + page.status());
                continue;
            }
            PageAnalysis analysis;
            try {
                analysis = PageAnalysis.of(url, page);
            } catch (PageRefusal refusal) {
                statistics.failed(refusal.reason());
                continue;
            }
            if (followLinks) {
                for (String link : analysis.links()) {
                    if (stopped.getAsBoolean()) {
                        break; // each link is matched against every pattern: a stopped crawl matches no more
                    }
                    discover(link, queue, seen);
                }
            }
            try {
                if (extract(analysis, url)) {
                    extracted.add(url);
                }
            } catch (PageRefusal refusal) {
                statistics.failed(refusal.reason()); // its links are followed still, as a page no action takes
            } catch (RecordQuotaReached full) {
                statistics.failed(RecordQuotaReached.REASON);
                skipAll(queue, RecordQuotaReached.REASON);
                throw full;
            }
        }
        skipAll(queue, stopped.getAsBoolean() ? "cancelled" : "max_urls_reached");
        return extracted;
    }

    private void skipAll(Deque<String> queue, String reason) {
        while (!queue.isEmpty()) {
            queue.poll();
            statistics.skipped(reason);
        }
    }

    private boolean extract(PageAnalysis analysis, String url) throws PageRefusal {
        analysis.requireAffordableSelectors(config.actions());
        String refusal = "no_action_matched";
        boolean taken = false;
        ObjectNode record = null;
        for (CrawlerConfig.Action action : config.actions()) {
            String why = analysis.refusal(action);
            if (why != null) {
                if (!why.equals("no_action_matched")) {
                    refusal = why;
                }
                continue;
            }
            if (record == null) {
                record = analysis.record();
            }
            sink.put(config.indexOf(action), record.deepCopy());
            taken = true;
        }
        if (taken) {
            statistics.done();
        } else {
            statistics.skipped(refusal);
        }
        return taken;
    }

    /**
     * Queues a URL found on a page (a link or a redirect's target) the first time it is seen, if some action may
     * take it; otherwise counts it SKIPPED, {@code excluded} or {@code no_action_matched}.
     *
     * <p>A URL longer than {@value HttpUrls#MAX_LENGTH} characters is counted SKIPPED {@code url_too_long} once,
     * neither matched nor normalised: known by a digest, since it may hold megabytes.
     *
     * @param found the URL as found, or {@code null} when it is no http(s) URL (ignored)
     */
    private void discover(String found, Deque<String> queue, KnownUrls seen) {
        if (found != null && found.length() > HttpUrls.MAX_LENGTH) {
            // a space is in no URL a crawl keeps: the key is no URL's
            if (seen.addFound(" " + PageAnalysis.objectIdOf(found))) {
                statistics.skipped(TOO_LONG);
            }
            return;
        }
        String url = found == null ? null : normalize(found);
        if (url == null || !seen.addFound(url)) {
            return;
        }
        if (Glob.excludes(config.exclusions(), url)) {
            statistics.skipped("excluded");
        } else if (!matchesSomeAction(url)) {
            statistics.skipped("no_action_matched");
        } else if (queue.size() < MAX_QUEUE) {
            queue.add(url);
        } else {
            statistics.skipped("max_urls_reached");
        }
    }

    /** {@return whether some action's {@code pathsToMatch} matches the URL (no pattern matches every URL)} */
    private boolean matchesSomeAction(String url) {
        for (CrawlerConfig.Action action : config.actions()) {
            if (action.paths().isEmpty() || Glob.matchesList(action.paths(), url)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The URL as crawled: without fragment, without the ignored query parameters.
     *
     * @return it, or null when it is not an absolute http(s) URL
     */
    String normalize(String url) {
        return normalize(url, config);
    }

    /**
     * The URL as a crawl with this configuration crawls it, and as it counts the URLs it indexed: scheme and host in
     * lower case, host in ASCII, without the scheme's default port, without dot segments ({@code /a/../b} is {@code /b}), without fragment, without the
     * ignored query parameters.
     *
     * @param url a URL
     * @param config the configuration
     * @return it, or null when it is not an absolute http(s) URL
     */
    static String normalize(String url, CrawlerConfig config) {
        URI uri = HttpUrls.parse(url);
        if (uri == null) {
            return null;
        }
        String query = uri.getRawQuery();
        if (query != null && !config.ignoredQueryParams().isEmpty()) {
            List<String> kept = new ArrayList<>();
            for (String pair : query.split("&")) {
                String name = pair.split("=", 2)[0];
                if (!Glob.excludes(config.ignoredQueryParams(), name)) {
                    kept.add(pair);
                }
            }
            query = kept.isEmpty() ? null : String.join("&", kept);
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty()
                ? "/"
                : HttpUrls.withoutDotSegments(uri.getRawPath());
        String authority = HttpUrls.comparableAuthority(uri);
        return uri.getScheme().toLowerCase(java.util.Locale.ROOT) + "://" + authority + path
                + (query == null ? "" : "?" + query);
    }

    /** Path depth: its non-empty segments, at least 1 ({@code /} and {@code /docs} are 1, {@code /docs/a} is 2). */
    static int depth(String url) {
        String path = URI.create(url).getPath();
        int segments = 0;
        for (String segment : path == null ? new String[0] : path.split("/")) {
            if (!segment.isEmpty()) {
                segments++;
            }
        }
        return Math.max(1, segments);
    }
}
