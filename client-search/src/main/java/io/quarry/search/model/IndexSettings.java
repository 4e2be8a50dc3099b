package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.spi.CopyOnWrite;
import io.quarry.core.spi.MapValue;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Index settings: immutable, each setter returns new settings with one setting changed. Only the settings set
 * are sent, so a partial settings object changes only those. The names are the service's setting names;
 * {@link #setting(String, Object)} sets any setting this class has no method for. A setter given null removes that
 * setting from these settings: it is then not sent, and the index keeps its value (to put a setting back to its
 * default, send null through {@link #of(Map)}).
 *
 * <pre>{@code
 * index.setSettings(IndexSettings.of()
 *         .searchableAttributes("name", "brand")
 *         .attributesForFaceting("brand", "searchable(category)")
 *         .customRanking("desc(popularity)"));
 * }</pre>
 *
 * <p>Attribute names in these settings are dotted paths: {@code author.name} is the {@code name} of an
 * {@code author} object, and of each object when {@code author} holds a list of them. The service reads a record's
 * own member literally named {@code author.name} under that same path, so the two cannot be told apart: keep dots
 * out of attribute names. Lists travel as JSON arrays, so a name may hold commas, spaces, {@code :} or any other
 * character, with these exceptions where the setting gives text a meaning: a {@code searchableAttributes} entry
 * joins attributes of one priority with commas, so none of them can hold a comma; a modifier
 * ({@code unordered(x)}, {@code searchable(x)}, {@code filterOnly(x)}, {@code afterDistinct(x)}, {@code asc(x)},
 * {@code desc(x)}) is read around the name, so a name that looks like one is wrapped once more
 * ({@code searchable(searchable(x))}); in {@code attributesToSnippet} a number after the last {@code :} is the word
 * count; a leading {@code -} in {@code attributesToRetrieve} excludes an attribute from {@code *}.
 */
public final class IndexSettings extends MapValue<IndexSettings> {

    private static final IndexSettings EMPTY = new IndexSettings(Map.of());

    private IndexSettings(Map<String, Object> values) {
        super(values);
    }

    @Override
    protected IndexSettings withMembers(Map<String, Object> values) {
        return new IndexSettings(values);
    }

    /**
     * Settings with nothing set.
     *
     * @return empty settings
     */
    public static IndexSettings of() {
        return EMPTY;
    }

    /**
     * Settings from raw values (as read from JSON).
     *
     * @param values setting name to value
     * @return the settings
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static IndexSettings of(Map<String, Object> values) {
        return new IndexSettings(CopyOnWrite.copy(Objects.requireNonNull(values, "values")));
    }

    /**
     * Every setting present, in order.
     *
     * @return setting name to value, unmodifiable
     */
    public Map<String, Object> values() {
        return members();
    }

    /**
     * A list setting's strings.
     *
     * @param name the setting
     * @return the strings; empty when absent
     */
    public List<String> getStrings(String name) {
        return strings(Objects.requireNonNull(name, "name"));
    }

    /**
     * Sets any setting: the escape hatch for settings without a typed method.
     *
     * @param name  the setting name as the service spells it
     * @param value the value; null removes it from these settings (it is then not sent, and the index keeps its
     *     value: to put a setting back to its default, send null through {@link #of(Map)})
     * @return new settings
     */
    public IndexSettings setting(String name, Object value) {
        return with(name, value);
    }

    /**
     * Sets {@code searchableAttributes}.
     *
     * @param attributes searchable attributes, most important first; an entry may join several of one priority
     *     with commas ({@code "title,subtitle"}) and mark one {@code unordered(x)}
     * @return new settings
     */
    public IndexSettings searchableAttributes(String... attributes) {
        return withStrings("searchableAttributes", attributes);
    }

    /**
     * Sets {@code attributesForFaceting}.
     *
     * @param attributes facet attributes ({@code searchable(x)}, {@code filterOnly(x)} allowed)
     * @return new settings
     */
    public IndexSettings attributesForFaceting(String... attributes) {
        return withStrings("attributesForFaceting", attributes);
    }

    /**
     * Sets {@code customRanking}.
     *
     * @param criteria custom ranking such as {@code desc(popularity)}
     * @return new settings
     */
    public IndexSettings customRanking(String... criteria) {
        return withStrings("customRanking", criteria);
    }

    /**
     * Sets {@code ranking}.
     *
     * @param criteria the ranking criteria in order
     * @return new settings
     */
    public IndexSettings ranking(String... criteria) {
        return withStrings("ranking", criteria);
    }

    /**
     * Sets {@code replicas}.
     *
     * @param replicas replica index names
     * @return new settings
     */
    public IndexSettings replicas(String... replicas) {
        return withStrings("replicas", replicas);
    }

    /**
     * Sets {@code unretrievableAttributes}.
     *
     * @param attributes attributes never returned (unless the key has seeUnretrievableAttributes)
     * @return new settings
     */
    public IndexSettings unretrievableAttributes(String... attributes) {
        return withStrings("unretrievableAttributes", attributes);
    }

    /**
     * Sets {@code attributesToRetrieve}.
     *
     * @param attributes attributes returned by default
     * @return new settings
     */
    public IndexSettings attributesToRetrieve(String... attributes) {
        return withStrings("attributesToRetrieve", attributes);
    }

    /**
     * Sets {@code attributesToHighlight}.
     *
     * @param attributes attributes highlighted by default
     * @return new settings
     */
    public IndexSettings attributesToHighlight(String... attributes) {
        return withStrings("attributesToHighlight", attributes);
    }

    /**
     * Sets {@code attributesToSnippet}.
     *
     * @param attributes attributes snippeted by default, each optionally followed by {@code :} and a word count
     *     ({@code description:20})
     * @return new settings
     */
    public IndexSettings attributesToSnippet(String... attributes) {
        return withStrings("attributesToSnippet", attributes);
    }

    /**
     * Sets {@code hitsPerPage}.
     *
     * @param hitsPerPage default hits per page
     * @return new settings
     */
    public IndexSettings hitsPerPage(int hitsPerPage) {
        return with("hitsPerPage", hitsPerPage);
    }

    /**
     * Sets {@code maxValuesPerFacet}.
     *
     * @param max default most values per facet
     * @return new settings
     */
    public IndexSettings maxValuesPerFacet(int max) {
        return with("maxValuesPerFacet", max);
    }

    /**
     * Sets {@code paginationLimitedTo}.
     *
     * @param hits the most hits a query can page through
     * @return new settings
     */
    public IndexSettings paginationLimitedTo(int hits) {
        return with("paginationLimitedTo", hits);
    }

    /**
     * Sets {@code attributeForDistinct}.
     *
     * @param attribute the attribute de-duplication works on
     * @return new settings
     */
    public IndexSettings attributeForDistinct(String attribute) {
        return with("attributeForDistinct", attribute);
    }

    /**
     * Sets {@code distinct}.
     *
     * @param keep how many records per distinct value are kept (0 disables)
     * @return new settings
     */
    public IndexSettings distinct(int keep) {
        return with("distinct", keep);
    }

    /**
     * Sets {@code typoTolerance}.
     *
     * @param enabled whether typos are tolerated
     * @return new settings
     */
    public IndexSettings typoTolerance(boolean enabled) {
        return with("typoTolerance", enabled);
    }

    /**
     * Sets {@code minWordSizefor1Typo}.
     *
     * @param size minimum word length accepting one typo
     * @return new settings
     */
    public IndexSettings minWordSizefor1Typo(int size) {
        return with("minWordSizefor1Typo", size);
    }

    /**
     * Sets {@code minWordSizefor2Typos}.
     *
     * @param size minimum word length accepting two typos
     * @return new settings
     */
    public IndexSettings minWordSizefor2Typos(int size) {
        return with("minWordSizefor2Typos", size);
    }

    /**
     * Sets {@code ignorePlurals}.
     *
     * @param enabled whether singular and plural forms match each other
     * @return new settings
     */
    public IndexSettings ignorePlurals(boolean enabled) {
        return with("ignorePlurals", enabled);
    }

    /**
     * Sets {@code removeStopWords}.
     *
     * @param enabled whether stop words are removed from queries
     * @return new settings
     */
    public IndexSettings removeStopWords(boolean enabled) {
        return with("removeStopWords", enabled);
    }

    /**
     * Sets {@code queryLanguages}.
     *
     * @param languages the languages of the records and queries
     * @return new settings
     */
    public IndexSettings queryLanguages(String... languages) {
        return withStrings("queryLanguages", languages);
    }

    /**
     * Sets {@code queryType}.
     *
     * @param queryType {@code prefixLast}, {@code prefixAll} or {@code prefixNone}
     * @return new settings
     */
    public IndexSettings queryType(String queryType) {
        return with("queryType", queryType);
    }

    /**
     * Sets {@code highlightPreTag}.
     *
     * @param tag default markup before a match
     * @return new settings
     */
    public IndexSettings highlightPreTag(String tag) {
        return with("highlightPreTag", tag);
    }

    /**
     * Sets {@code highlightPostTag}.
     *
     * @param tag default markup after a match
     * @return new settings
     */
    public IndexSettings highlightPostTag(String tag) {
        return with("highlightPostTag", tag);
    }

    /**
     * Sets {@code separatorsToIndex}.
     *
     * @param separators characters indexed as words
     * @return new settings
     */
    public IndexSettings separatorsToIndex(String separators) {
        return with("separatorsToIndex", separators);
    }
}
