package io.quarry.mockserver.engine.internal.search;

import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntConsumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a hit into its JSON: the retrievable attributes ({@code attributesToRetrieve} with {@code *} and
 * {@code -attr} exclusions, minus {@code unretrievableAttributes}; objectID always), then
 * {@code _highlightResult}, {@code _snippetResult} and {@code _rankingInfo} (whose {@code filters} is the hit's
 * optional filters score). When the caller's key forces {@code attributesToRetrieve}, highlights and snippets show
 * only what it retrieves: a request's {@code attributesToHighlight} would otherwise return the text of any other.
 */
public final class HitRenderer {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final int DEFAULT_SNIPPET_WORDS = 10;

    private final Retrieval retrieval;
    private final boolean retrievalForced;
    private final List<String> toHighlight;
    private final AttributePaths highlighted;
    private final AttributePaths snippeted;
    /** Attribute to snippet, and its snippets' word count; {@code *} for every top-level attribute. */
    private final Map<String, Integer> toSnippet;

    private final String preTag;
    private final String postTag;
    /** What the tags and ellipses may still add to this answer. */
    private final TagBudget tags = TagBudget.perAnswer();

    private final String ellipsis;
    private final List<String> noTypoAttributes;
    /** Each query reading by term, built on its first hit (a search's hits share a few readings). */
    private final Map<List<QueryWord>, QueryMarks> marks = new IdentityHashMap<>();

    private final boolean rankingInfo;
    private final GeoPrecision geoPrecision;
    /** Told the members each highlight and snippet walk visits. */
    private final IntConsumer memberVisits;

    /**
     * @param options the effective options
     * @param searchable the searchable attributes (the default attributes to highlight)
     * @param seeUnretrievable whether unretrievable attributes are returned anyway
     * @param retrievalForced whether the caller's key forces attributesToRetrieve
     * @param geoPrecision the geo ranking precision, for the ranking info
     */
    public HitRenderer(
            SearchOptions options,
            SearchableAttributes searchable,
            boolean seeUnretrievable,
            boolean retrievalForced,
            GeoPrecision geoPrecision) {
        this(options, searchable, seeUnretrievable, retrievalForced, geoPrecision, AttributePaths.UNCOUNTED);
    }

    /**
     * A renderer that reports the work of its walks, for a test to count.
     *
     * @param memberVisits told the member count of each object a highlight or snippet walk visits
     */
    HitRenderer(
            SearchOptions options,
            SearchableAttributes searchable,
            boolean seeUnretrievable,
            boolean retrievalForced,
            GeoPrecision geoPrecision,
            IntConsumer memberVisits) {
        this(
                options,
                highlighted(options, searchable),
                listOrEmpty(options.list("attributesToSnippet")),
                options.bool("getRankingInfo", false),
                seeUnretrievable,
                retrievalForced,
                geoPrecision,
                memberVisits);
    }

    private HitRenderer(
            SearchOptions options,
            List<String> toHighlight,
            List<String> toSnippet,
            boolean rankingInfo,
            boolean seeUnretrievable,
            boolean retrievalForced,
            GeoPrecision geoPrecision,
            IntConsumer memberVisits) {
        this.geoPrecision = geoPrecision;
        this.memberVisits = memberVisits;
        this.retrieval = new Retrieval(
                options.list("attributesToRetrieve"),
                seeUnretrievable ? null : options.list("unretrievableAttributes"));
        this.retrievalForced = retrievalForced;
        this.toHighlight = toHighlight;
        this.toSnippet = wordCounts(toSnippet);
        this.highlighted = new AttributePaths(toHighlight);
        this.snippeted = new AttributePaths(this.toSnippet.keySet());
        this.preTag = options.string("highlightPreTag", "<em>");
        this.postTag = options.string("highlightPostTag", "</em>");
        this.ellipsis = options.string("snippetEllipsisText", "\u2026");
        this.noTypoAttributes = listOrEmpty(options.list("disableTypoToleranceOnAttributes"));
        this.rankingInfo = rankingInfo;
    }

