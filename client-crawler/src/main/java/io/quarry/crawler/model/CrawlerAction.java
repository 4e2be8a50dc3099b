package io.quarry.crawler.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.spi.CopyOnWrite;
import io.quarry.core.spi.MapValue;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One action of a crawler configuration: which pages it extracts ({@code pathsToMatch}, {@code selectorsToMatch},
 * {@code fileTypesToMatch}), how ({@code recordExtractor}) and into which index ({@code indexName}, after the
 * configuration's {@code indexPrefix}). Immutable; each setter returns a new action. Members this class has no
 * method for are kept as read and sent back unchanged; {@link #member(String, Object)} sets any. The extractor is
 * kept in its JSON form, as an action read from the service holds it, so an action equals the same action read
 * back. A setter given null removes its member.
 */
public final class CrawlerAction extends MapValue<CrawlerAction> {

    private CrawlerAction(Map<String, Object> values) {
        super(values);
    }

    @Override
    protected CrawlerAction withMembers(Map<String, Object> values) {
        return new CrawlerAction(values);
    }

    /**
     * An action writing to an index with an extractor, the two members the service requires.
     *
     * @param indexName the index name, after the configuration's prefix
     * @param extractor the record extractor
     * @return the action
     */
    public static CrawlerAction of(String indexName, RecordExtractor extractor) {
        return of(Map.of())
                .indexName(Objects.requireNonNull(indexName, "indexName"))
                .recordExtractor(Objects.requireNonNull(extractor, "extractor"));
    }

    /**
     * An action from raw members (as read from JSON).
     *
     * @param values member name to value
     * @return the action
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static CrawlerAction of(Map<String, Object> values) {
        Map<String, Object> members = CopyOnWrite.copy(Objects.requireNonNull(values, "values"));
        return members.get("recordExtractor") instanceof RecordExtractor extractor
                ? new CrawlerAction(CopyOnWrite.with(members, "recordExtractor", extractor.members()))
                : new CrawlerAction(members);
    }

    /** {@return every member, unmodifiable} */
    public Map<String, Object> values() {
        return members();
    }

    /**
     * Sets any member.
     *
     * @param name the member name as the service spells it
     * @param value the value; null removes it
     * @return a new action
     */
    public CrawlerAction member(String name, Object value) {
        return with(name, value);
    }

    /** {@return the index name, after the configuration's prefix} */
    public Optional<String> indexName() {
        return text("indexName");
    }

    /**
     * Sets {@code indexName}.
     *
     * @param indexName the index name, after the configuration's prefix
     * @return a new action
     */
    public CrawlerAction indexName(String indexName) {
        return with("indexName", indexName);
    }

    /**
     * {@return URL patterns of the pages extracted; a leading {@code !} makes an exception, and the last pattern that
     * matches a URL decides}
     *
     * <p>The service reads each pattern as a glob matched against the whole URL: {@code **} stands for any characters,
     * {@code /} included; {@code *} for any characters but {@code /}; {@code ?} for one character but {@code /};
     * {@code [abc]} or {@code [a-z]} for one character of the class, and {@code [!a]} or {@code [^a]} for one
     * character not in it; {@code {docs,blog}} for any one of the comma-separated alternatives, which may hold
     * wildcards and further braces; a backslash makes the next character stand for itself ({@code \*}). So
     * {@code https://www.example.com/{docs,blog}/**} takes the pages of the docs and of the blog, and the list
     * {@code ["https://www.example.com/**", "!https://www.example.com/drafts/**"]} every page but the drafts. The
     * client sends the patterns as written and checks none of them.
     */
    public List<String> pathsToMatch() {
        return strings("pathsToMatch");
    }

    /**
     * Sets {@code pathsToMatch}.
     *
     * @param patterns URL patterns of the pages extracted, read as {@link #pathsToMatch()} describes
     * @return a new action
     */
    public CrawlerAction pathsToMatch(String... patterns) {
        return withStrings("pathsToMatch", patterns);
    }

    /** {@return CSS selectors a page must match; a leading {@code !} means it must not} */
    public List<String> selectorsToMatch() {
        return strings("selectorsToMatch");
    }

    /**
     * Sets {@code selectorsToMatch}.
     *
     * @param selectors CSS selectors a page must match; a leading {@code !} means it must not
     * @return a new action
     */
    public CrawlerAction selectorsToMatch(String... selectors) {
        return withStrings("selectorsToMatch", selectors);
    }

    /** {@return the file types extracted, such as {@code html}, {@code pdf}; empty when not set (the service's default)} */
    public List<String> fileTypesToMatch() {
        return strings("fileTypesToMatch");
    }

    /**
     * Sets {@code fileTypesToMatch}.
     *
     * @param fileTypes the file types extracted, such as {@code html}, {@code pdf}
     * @return a new action
     */
    public CrawlerAction fileTypesToMatch(String... fileTypes) {
        return withStrings("fileTypesToMatch", fileTypes);
    }

    /** {@return the record extractor, if set} */
    public Optional<RecordExtractor> recordExtractor() {
        Object value = members().get("recordExtractor");
        if (value instanceof RecordExtractor extractor) {
            return Optional.of(extractor);
        }
        if (value instanceof Map<?, ?> map) {
            return Optional.of(new RecordExtractor(textOf(map.get("__type")), textOf(map.get("source"))));
        }
        return Optional.empty();
    }

    private static String textOf(Object value) {
        return value == null ? null : String.valueOf(value);
    }

    /**
     * Sets {@code recordExtractor}.
     *
     * @param extractor the record extractor
     * @return a new action
     */
    public CrawlerAction recordExtractor(RecordExtractor extractor) {
        return with("recordExtractor", extractor == null ? null : extractor.members());
    }
}
