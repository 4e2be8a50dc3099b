package io.quarry.crawler.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.spi.CopyOnWrite;
import io.quarry.core.spi.MapValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A crawler's configuration: immutable, each setter returns a new configuration with one member changed. Only the
 * members set are sent, so a partial configuration given to
 * {@link io.quarry.crawler.CrawlerHandle#updateConfig(CrawlerConfiguration)} changes only those (top-level members
 * are replaced whole: to change one action, send every action). Members this class has no method for are kept as
 * read and sent back unchanged; {@link #member(String, Object)} sets any. The service requires {@code appId},
 * {@code rateLimit} (1 to 100) and {@code actions} (1 to 30) on creation. Actions are kept in their JSON form, as
 * a configuration read from the service holds them, so a configuration equals the same configuration read back.
 *
 * <p>A setter of one value given null removes that member from this configuration, as {@link #member(String, Object)}
 * does: it is then not sent, and an update leaves the crawler's value as it was (to clear a member on the crawler,
 * send null through {@link #of(Map)}). {@link #apiKey(String)} is the exception: it refuses null, since a key
 * rotation given a null key would leave the crawler writing with the old one. Setters of a list refuse a null list or
 * a null in one.
 *
 * <p>{@link #toString()} never shows {@code apiKey}.
 *
 * <pre>{@code
 * CrawlerConfiguration config = CrawlerConfiguration.of()
 *         .appId("MY_APP_ID").apiKey("MY_WRITE_KEY").rateLimit(8)
 *         .startUrls("https://www.example.com/docs/")
 *         .actions(CrawlerAction.of("docs", RecordExtractor.function("({ url, $ }) => [{ url: url.href }]"))
 *                 .pathsToMatch("https://www.example.com/docs/**"));
 * }</pre>
 */
public final class CrawlerConfiguration extends MapValue<CrawlerConfiguration> {

    private static final CrawlerConfiguration EMPTY = new CrawlerConfiguration(Map.of());

    private CrawlerConfiguration(Map<String, Object> values) {
        super(values);
    }

    @Override
    protected CrawlerConfiguration withMembers(Map<String, Object> values) {
        return new CrawlerConfiguration(values);
    }

    /** {@return a configuration with nothing set} */
    public static CrawlerConfiguration of() {
        return EMPTY;
    }

    /**
     * A configuration from raw members (as read from JSON).
     *
     * @param values member name to value
     * @return the configuration
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static CrawlerConfiguration of(Map<String, Object> values) {
        Map<String, Object> members = CopyOnWrite.copy(Objects.requireNonNull(values, "values"));
        return members.get("actions") instanceof List<?> actions
                ? new CrawlerConfiguration(CopyOnWrite.with(members, "actions", membersOf(actions)))
                : new CrawlerConfiguration(members);
    }

    /** {@return every member present, unmodifiable} */
    public Map<String, Object> values() {
        return members();
    }

    /**
     * Sets any member: the escape hatch for members without a typed method.
     *
     * @param name the member name as the service spells it
     * @param value the value; null removes it (it is then not sent)
     * @return a new configuration
     */
    public CrawlerConfiguration member(String name, Object value) {
        return with(name, value);
    }

    /** {@return the application the records go to} */
    public Optional<String> appId() {
        return text("appId");
    }

    /**
     * Sets {@code appId}.
     *
     * @param appId the application the records go to; null removes it from this configuration
     * @return a new configuration
     */
    public CrawlerConfiguration appId(String appId) {
        return with("appId", appId);
    }

    /** {@return the key the crawler writes with (never shown by {@link #toString()})} */
    public Optional<String> apiKey() {
        return text("apiKey");
    }

    /**
     * Sets {@code apiKey}. Null is refused rather than read as "leave the key out": an update given a null key would
     * otherwise leave the crawler writing with its old key. To leave the key out of a configuration, use
     * {@code member("apiKey", null)}.
     *
     * @param apiKey the key the crawler writes with
     * @return a new configuration
     * @throws NullPointerException naming {@code apiKey} if the key is null
     */
    public CrawlerConfiguration apiKey(String apiKey) {
        return with("apiKey", Objects.requireNonNull(apiKey, "apiKey"));
    }

    /** {@return the prefix of every action's index name} */
    public Optional<String> indexPrefix() {
        return text("indexPrefix");
    }

    /**
     * Sets {@code indexPrefix}.
     *
     * @param prefix the prefix of every action's index name; null removes it from this configuration
     * @return a new configuration
     */
    public CrawlerConfiguration indexPrefix(String prefix) {
        return with("indexPrefix", prefix);
    }

    /** {@return how many fetches the crawler makes at once (1 to 100); empty unless a whole number an int holds} */
    public OptionalInt rateLimit() {
        return integer("rateLimit");
    }

    /**
     * Sets {@code rateLimit}.
     *
     * @param rateLimit how many fetches the crawler makes at once (1 to 100)
     * @return a new configuration
     */
    public CrawlerConfiguration rateLimit(int rateLimit) {
        return with("rateLimit", rateLimit);
    }

    /** {@return where crawling starts} */
    public List<String> startUrls() {
        return strings("startUrls");
    }

    /**
     * Sets {@code startUrls}.
     *
     * @param urls where crawling starts
     * @return a new configuration
     */
    public CrawlerConfiguration startUrls(String... urls) {
        return withStrings("startUrls", urls);
    }

    /** {@return sitemaps whose URLs are crawled too} */
    public List<String> sitemaps() {
        return strings("sitemaps");
    }

    /**
     * Sets {@code sitemaps}.
     *
     * @param urls sitemaps whose URLs are crawled too
     * @return a new configuration
     */
    public CrawlerConfiguration sitemaps(String... urls) {
        return withStrings("sitemaps", urls);
    }

    /**
     * {@return URL patterns never crawled, globs read as {@link CrawlerAction#pathsToMatch()} describes; a leading
     * {@code !} makes an exception, and the last pattern that matches a URL decides}
     */
    public List<String> exclusionPatterns() {
        return strings("exclusionPatterns");
    }

    /**
     * Sets {@code exclusionPatterns}.
     *
     * @param patterns URL patterns never crawled, globs read as {@link CrawlerAction#pathsToMatch()} describes
     * @return a new configuration
     */
    public CrawlerConfiguration exclusionPatterns(String... patterns) {
        return withStrings("exclusionPatterns", patterns);
    }

    /**
     * {@return query parameters removed from URLs before crawling: patterns of their names, globs read as
     * {@link CrawlerAction#pathsToMatch()} describes ({@code utm_*} removes {@code utm_source} and
     * {@code utm_medium}); a leading {@code !} makes an exception, and the last pattern that matches a name decides}
     */
    public List<String> ignoreQueryParams() {
        return strings("ignoreQueryParams");
    }

    /**
     * Sets {@code ignoreQueryParams}.
     *
     * @param names query parameters removed from URLs before crawling: patterns of their names, globs read as
     *     {@link CrawlerAction#pathsToMatch()} describes
     * @return a new configuration
     */
    public CrawlerConfiguration ignoreQueryParams(String... names) {
        return withStrings("ignoreQueryParams", names);
    }

    /** {@return the most URLs a crawl fetches; empty unless a whole number an int holds} */
    public OptionalInt maxUrls() {
        return integer("maxUrls");
    }

    /**
     * Sets {@code maxUrls}.
     *
     * @param maxUrls the most URLs a crawl fetches
     * @return a new configuration
     */
    public CrawlerConfiguration maxUrls(int maxUrls) {
        return with("maxUrls", maxUrls);
    }

    /** {@return the deepest URL path crawled, in path segments; empty unless a whole number an int holds} */
    public OptionalInt maxDepth() {
        return integer("maxDepth");
    }

    /**
     * Sets {@code maxDepth}.
     *
     * @param maxDepth the deepest URL path crawled, in path segments
     * @return a new configuration
     */
    public CrawlerConfiguration maxDepth(int maxDepth) {
        return with("maxDepth", maxDepth);
    }

    /** {@return when the crawler reindexes on its own, in the service's schedule syntax} */
    public Optional<String> schedule() {
        return text("schedule");
    }

    /**
     * Sets {@code schedule}.
     *
     * @param schedule when the crawler reindexes on its own, such as {@code every 1 day}; null removes it from this
     *     configuration (an update then keeps the crawler's schedule)
     * @return a new configuration
     */
    public CrawlerConfiguration schedule(String schedule) {
        return with("schedule", schedule);
    }

    /** {@return the actions} */
    public List<CrawlerAction> actions() {
        Object value = members().get("actions");
        if (!(value instanceof List<?> list)) {
            return List.of();
        }
        List<CrawlerAction> actions = new ArrayList<>();
        for (Object item : list) {
            if (item instanceof CrawlerAction action) {
                actions.add(action);
            } else if (item instanceof Map<?, ?> map) {
                Map<String, Object> members = new LinkedHashMap<>();
                map.forEach((k, v) -> members.put(String.valueOf(k), v));
                actions.add(CrawlerAction.of(members));
            }
        }
        return List.copyOf(actions);
    }

    /**
     * Sets {@code actions}.
     *
     * @param actions the actions (1 to 30)
     * @return a new configuration
     */
    public CrawlerConfiguration actions(CrawlerAction... actions) {
        return actions(List.of(Objects.requireNonNull(actions, "actions")));
    }

    /**
     * Sets {@code actions}.
     *
     * @param actions the actions (1 to 30)
     * @return a new configuration
     */
    public CrawlerConfiguration actions(List<CrawlerAction> actions) {
        return with("actions", membersOf(List.copyOf(Objects.requireNonNull(actions, "actions"))));
    }

    /** The items of a list of actions in their JSON form: an action's members, anything else as it is. */
    private static List<Object> membersOf(List<?> actions) {
        List<Object> members = new ArrayList<>(actions.size());
        for (Object item : actions) {
            members.add(item instanceof CrawlerAction action ? action.values() : item);
        }
        return Collections.unmodifiableList(members);
    }

    /** The member when it is a whole number an int holds: 1.5 or 5,000,000,000 is none, not 1 or a wrapped value. */
    private OptionalInt integer(String name) {
        if (!(members().get(name) instanceof Number number)) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(new BigDecimal(number.toString()).intValueExact());
        } catch (ArithmeticException | NumberFormatException notAnInt) { // NaN and infinities are no BigDecimal
            return OptionalInt.empty();
        }
    }

    /** Shows every member but {@code apiKey}, whose value is replaced by {@code ***}. */
    @Override
    public String toString() {
        Map<String, Object> shown = new LinkedHashMap<>(members());
        shown.computeIfPresent("apiKey", (k, v) -> "***");
        return "CrawlerConfiguration" + shown;
    }
}
