package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How many URLs a crawler's crawls handled, by outcome: DONE (a record extracted), SKIPPED (not fetched or not
 * extracted by configuration) or FAILED (the fetch failed, or the mock server would not read the page: more HTML
 * elements than it parses, its HTML parser failed, selectors that would take too much work on it), each with a
 * reason code, a category and a readable text. The categories are the service's steps: {@code fetch} (URLs skipped or failed before or while fetching,
 * links outside every action's paths included, and sitemaps not read), {@code extraction} (a page no action takes for its file type or
 * selectors, or that is not read), {@code indexing} (a record the application's record quota had no room for, and
 * the URLs its crawl left since) and {@code success}. A crawler starts new ones with each reindex. The reason codes are a small fixed
 * set (HTTP statuses aside), so the rows stay few.
 */
final class UrlStatistics {

    private static final int MAX_ROWS = 200;

    private record Key(String status, String reason) {}

    private final Map<Key, Long> counts = new LinkedHashMap<>();

    /** Counts one URL extracted. */
    synchronized void done() {
        count("DONE", "success");
    }

    /** @param reason why a URL was skipped */
    synchronized void skipped(String reason) {
        count("SKIPPED", reason);
    }

    /** @param reason why a URL failed */
    synchronized void failed(String reason) {
        count("FAILED", reason);
    }

    private void count(String status, String reason) {
        Key key = new Key(status, reason);
        if (counts.size() >= MAX_ROWS && !counts.containsKey(key)) {
            key = new Key(status, "other");
        }
        counts.merge(key, 1L, Long::sum);
    }

    /** {@return {@code {"count": N, "data": [{reason, status, category, readable, count}]}}} */
    synchronized ObjectNode toJson() {
        ObjectNode body = Json.object();
        ArrayNode data = Json.array();
        long total = 0;
        for (Map.Entry<Key, Long> entry : counts.entrySet()) {
            ObjectNode row = data.addObject();
            String reason = entry.getKey().reason();
            row.put("reason", reason);
            row.put("status", entry.getKey().status());
            row.put("category", category(reason));
            row.put("readable", readable(reason));
            row.put("count", entry.getValue());
            total += entry.getValue();
        }
        body.put("count", total);
        body.set("data", data);
        return body;
    }

    private static String category(String reason) {
        return switch (reason) {
            case "success" -> "success";
            case "filetype_not_matched",
                    "selectors_not_matched",
                    HtmlPages.TOO_MANY_ELEMENTS,
                    HtmlPages.PARSER_FAILED,
                    PageAnalysis.SELECTORS_TOO_COSTLY -> "extraction";
            case RecordQuotaReached.REASON -> "indexing";
            default -> "fetch";
        };
    }

    private static String readable(String reason) {
        return switch (reason) {
            case "success" -> "Record extracted";
            case "excluded" -> "Matches an exclusion pattern";
            case "max_depth_exceeded" -> "URL path deeper than maxDepth";
            case "max_urls_reached" -> "The crawl reached its maximum number of URLs";
            case "no_action_matched" -> "No action's pathsToMatch matches the URL";
            case "filetype_not_matched" -> "The file type is not in fileTypesToMatch";
            case "selectors_not_matched" -> "The page does not match selectorsToMatch";
            case "redirected" -> "Redirected; the target is crawled as a link";
            case "host_not_allowed" -> "The mock server does not fetch this host";
            case "timeout" -> "The fetch timed out";
            case "too_large" -> "The response is too large";
            case "network_error" -> "Network error";
            case "cancelled" -> "The crawl was cancelled";
            case "url_too_long" -> "The URL is longer than the mock server crawls";
            case HtmlPages.TOO_MANY_ELEMENTS -> "The page has more HTML elements than the mock server parses";
            case HtmlPages.PARSER_FAILED -> "The mock server's HTML parser failed on the page";
            case Sitemaps.TOO_MANY_ELEMENTS -> "The sitemap has more XML elements than the mock server parses";
            case Sitemaps.PARSER_FAILED -> "The mock server's XML parser failed on the sitemap";
            case SitemapWalk.TOO_DEEP -> "A sitemap nested in sitemap indexes deeper than the mock server follows";
            case SitemapWalk.LIMIT_REACHED ->
                "The reindex read as many sitemaps, or bytes of sitemaps, as the mock server reads for one";
            case RecordQuotaReached.REASON ->
                "The application's record quota is full: a record did not fit and the crawl stopped there (a"
                        + " reindex publishes nothing); delete records or indices to make room";
            case PageAnalysis.SELECTORS_TOO_COSTLY ->
                "Matching selectorsToMatch on the page takes more work than the mock server allows";
            default -> reason.startsWith("http_") ? "HTTP status " + reason.substring(5) : reason;
        };
    }
}