    /**
     * A renderer for browse, which returns records only: the service forces {@code attributesToHighlight} and
     * {@code attributesToSnippet} to {@code []} and {@code getRankingInfo} to false there, whatever the request says.
     *
     * @param options the effective options (for the attributes to retrieve)
     * @param seeUnretrievable whether unretrievable attributes are returned anyway
     * @return the renderer
     */
    public static HitRenderer forBrowse(SearchOptions options, boolean seeUnretrievable) {
        return new HitRenderer(
                options,
                List.of(),
                List.of(),
                false,
                seeUnretrievable,
                false,
                GeoPrecision.DEFAULT,
                AttributePaths.UNCOUNTED);
    }

    private static List<String> highlighted(SearchOptions options, SearchableAttributes searchable) {
        List<String> highlight = options.list("attributesToHighlight");
        return highlight != null ? highlight : searchable.everything() ? List.of("*") : searchable.paths();
    }

    private static List<String> listOrEmpty(List<String> list) {
        return list == null ? List.of() : list;
    }

    /**
     * {@return the hit's JSON}
     *
     * @param hit the hit
     * @param words the query reading it matched
     * @param userScore the hit's rank by custom ranking (higher is better), for the ranking info
     */
    public ObjectNode render(Hit hit, List<QueryWord> words, int userScore) {
        // One tree of our own: retrieval copies what it takes from it before it is trimmed below.
        ObjectNode visible = hit.record().copyOfSource();
        ObjectNode out = retrieval.apply(visible);
        if (retrievalForced) {
            visible = out.deepCopy();
        } else {
            retrieval.hide(visible);
        }
        if (!words.isEmpty() || !toHighlight.isEmpty()) {
            JsonNode highlights = mapText(
                    attributes(highlighted, toHighlight, visible).keep(visible, memberVisits),
                    "",
                    words,
                    this::highlight);
            if (!highlights.isEmpty()) {
                out.set("_highlightResult", highlights);
            }
        }
        if (!toSnippet.isEmpty()) {
            // One walk for every attribute: each value is cut at the word count of the name nearest above it.
            ObjectNode covered =
                    attributes(snippeted, toSnippet.keySet(), visible).keep(visible, memberVisits);
            JsonNode snippets = snippets(covered, "", toSnippet.getOrDefault("*", DEFAULT_SNIPPET_WORDS), words);
            if (!snippets.isEmpty()) {
                out.set("_snippetResult", snippets);
            }
        }
        if (rankingInfo) {
            out.set("_rankingInfo", rankingInfo(hit, userScore));
        }
        return out;
    }

