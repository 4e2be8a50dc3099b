package io.quarry.crawler.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A URL to test against the crawler's configuration, optionally with members that replace the configuration's for
 * this test only. Immutable; two requests for the same URL with equal overrides are equal.
 */
public final class UrlTestRequest {

    private final String url;
    private final CrawlerConfiguration overrides;

    private UrlTestRequest(String url, CrawlerConfiguration overrides) {
        this.url = url;
        this.overrides = overrides;
    }

    /**
     * {@return the request}
     *
     * @param url the URL to test
     */
    public static UrlTestRequest of(String url) {
        return new UrlTestRequest(Objects.requireNonNull(url, "url"), null);
    }

    /**
     * {@return a new request}
     *
     * @param overrides top-level configuration members replacing the crawler's for this test
     */
    public UrlTestRequest overriding(CrawlerConfiguration overrides) {
        return new UrlTestRequest(url, Objects.requireNonNull(overrides, "overrides"));
    }

    @JsonValue
    Map<String, Object> json() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("url", url);
        if (overrides != null) {
            body.put("config", overrides);
        }
        return body;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof UrlTestRequest that
                && url.equals(that.url)
                && Objects.equals(overrides, that.overrides);
    }

    @Override
    public int hashCode() {
        return Objects.hash(url, overrides);
    }

    /** Shows the URL and the overrides, whose {@code apiKey} is hidden. */
    @Override
    public String toString() {
        return "UrlTestRequest" + json();
    }
}
