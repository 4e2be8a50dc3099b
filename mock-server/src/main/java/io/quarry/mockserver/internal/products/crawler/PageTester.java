package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Timestamps;
import java.time.Clock;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the crawler's fetch and extraction on one URL without writing anything: the answer of {@code /test}. A page
 * the mock server will not read ({@link PageRefusal}) is a 400 saying why, naming the limit or the selector.
 */
final class PageTester {

    private final PageFetcher fetcher;
    private final Clock clock;

    PageTester(PageFetcher fetcher, Clock clock) {
        this.fetcher = fetcher;
        this.clock = clock;
    }

    /**
     * {@return {@code {startDate, endDate, logs, records, links, externalData, error}}}
     *
     * @param url the URL, an absolute http(s) URL ({@link HttpUrls})
     * @param config the configuration, overrides applied
     */
    ObjectNode test(String url, CrawlerConfig config) {
        ObjectNode reply = Json.object();
        reply.put("startDate", Timestamps.iso(clock.millis()));
        ArrayNode logs = Json.array();
        ArrayNode records = Json.array();
        ArrayNode links = Json.array();
        ObjectNode error = Json.object();
        log(logs, "INFO", "Fetching " + url);
        try {
            PageFetcher.Fetched fetched = fetcher.fetch(HttpUrls.parse(url));
            if (fetched.location() != null) {
                log(logs, "INFO", "Redirected to " + fetched.location());
                // a relative Location is a link of the URL tested, as a crawl follows it
                String target = HttpUrls.resolve(url, fetched.location());
                if (target != null) {
                    links.add(target);
                }
            } else if (fetched.status() < 200 || fetched.status() >= 300) {
                error.put("code", "http_" + fetched.status());
                error.put("message", "The page answered HTTP " + fetched.status());
            } else {
                PageAnalysis analysis = PageAnalysis.of(url, fetched);
                analysis.requireAffordableSelectors(config.actions());
                analysis.summary().forEach(line -> log(logs, "INFO", line));
                analysis.links().forEach(links::add);
                extract(analysis, config, logs, records);
            }
        } catch (PageFetcher.FetchFailure failure) {
            error.put("code", failure.reason());
            error.put("message", failure.getMessage());
        } catch (PageRefusal refusal) {
            throw ApiException.badRequest(refusal.getMessage());
        }
        reply.put("endDate", Timestamps.iso(clock.millis()));
        reply.set("logs", logs);
        reply.set("records", records);
        reply.set("links", links);
        reply.set("externalData", Json.object());
        reply.set("error", error);
        return reply;
    }

    private static void extract(PageAnalysis analysis, CrawlerConfig config, ArrayNode logs, ArrayNode records) {
        for (CrawlerConfig.Action action : config.actions()) {
            String refusal = analysis.refusal(action);
            String index = config.indexOf(action);
            if (refusal != null) {
                log(logs, "INFO", "Action " + action.position() + " (" + index + ") skips the page: " + refusal);
                continue;
            }
            log(logs, "INFO", "Action " + action.position() + " (" + index + ") extracts one record");
            ObjectNode entry = records.addObject();
            entry.put("indexName", index);
            ArrayNode extracted = entry.putArray("records");
            extracted.add(analysis.record());
            ObjectNode perExtractor = entry.putArray("recordsPerExtractor").addObject();
            perExtractor.put("index", action.position());
            perExtractor.put("type", "builtin");
            perExtractor.set("records", extracted.deepCopy());
        }
    }

    private static void log(ArrayNode logs, String level, String message) {
        ArrayNode line = logs.addArray();
        line.add(level);
        line.add(message);
    }
}
