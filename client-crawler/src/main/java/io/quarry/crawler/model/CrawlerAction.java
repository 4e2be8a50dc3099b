package io.quarry.crawler.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.quarry.core.spi.CopyOnWrite;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One action of a crawler configuration: which pages it extracts ({@code pathsToMatch}, {@code selectorsToMatch},
 * {@code fileTypesToMatch}), how ({@code recordExtractor}) and into which index ({@code indexName}, after the
 * configuration's {@code indexPrefix}). Immutable; each setter returns a new action. Members this class has no
 * method for are kept as read and sent back unchanged; {@link #member(String, Object)} sets any.
 */
public final class CrawlerAction {

    private final Map<String, Object> values;

    private CrawlerAction(Map<String, Object> values) {
        this.values = values;
    }

    /**
     * An action writing to an index with an extractor, the two members the service requires.
     *
     * @param indexName the index name, after the configuration's prefix
     * @param extractor the record extractor
     * @return the action
     */
    public static CrawlerAction of(String indexName, RecordExtractor extractor) {
        return fromMap(Map.of()).indexName(indexName).recordExtractor(extractor);
    }

    /**
     * An action from raw members (as read from JSON).
     *
     * @param values member name to value
     * @return the action
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static CrawlerAction fromMap(Map<String, Object> values) {
        return new CrawlerAction(CopyOnWrite.copy(values));
    }

    /** @return every member, unmodifiable */
    public Map<String, Object> values() {
        return values;
    }

    @JsonValue
    Object json() {
        return values;
    }

    /**
     * Sets any member.
     *
     * @param name the member name as the service spells it
     * @param value the value; null removes it
     * @return a new action
     */
    public CrawlerAction member(String name, Object value) {
        return new CrawlerAction(CopyOnWrite.with(values, name, value));
    }

    /** @return the index name, after the configuration's prefix */
    public Optional<String> indexName() {
        return Optional.ofNullable(values.get("indexName")).map(String::valueOf);
    }

    /**
     * Sets {@code indexName}.
     *
     * @param indexName the index name, after the configuration's prefix
     * @return a new action
     */
    public CrawlerAction indexName(String indexName) {
        return member("indexName", indexName);
    }

    /** @return URL patterns of the pages extracted ({@code **} any characters, {@code *} any but {@code /}) */
    public List<String> pathsToMatch() {
        return ConfigValues.strings(values.get("pathsToMatch"));
    }

    /**
     * Sets {@code pathsToMatch}.
     *
     * @param patterns URL patterns of the pages extracted
     * @return a new action
     */
    public CrawlerAction pathsToMatch(String... patterns) {
        return member("pathsToMatch", CopyOnWrite.list(patterns));
    }

    /** @return CSS selectors a page must match; a leading {@code !} means it must not */
    public List<String> selectorsToMatch() {
        return ConfigValues.strings(values.get("selectorsToMatch"));
    }

    /**
     * Sets {@code selectorsToMatch}.
     *
     * @param selectors CSS selectors a page must match; a leading {@code !} means it must not
     * @return a new action
     */
    public CrawlerAction selectorsToMatch(String... selectors) {
        return member("selectorsToMatch", CopyOnWrite.list(selectors));
    }

    /** @return the file types extracted, such as {@code html}, {@code pdf}; empty when not set (the service's default) */
    public List<String> fileTypesToMatch() {
        return ConfigValues.strings(values.get("fileTypesToMatch"));
    }

    /**
     * Sets {@code fileTypesToMatch}.
     *
     * @param fileTypes the file types extracted, such as {@code html}, {@code pdf}
     * @return a new action
     */
    public CrawlerAction fileTypesToMatch(String... fileTypes) {
        return member("fileTypesToMatch", CopyOnWrite.list(fileTypes));
    }

    /** @return the record extractor, if set */
    public Optional<RecordExtractor> recordExtractor() {
        Object value = values.get("recordExtractor");
        if (value instanceof RecordExtractor extractor) {
            return Optional.of(extractor);
        }
        if (value instanceof Map<?, ?> map) {
            return Optional.of(
                    new RecordExtractor(ConfigValues.text(map.get("__type")), ConfigValues.text(map.get("source"))));
        }
        return Optional.empty();
    }

    /**
     * Sets {@code recordExtractor}.
     *
     * @param extractor the record extractor
     * @return a new action
     */
    public CrawlerAction recordExtractor(RecordExtractor extractor) {
        return member("recordExtractor", extractor);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CrawlerAction other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return "CrawlerAction" + values;
    }
}