    /**
     * Reads {@code attributesToSnippet}: {@code attr} or {@code attr:N}, N the words kept (at least 1, 10 when
     * absent); text after the last {@code :} that is not a number is part of the name. A later entry for the same
     * attribute wins.
     */
    private static Map<String, Integer> wordCounts(List<String> entries) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String entry : entries) {
            int colon = entry.lastIndexOf(':');
            String attribute = entry;
            int size = DEFAULT_SNIPPET_WORDS;
            if (colon >= 0) {
                try {
                    size = Math.max(
                            1, Integer.parseInt(entry.substring(colon + 1).trim()));
                    attribute = entry.substring(0, colon);
                } catch (NumberFormatException e) {
                    // Not a count: the whole entry names the attribute.
                }
            }
            counts.remove(attribute);
            counts.put(attribute, size);
        }
        return counts;
    }

    /** {@return the snippets of a value at that path, cut at the word count of the nearest name covering it} */
    private JsonNode snippets(JsonNode value, String path, int inherited, List<QueryWord> words) {
        if (value.isObject()) {
            ObjectNode out = JSON.objectNode();
            for (Map.Entry<String, JsonNode> member : value.properties()) {
                String child = AttributePaths.child(path, member.getKey());
                int size = toSnippet.getOrDefault(child, inherited);
                JsonNode rendered = snippets(member.getValue(), child, size, words);
                if (rendered != null) {
                    out.set(member.getKey(), rendered);
                }
            }
            return out;
        }
        if (value.isArray()) {
            ArrayNode out = JSON.arrayNode();
            for (JsonNode element : value) {
                JsonNode rendered = snippets(element, path, inherited, words);
                if (rendered != null) {
                    out.add(rendered);
                }
            }
            return out;
        }
        if (!value.isString() && !value.isNumber()) {
            return null;
        }
        return snippet(marked(value.asString(), path, words), inherited);
    }

    /**
     * {@return the attributes named, {@code *} standing for every top-level one of the record but objectID and
     *     _geoloc}
     *
     * @param named the names, read once per search when they hold no {@code *}
     * @param names the names
     * @param source the record
     */
    private static AttributePaths attributes(AttributePaths named, Collection<String> names, ObjectNode source) {
        if (!names.contains("*")) {
            return named;
        }
        List<String> all = new ArrayList<>();
        for (String name : source.propertyNames()) {
            if (!name.equals("objectID") && !name.equals("_geoloc")) {
                all.add(name);
            }
        }
        return new AttributePaths(all);
    }

    private JsonNode highlight(MarkedText marked) {
        ObjectNode out = JSON.objectNode();
        out.put("value", marked.highlight(preTag, postTag, tags));
        out.put("matchLevel", marked.matchLevel());
        ArrayNode matched = out.putArray("matchedWords");
        marked.matchedWords().forEach(matched::add);
        if (!marked.matchLevel().equals("none")) {
            out.put("fullyHighlighted", marked.fullyHighlighted());
        }
        return out;
    }

    private JsonNode snippet(MarkedText marked, int size) {
        ObjectNode out = JSON.objectNode();
        out.put("value", marked.snippet(size, preTag, postTag, ellipsis, tags));
        out.put("matchLevel", marked.matchLevel());
        return out;
    }

    /** {@return the text at that path with the query's matches marked, typo matches only where typos count} */
    private MarkedText marked(String text, String path, List<QueryWord> words) {
        return new MarkedText(
                text,
                marks.computeIfAbsent(words, QueryMarks::new),
                noTypoAttributes.isEmpty() || RecordMatcher.typosAllowed(noTypoAttributes, path));
    }

    /**
     * Replaces every string and number in {@code value} (at {@code path}) by {@code render} of its marked text,
     * keeping the shape of objects and arrays and dropping other scalars (highlighting and snippeting walk
     * attributes the same way).
     */
    private JsonNode mapText(
            JsonNode value, String path, List<QueryWord> words, Function<MarkedText, JsonNode> render) {
        if (value.isObject()) {
            ObjectNode out = JSON.objectNode();
            for (Map.Entry<String, JsonNode> entry : value.properties()) {
                JsonNode child = mapText(entry.getValue(), AttributePaths.child(path, entry.getKey()), words, render);
                if (child != null) {
                    out.set(entry.getKey(), child);
                }
            }
            return out;
        }
        if (value.isArray()) {
            ArrayNode out = JSON.arrayNode();
            for (JsonNode element : value) {
                JsonNode child = mapText(element, path, words, render);
                if (child != null) {
                    out.add(child);
                }
            }
            return out;
        }
        if (!value.isString() && !value.isNumber()) {
            return null;
        }
        return render.apply(marked(value.asString(), path, words));
    }

    private ObjectNode rankingInfo(Hit hit, int userScore) {
        Match match = hit.match();
        ObjectNode info = JSON.objectNode();
        info.put("nbTypos", match.typos());
        info.put("firstMatchedWord", match.firstMatchedWord());
        info.put("proximityDistance", match.proximity());
        info.put("userScore", userScore);
        info.put("geoDistance", hit.geoDistance());
        info.put("geoPrecision", geoPrecision.at(hit.geoDistance()));
        info.put("nbExactWords", match.exactWords());
        info.put("words", match.words());
        info.put("filters", hit.filtersScore());
        if (hit.geoPoint() >= 0) {
            ObjectNode location = info.putObject("matchedGeoLocation");
            location.put("lat", hit.record().latitude(hit.geoPoint()));
            location.put("lng", hit.record().longitude(hit.geoPoint()));
            location.put("distance", hit.geoDistance());
        }
        return info;
    }
}
