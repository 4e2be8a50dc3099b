package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.IndexNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A validated crawler configuration: the JSON as stored (every member kept, unknown ones included) and the parts
 * the crawl reads. Validation refuses what the service refuses: {@code appId}, {@code rateLimit} (1..100) and
 * {@code actions} (1..30, each with {@code indexName} and {@code recordExtractor}) are required.
 *
 * @param json the configuration as stored
 * @param indexPrefix prepended to every action's index name
 * @param startUrls where a reindex starts
 * @param extraUrls further start points (added by URL crawls with {@code save})
 * @param sitemaps sitemaps whose URLs are start points too
 * @param exclusions URLs never crawled
 * @param ignoredQueryParams query parameter names (globs) removed from URLs
 * @param maxUrls how many URLs a crawl fetches at most
 * @param maxDepth the deepest URL path crawled (segments), 0 for no limit
 * @param actions the actions
 * @param maxLostRecordsPercentage the safety check of a reindex, or -1 when none is configured
 */
record CrawlerConfig(
        ObjectNode json,
        String indexPrefix,
        List<String> startUrls,
        List<String> extraUrls,
        List<String> sitemaps,
        List<Glob> exclusions,
        List<Glob> ignoredQueryParams,
        int maxUrls,
        int maxDepth,
        List<Action> actions,
        double maxLostRecordsPercentage) {

    /** Bound of every URL list of a configuration. */
    static final int MAX_LIST = 1000;
    /** Most pages one crawl fetches, whatever {@code maxUrls} says. */
    static final int MAX_PAGES = 1000;

    private static final Set<String> DEFAULT_FILE_TYPES = Set.of("html", "pdf");

    /**
     * One action: which pages it extracts and into which index.
     *
     * @param position its position in {@code actions}
     * @param indexName the index name without the prefix
     * @param paths URL patterns of the pages it extracts
     * @param selectors CSS selectors a page must (or, with a leading {@code !}, must not) match
     * @param fileTypes the file types it extracts
     */
    record Action(int position, String indexName, List<Glob> paths, List<String> selectors, Set<String> fileTypes) {}

    /**
     * Validates a configuration.
     *
     * @param node the configuration sent
     * @return it parsed
     * @throws ApiException 400 saying what is wrong
     */
    static CrawlerConfig parse(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw ApiException.badRequest("config must be an object");
        }
        ObjectNode json = ((ObjectNode) node).deepCopy();
        requiredText(json, "appId", "config.appId");
        JsonNode rate = json.get("rateLimit");
        if (!isIntegerIn(rate, 1, 100)) {
            throw ApiException.badRequest("config.rateLimit is required and must be an integer from 1 to 100");
        }
        if (json.has("apiKey") && !json.get("apiKey").isString()) {
            throw ApiException.badRequest("config.apiKey must be a string");
        }
        String prefix = optionalText(json, "indexPrefix");
        optionalText(json, "schedule");
        int maxUrls = optionalInt(json, "maxUrls", 1, Integer.MAX_VALUE, MAX_PAGES);
        int maxDepth = optionalInt(json, "maxDepth", 1, 100, 0);
        List<String> startUrls = urls(json, "startUrls");
        List<String> extraUrls = urls(json, "extraUrls");
        List<String> sitemaps = urls(json, "sitemaps");
        PatternBudget budget = new PatternBudget();
        List<Glob> exclusions = globs(json, "exclusionPatterns", "config.exclusionPatterns", true, budget);
        List<Glob> ignored = globs(json, "ignoreQueryParams", "config.ignoreQueryParams", false, budget);
        JsonNode actionsNode = json.get("actions");
        if (actionsNode == null || !actionsNode.isArray() || actionsNode.isEmpty() || actionsNode.size() > 30) {
            throw ApiException.badRequest("config.actions is required and must hold from 1 to 30 actions");
        }
        List<Action> actions = new ArrayList<>();
        for (int i = 0; i < actionsNode.size(); i++) {
            actions.add(action(actionsNode.get(i), i, prefix == null ? "" : prefix, budget));
        }
        requireNoTemporaryIndexWritten(actions, prefix == null ? "" : prefix);
        double maxLost = -1;
        JsonNode lost = json.path("safetyChecks").path("beforeIndexPublishing").path("maxLostRecordsPercentage");
        if (!lost.isMissingNode()) {
            if (!lost.isNumber() || lost.asDouble() < 0 || lost.asDouble() > 100) {
                throw ApiException.badRequest(
                        "config.safetyChecks.beforeIndexPublishing.maxLostRecordsPercentage must be from 0 to 100");
            }
            maxLost = lost.asDouble();
        }
        return new CrawlerConfig(
                json,
                prefix == null ? "" : prefix,
                startUrls,
                extraUrls,
                sitemaps,
                exclusions,
                ignored,
                Math.min(maxUrls, MAX_PAGES),
                maxDepth,
                List.copyOf(actions),
                maxLost);
    }

    /**
     * {@return the index it writes to, prefix included}
     *
     * @param action an action
     */
    String indexOf(Action action) {
        return indexPrefix + action.indexName();
    }

    /** {@return the live indices its actions write, prefix included} */
    Set<String> liveIndices() {
        Set<String> indices = new LinkedHashSet<>();
        actions.forEach(action -> indices.add(indexOf(action)));
        return indices;
    }

    /** {@return the configuration with the top-level members of {@code changes} replacing its own} */
    CrawlerConfig merged(ObjectNode changes) {
        ObjectNode copy = json.deepCopy();
        for (Map.Entry<String, JsonNode> member : changes.properties()) {
            copy.set(member.getKey(), member.getValue().deepCopy());
        }
        return parse(copy);
    }

    private static Action action(JsonNode node, int position, String prefix, PatternBudget budget) {
        String where = "config.actions[" + position + "]";
        if (!node.isObject()) {
            throw ApiException.badRequest(where + " must be an object");
        }
        String indexName = requiredText(node, "indexName", where + ".indexName");
        requireWritableIndex(prefix + indexName, where + ".indexName");
        JsonNode extractor = node.get("recordExtractor");
        if (extractor == null || !extractor.isObject()) {
            throw ApiException.badRequest(where + ".recordExtractor is required and must be an object");
        }
        JsonNode type = extractor.get("__type");
        if (type == null || !type.isString() || !type.stringValue().equals("function")) {
            throw ApiException.badRequest(where + ".recordExtractor.__type is required and must be \"function\"");
        }
        JsonNode source = extractor.get("source");
        if (source == null || !source.isString()) {
            throw ApiException.badRequest(where + ".recordExtractor.source is required and must be a string");
        }
        List<String> selectors = strings(node, "selectorsToMatch", where + ".selectorsToMatch");
        for (String selector : selectors) {
            String css = selector.startsWith("!") ? selector.substring(1) : selector;
            String problem = SelectorLimits.problem(css);
            if (problem != null) {
                throw ApiException.badRequest(
                        where + ".selectorsToMatch: CSS selector " + quoted(selector) + " refused: " + problem);
            }
            try {
                QueryParser.parse(css);
            } catch (Selector.SelectorParseException | IllegalArgumentException e) {
                throw ApiException.badRequest(where + ".selectorsToMatch: invalid CSS selector " + quoted(selector));
            }
        }
        List<String> types = strings(node, "fileTypesToMatch", where + ".fileTypesToMatch");
        Set<String> fileTypes = types.isEmpty()
                ? DEFAULT_FILE_TYPES
                : Set.copyOf(types.stream().map(t -> t.toLowerCase(Locale.ROOT)).toList());
        List<Glob> paths = globs(node, "pathsToMatch", where + ".pathsToMatch", true, budget);
        return new Action(position, indexName, paths, selectors, fileTypes);
    }

    /**
     * The index an action writes, and the temporary one a reindex fills, must be index names the application takes:
     * else every crawl would fail in the background, answering nothing.
     *
     * @param index the prefix and the action's index name
     * @param where the member, for the message
     * @throws ApiException 400 naming the member
     */
    private static void requireWritableIndex(String index, String where) {
        String problem = IndexNames.problem(index);
        if (problem == null && IndexNames.problem(CrawlJobs.temporaryIndex(index)) != null) {
            problem = "with the prefix and the suffix " + CrawlJobs.temporaryIndex("")
                    + " of a reindex's temporary index, it must hold at most " + IndexNames.MAX_BYTES + " bytes";
        }
        if (problem != null) {
            throw ApiException.badRequest(where + ": not a valid index name with indexPrefix: " + problem);
        }
    }

    /**
     * No action may write the temporary index a reindex fills for another's: the reindex would clear that index when
     * it starts and delete it when it ends.
     *
     * @throws ApiException 400 naming the action
     */
    private static void requireNoTemporaryIndexWritten(List<Action> actions, String prefix) {
        Map<String, Action> byIndex = new HashMap<>();
        actions.forEach(action -> byIndex.putIfAbsent(prefix + action.indexName(), action));
        for (Action action : actions) {
            Action writer = byIndex.get(CrawlJobs.temporaryIndex(prefix + action.indexName()));
            if (writer != null) {
                throw ApiException.badRequest("config.actions[" + writer.position() + "].indexName: "
                        + quoted(writer.indexName()) + " is the temporary index a reindex fills for config.actions["
                        + action.position() + "]; choose another name");
            }
        }
    }

    private static List<String> urls(JsonNode json, String name) {
        List<String> urls = strings(json, name, "config." + name);
        for (String url : urls) {
            requireHttpUrl(url, "config." + name);
        }
        return urls;
    }

    /**
     * @param url a URL
     * @param where what it is, for the message
     * @throws ApiException 400 unless it is an absolute http or https URL ({@link HttpUrls}) of at most
     *     {@value HttpUrls#MAX_LENGTH} characters
     */
    static void requireHttpUrl(String url, String where) {
        if (url.length() > HttpUrls.MAX_LENGTH) {
            throw ApiException.badRequest(where + ": a URL of " + url.length() + " characters is longer than the "
                    + HttpUrls.MAX_LENGTH + " a crawl takes");
        }
        if (HttpUrls.parse(url) == null) {
            throw ApiException.badRequest(where + ": " + quoted(url) + " is not an absolute http or https URL");
        }
    }

    private static List<String> strings(JsonNode json, String name, String where) {
        JsonNode node = json.get(name);
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray() || node.size() > MAX_LIST) {
            throw ApiException.badRequest(where + " must be an array of at most " + MAX_LIST + " strings");
        }
        List<String> values = new ArrayList<>();
        for (JsonNode item : node) {
            if (!item.isString()) {
                throw ApiException.badRequest(where + " must be an array of strings");
            }
            values.add(item.stringValue());
        }
        return List.copyOf(values);
    }

    /**
     * @param ofUrls whether the patterns are of URLs, matched against URLs as crawled: a host written in another
     *     script then stands for its ASCII form, as in the URLs ({@link HttpUrls#withAsciiHost(String)})
     */
    private static List<Glob> globs(JsonNode json, String name, String where, boolean ofUrls, PatternBudget budget) {
        List<Glob> globs = new ArrayList<>();
        for (String pattern : strings(json, name, where)) {
            if (pattern.length() > Glob.MAX_LENGTH) {
                throw ApiException.badRequest(
                        where + " holds a pattern longer than " + Glob.MAX_LENGTH + " characters");
            }
            String ascii = ofUrls ? HttpUrls.withAsciiHost(pattern) : pattern;
            Glob glob = Glob.of(ascii.length() > Glob.MAX_LENGTH ? pattern : ascii);
            budget.add(glob, where);
            globs.add(glob);
        }
        return List.copyOf(globs);
    }

    private static String requiredText(JsonNode json, String name, String where) {
        JsonNode node = json.get(name);
        if (node == null || !node.isString() || node.stringValue().isBlank()) {
            throw ApiException.badRequest(where + " is required and must be a non-empty string");
        }
        return node.stringValue();
    }

    private static String optionalText(JsonNode json, String name) {
        JsonNode node = json.get(name);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isString()) {
            throw ApiException.badRequest("config." + name + " must be a string");
        }
        return node.stringValue();
    }

    private static int optionalInt(JsonNode json, String name, int min, int max, int absent) {
        JsonNode node = json.get(name);
        if (node == null || node.isNull()) {
            return absent;
        }
        if (!isIntegerIn(node, min, max)) {
            throw ApiException.badRequest("config." + name + " must be an integer from " + min + " to " + max);
        }
        return node.asInt();
    }

    /** An integer beyond a long's range is out of range too (reading it as a long would fail, as invalid JSON). */
    private static boolean isIntegerIn(JsonNode node, long min, long max) {
        return node != null
                && node.isIntegralNumber()
                && node.canConvertToLong()
                && node.asLong() >= min
                && node.asLong() <= max;
    }

    /** {@return the value in quotes, cut to 200 characters} */
    static String quoted(String value) {
        return "'" + (value.length() > 200 ? value.substring(0, 200) + "..." : value) + "'";
    }
}
