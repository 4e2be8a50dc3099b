package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Timestamps;
import java.time.Clock;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the crawler's fetch and extraction on one URL without writing anything: the answer of {@code /test}. Whatever
 * keeps the page from being crawled is a result of the test, in its {@code error} ({@code {code, message}}, the code
 * a crawl's URL statistics would count): a failed fetch, an HTTP status, and a page the mock server will not read
 * ({@link PageRefusal}: past its element bound, failing its parser, or selectors too costly on it). Only an invalid
 * request is a 400, and the route checks that before calling this.
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
                failed(error, logs, "http_" + fetched.status(), "The page answered HTTP " + fetched.status());
            } else {
                PageAnalysis analysis = PageAnalysis.of(url, fetched);
                analysis.summary().forEach(line -> log(logs, "INFO", line));
                // a crawl follows the links of a page whose selectors are too costly: the test shows them
                analysis.links().forEach(links::add);
                analysis.requireAffordableSelectors(config.actions());
                extract(analysis, config, logs, records);
            }
        } catch (PageFetcher.FetchFailure failure) {
            failed(error, logs, failure.reason(), failure.getMessage());
        } catch (PageRefusal refusal) {
            failed(error, logs, refusal.reason(), refusal.getMessage());
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

    private static void failed(ObjectNode error, ArrayNode logs, String code, String message) {
        error.put("code", code);
        error.put("message", message);
        log(logs, "ERROR", message);
    }

    private static void log(ArrayNode logs, String level, String message) {
        ArrayNode line = logs.addArray();
        line.add(level);
        line.add(message);
    }
}
