package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.quarry.core.spi.CopyOnWrite;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Index settings: immutable, each setter returns new settings with one setting changed. Only the settings set
 * are sent, so a partial settings object changes only those. The names are the service's setting names;
 * {@link #setting(String, Object)} sets any setting this class has no method for.
 *
 * <pre>{@code
 * index.setSettings(IndexSettings.create()
 *         .searchableAttributes("name", "brand")
 *         .attributesForFaceting("brand", "searchable(category)")
 *         .customRanking("desc(popularity)"));
 * }</pre>
 */
public final class IndexSettings {

    private static final IndexSettings EMPTY = new IndexSettings(Map.of());

    private final Map<String, Object> values;

    private IndexSettings(Map<String, Object> values) {
        this.values = values;
    }

    /**
     * Settings with nothing set.
     *
     * @return empty settings
     */
    public static IndexSettings create() {
        return EMPTY;
    }

    /**
     * Settings from raw values (as read from JSON).
     *
     * @param values setting name to value
     * @return the settings
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static IndexSettings fromMap(Map<String, Object> values) {
        return new IndexSettings(CopyOnWrite.copy(values));
    }

    /**
     * Every setting present, in order.
     *
     * @return setting name to value, unmodifiable
     */
    public Map<String, Object> values() {
        return values;
    }

    /** The JSON form: the settings map, declared as {@code Object} for the reason given in {@link SearchQuery}. */
    @JsonValue
    Object json() {
        return values;
    }

    /**
     * One setting's value.
     *
     * @param name the setting
     * @return the value, if present
     */
    public Optional<Object> get(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /**
     * A list setting's strings.
     *
     * @param name the setting
     * @return the strings; empty when absent
     */
    public List<String> getStrings(String name) {
        Object value = values.get(name);
        if (value instanceof List<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        return List.of();
    }

    /**
     * Sets any setting: the escape hatch for settings without a typed method.
     *
     * @param name  the setting name as the service spells it
     * @param value the value; null removes it from these settings (it is then not sent)
     * @return new settings
     */
    public IndexSettings setting(String name, Object value) {
        return new IndexSettings(CopyOnWrite.with(values, name, value));
    }

    /**
     * Sets {@code searchableAttributes}: searchable attributes, most important first.
     *
     * @param attributes searchable attributes, most important first
     * @return new settings
     */
    public IndexSettings searchableAttributes(String... attributes) {
        return setting("searchableAttributes", CopyOnWrite.list(attributes));
    }

    /**
     * Sets {@code attributesForFaceting}: facet attributes ({@code searchable(x)}, {@code filterOnly(x)} allowed).
     *
     * @param attributes facet attributes ({@code searchable(x)}, {@code filterOnly(x)} allowed)
     * @return new settings
     */
    public IndexSettings attributesForFaceting(String... attributes) {
        return setting("attributesForFaceting", CopyOnWrite.list(attributes));
    }

    /**
     * Sets {@code customRanking}: custom ranking such as {@code desc(popularity)}.
     *
     * @param criteria custom ranking such as {@code desc(popularity)}
     * @return new settings
     */
    public IndexSettings customRanking(String... criteria) {
        return setting("customRanking", CopyOnWrite.list(criteria));
    }

    /**
     * Sets {@code ranking}: the ranking criteria in order.
     *
     * @param criteria the ranking criteria in order
     * @return new settings
     */
    public IndexSettings ranking(String... criteria) {
        return setting("ranking", CopyOnWrite.list(criteria));
    }

    /**
     * Sets {@code replicas}: replica index names.
     *
     * @param replicas replica index names
     * @return new settings
     */
    public IndexSettings replicas(String... replicas) {
        return setting("replicas", CopyOnWrite.list(replicas));
    }

    /**
     * Sets {@code unretrievableAttributes}: attributes never returned (unless the key has seeUnretrievableAttributes).
     *
     * @param attributes attributes never returned (unless the key has seeUnretrievableAttributes)
     * @return new settings
     */
    public IndexSettings unretrievableAttributes(String... attributes) {
        return setting("unretrievableAttributes", CopyOnWrite.list(attributes));
    }

    /**
     * Sets {@code attributesToRetrieve}: attributes returned by default.
     *
     * @param attributes attributes returned by default
     * @return new settings
     */
    public IndexSettings attributesToRetrieve(String... attributes) {
        return setting("attributesToRetrieve", CopyOnWrite.list(attributes));
    }

    /**
     * Sets {@code attributesToHighlight}: attributes highlighted by default.
     *
     * @param attributes attributes highlighted by default
     * @return new settings
     */
    public IndexSettings attributesToHighlight(String... attributes) {
        return setting("attributesToHighlight", CopyOnWrite.list(attributes));
    }

    /**
     * Sets {@code attributesToSnippet}: attributes snippeted by default.
     *
     * @param attributes attributes snippeted by default
     * @return new settings
     */
    public IndexSettings attributesToSnippet(String... attributes) {
        return setting("attributesToSnippet", CopyOnWrite.list(attributes));
    }

    /**
     * Sets {@code hitsPerPage}: default hits per page.
     *
     * @param hitsPerPage default hits per page
     * @return new settings
     */
    public IndexSettings hitsPerPage(int hitsPerPage) {
        return setting("hitsPerPage", hitsPerPage);
    }

    /**
     * Sets {@code maxValuesPerFacet}: default most values per facet.
     *
     * @param max default most values per facet
     * @return new settings
     */
    public IndexSettings maxValuesPerFacet(int max) {
        return setting("maxValuesPerFacet", max);
    }

    /**
     * Sets {@code paginationLimitedTo}: the most hits a query can page through.
     *
     * @param hits the most hits a query can page through
     * @return new settings
     */
    public IndexSettings paginationLimitedTo(int hits) {
        return setting("paginationLimitedTo", hits);
    }

    /**
     * Sets {@code attributeForDistinct}: the attribute de-duplication works on.
     *
     * @param attribute the attribute de-duplication works on
     * @return new settings
     */
    public IndexSettings attributeForDistinct(String attribute) {
        return setting("attributeForDistinct", attribute);
    }

    /**
     * Sets {@code distinct}: how many records per distinct value are kept (0 disables).
     *
     * @param keep how many records per distinct value are kept (0 disables)
     * @return new settings
     */
    public IndexSettings distinct(int keep) {
        return setting("distinct", keep);
    }

    /**
     * Sets {@code typoTolerance}: whether typos are tolerated.
     *
     * @param enabled whether typos are tolerated
     * @return new settings
     */
    public IndexSettings typoTolerance(boolean enabled) {
        return setting("typoTolerance", enabled);
    }

    /**
     * Sets {@code minWordSizefor1Typo}: minimum word length accepting one typo.
     *
     * @param size minimum word length accepting one typo
     * @return new settings
     */
    public IndexSettings minWordSizefor1Typo(int size) {
        return setting("minWordSizefor1Typo", size);
    }

    /**
     * Sets {@code minWordSizefor2Typos}: minimum word length accepting two typos.
     *
     * @param size minimum word length accepting two typos
     * @return new settings
     */
    public IndexSettings minWordSizefor2Typos(int size) {
        return setting("minWordSizefor2Typos", size);
    }

    /**
     * Sets {@code ignorePlurals}: whether singular and plural forms match each other.
     *
     * @param enabled whether singular and plural forms match each other
     * @return new settings
     */
    public IndexSettings ignorePlurals(boolean enabled) {
        return setting("ignorePlurals", enabled);
    }

    /**
     * Sets {@code removeStopWords}: whether stop words are removed from queries.
     *
     * @param enabled whether stop words are removed from queries
     * @return new settings
     */
    public IndexSettings removeStopWords(boolean enabled) {
        return setting("removeStopWords", enabled);
    }

    /**
     * Sets {@code queryLanguages}: the languages of the records and queries.
     *
     * @param languages the languages of the records and queries
     * @return new settings
     */
    public IndexSettings queryLanguages(String... languages) {
        return setting("queryLanguages", CopyOnWrite.list(languages));
    }

    /**
     * Sets {@code queryType}: {@code prefixLast}, {@code prefixAll} or {@code prefixNone}.
     *
     * @param queryType {@code prefixLast}, {@code prefixAll} or {@code prefixNone}
     * @return new settings
     */
    public IndexSettings queryType(String queryType) {
        return setting("queryType", queryType);
    }

    /**
     * Sets {@code highlightPreTag}: default markup before a match.
     *
     * @param tag default markup before a match
     * @return new settings
     */
    public IndexSettings highlightPreTag(String tag) {
        return setting("highlightPreTag", tag);
    }

    /**
     * Sets {@code highlightPostTag}: default markup after a match.
     *
     * @param tag default markup after a match
     * @return new settings
     */
    public IndexSettings highlightPostTag(String tag) {
        return setting("highlightPostTag", tag);
    }

    /**
     * Sets {@code separatorsToIndex}: characters indexed as words.
     *
     * @param separators characters indexed as words
     * @return new settings
     */
    public IndexSettings separatorsToIndex(String separators) {
        return setting("separatorsToIndex", separators);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IndexSettings other && other.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /** Shows the settings. */
    @Override
    public String toString() {
        return "IndexSettings" + values;
    }
}
