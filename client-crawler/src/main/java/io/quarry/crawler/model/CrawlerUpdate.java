package io.quarry.crawler.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A change of a crawler: a new name, a whole new configuration, or both. Immutable; two changes with the same name
 * and equal configurations are equal.
 *
 * <pre>{@code
 * crawler.update(CrawlerUpdate.of().name("docs-crawler").config(newConfig));
 * }</pre>
 */
public final class CrawlerUpdate {

    private static final CrawlerUpdate EMPTY = new CrawlerUpdate(null, null);

    private final String name;
    private final CrawlerConfiguration config;

    private CrawlerUpdate(String name, CrawlerConfiguration config) {
        this.name = name;
        this.config = config;
    }

    /** {@return a change with nothing set yet} */
    public static CrawlerUpdate of() {
        return EMPTY;
    }

    /**
     * {@return a new change}
     *
     * @param name the new name (at most 64 characters)
     */
    public CrawlerUpdate name(String name) {
        return new CrawlerUpdate(Objects.requireNonNull(name, "name"), config);
    }

    /**
     * {@return a new change}
     *
     * @param config the new configuration, replacing the whole configuration
     */
    public CrawlerUpdate config(CrawlerConfiguration config) {
        return new CrawlerUpdate(name, Objects.requireNonNull(config, "config"));
    }

    @JsonValue
    Map<String, Object> json() {
        Map<String, Object> body = new LinkedHashMap<>();
        if (name != null) {
            body.put("name", name);
        }
        if (config != null) {
            body.put("config", config);
        }
        return body;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CrawlerUpdate that
                && Objects.equals(name, that.name)
                && Objects.equals(config, that.config);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, config);
    }

    /** Shows the name and the configuration, whose {@code apiKey} is hidden. */
    @Override
    public String toString() {
        return "CrawlerUpdate" + json();
    }
}
