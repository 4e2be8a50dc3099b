package io.quarry.crawler.model;

import com.fasterxml.jackson.annotation.JsonValue;
import io.quarry.core.InvalidRequestException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * URLs to crawl now, at most {@value #MAX_URLS} per call (the service also allows 200 such calls per 24 hours).
 * Immutable; two requests with the same URLs in the same order and the same choice are equal.
 *
 * <pre>{@code
 * crawler.crawlUrls(CrawlUrlsRequest.of(List.of("https://www.example.com/new-page")).extraUrls(ExtraUrls.SAVE));
 * }</pre>
 */
public final class CrawlUrlsRequest {

    /** The most URLs one call takes. */
    public static final int MAX_URLS = 50;

    private final List<String> urls;
    private final ExtraUrls extraUrls;

    private CrawlUrlsRequest(List<String> urls, ExtraUrls extraUrls) {
        this.urls = urls;
        this.extraUrls = extraUrls;
    }

    /**
     * URLs to crawl, saved to {@code extraUrls} as the service decides by default
     * ({@link ExtraUrls#UNLESS_INDEXED_BY_LAST_REINDEX}).
     *
     * @param urls 1 to {@value #MAX_URLS} absolute URLs
     * @return the request
     * @throws InvalidRequestException when there are none, more than {@value #MAX_URLS}, or a null or blank one
     */
    public static CrawlUrlsRequest of(List<String> urls) {
        Objects.requireNonNull(urls, "urls");
        if (urls.isEmpty()) {
            throw new InvalidRequestException("crawling URLs needs at least one URL");
        }
        if (urls.size() > MAX_URLS) {
            throw new InvalidRequestException(
                    "at most " + MAX_URLS + " URLs can be crawled per call; got " + urls.size() + ": split them");
        }
        for (String url : urls) {
            if (url == null || url.isBlank()) {
                throw new InvalidRequestException("a URL to crawl is null or blank");
            }
        }
        return new CrawlUrlsRequest(List.copyOf(urls), ExtraUrls.UNLESS_INDEXED_BY_LAST_REINDEX);
    }

    /**
     * The same URLs with another choice about {@code extraUrls}.
     *
     * @param choice whether the URLs are added to the configuration's {@code extraUrls}
     * @return a new request
     */
    public CrawlUrlsRequest extraUrls(ExtraUrls choice) {
        return new CrawlUrlsRequest(urls, Objects.requireNonNull(choice, "choice"));
    }

    /** {@return the URLs} */
    public List<String> urls() {
        return urls;
    }

    /** {@return whether the URLs are added to {@code extraUrls}} */
    public ExtraUrls extraUrls() {
        return extraUrls;
    }

    @JsonValue
    Map<String, Object> json() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("urls", urls);
        if (extraUrls != ExtraUrls.UNLESS_INDEXED_BY_LAST_REINDEX) {
            body.put("save", extraUrls == ExtraUrls.SAVE);
        }
        return body;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CrawlUrlsRequest that && urls.equals(that.urls) && extraUrls == that.extraUrls;
    }

    @Override
    public int hashCode() {
        return Objects.hash(urls, extraUrls);
    }

    @Override
    public String toString() {
        return "CrawlUrlsRequest" + json();
    }
}
