package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Facet values and tags made of the characters the filter syntaxes give a meaning to (quotes, backslashes, colons,
 * a leading minus, parentheses, keywords, commas) or that are hard to fold (accents, dotless i, CJK, emoji, astral
 * characters, the empty string), drawn at random into records: every way of naming a value in {@code filters},
 * {@code facetFilters} and {@code tagFilters} selects exactly the records a plain scan says hold it, and facet
 * counts and facet value search count them exactly.
 */
class AwkwardFacetValuesTest {

    private static final long SEED = 20_261_129L;

    /** Values a facet filter can name; a value starting with a backslash and a minus has no facetFilters form. */
    static final List<String> AWKWARD = List.of(
            "plain",
            "a:b",
            "key: value",
            "-lead",
            "-",
            "--",
            "a-b",
            "say \"hi\"",
            "it's",
            "'",
            "\"",
            "\"\"",
            "'quoted'",
            "\"double\"",
            "back\\slash",
            "trail\\",
            "\\",
            "\\\"",
            "two words",
            " padded ",
            "(paren)",
            ")",
            "a)b(",
            "AND",
            "OR",
            "NOT",
            "TO",
            "and",
            "x AND y",
            "NOT x",
            "a,b",
            ",",
            "\u00c9lan",
            "elan",
            "\u00c9LAN",
            "e\u0301lan",
            "\u65e5\u672c\u8a9e",
            "\u6771\u4eac \u30bf\u30ef\u30fc",
            "\ud83d\ude00",
            "\ud83d\udc4d\ud83c\udffd",
            "\ud840\udc00",
            "a\ud83d\ude00b",
            "",
            "<score=1>",
            "a<b",
            "!=",
            "=",
            "1",
            "-12",
            "\u0131",
            "I",
            "\u0130",
            "i",
            "\u017f",
            "s",
            "tab\there",
            "\u0939\u093f\u0928\u094d\u0926\u0940",
            "\u0939\u0928\u0926",
            "a\u20ddb",
            "ab");

    private static final Pattern MARKS = Pattern.compile("\\p{M}");
    private static final Map<String, String> FOLDED = new ConcurrentHashMap<>();

    private final Fixture fixture =
            new Fixture().settings("{'attributesForFaceting':['searchable(brand)','filterOnly(other)']}");
    private final List<ObjectNode> records = new ArrayList<>();
    private final Random random = new Random(SEED);

    @Test
    void everyFormOfAFilterSelectsTheRecordsAPlainScanFinds() {
        index();
        for (String value : AWKWARD) {
            Predicate<ObjectNode> holds = r -> holdsFacet(r, "brand", value);
            String quoted = "brand:" + doubleQuoted(value);
            expect(value, "filters " + quoted, filters(quoted), holds);
            expect(value, "filters single-quoted", filters("brand:" + singleQuoted(value)), holds);
            expect(value, "filters quoted whole", filters(doubleQuoted("brand:" + value)), holds);
            if (value.matches("[\\p{L}\\p{N}_.-]+")
                    && !List.of("AND", "OR", "NOT", "TO").contains(value)) {
                expect(value, "filters unquoted", filters("brand:" + value), holds);
            }
            expect(value, "filters NOT", filters("NOT " + quoted), holds.negate());
            expect(value, "facetFilters", facetFilters(json(List.of(facetFilter(value)))), holds);
            expect(value, "facetFilters negated", facetFilters(json(List.of("brand:-" + value))), holds.negate());

            String other = pick();
            String third = pick();
            Predicate<ObjectNode> either = holds.or(r -> holdsFacet(r, "brand", other));
            Predicate<ObjectNode> eitherButNotThird = either.and(r -> !holdsFacet(r, "brand", third));
            expect(value, "filters OR " + other, filters(quoted + " OR brand:" + doubleQuoted(other)), either);
            expect(
                    value,
                    "filters OR AND NOT " + other + " / " + third,
                    filters("(" + quoted + " OR brand:" + doubleQuoted(other) + ") AND NOT brand:"
                            + doubleQuoted(third)),
                    eitherButNotThird);
            expect(
                    value,
                    "facetFilters OR, negation " + other + " / " + third,
                    facetFilters(json(List.of(List.of(facetFilter(value), facetFilter(other)), "brand:-" + third))),
                    eitherButNotThird);
            expect(
                    value,
                    "facetFilters OR of a negation " + other,
                    facetFilters(json(List.of(List.of("brand:-" + value, facetFilter(other))))),
                    holds.negate().or(r -> holdsFacet(r, "brand", other)));
        }
    }

    @Test
    void tagsAreMatchedExactlyInFiltersAndTagFilters() {
        index();
        for (String tag : AWKWARD) {
            Predicate<ObjectNode> holds = r -> strings(r.get("_tags")).contains(tag);
            expect(tag, "filters _tags " + tag, filters("_tags:" + doubleQuoted(tag)), holds);
            expect(tag, "filters NOT _tags", filters("NOT _tags:" + singleQuoted(tag)), holds.negate());
            expect(tag, "tagFilters", tagFilters(json(List.of(tagFilter(tag)))), holds);
            expect(tag, "tagFilters negated", tagFilters(json(List.of("-" + tag))), holds.negate());
            String other = pick();
            expect(
                    tag,
                    "tagFilters OR " + other,
                    tagFilters(json(List.of(List.of(tagFilter(tag), tagFilter(other))))),
                    holds.or(r -> strings(r.get("_tags")).contains(other)));
        }
    }

    @Test
    void facetCountsAndFacetValueSearchCountEveryValueAsWritten() {
        index();
        Map<String, Integer> all = counts(records);
        assertThat(counts(facets(request()))).as(seeded("facets")).isEqualTo(all);
        assertThat(facetHits(""))
                .as(seeded("facet value search, empty facetQuery"))
                .isEqualTo(all);
        for (String value : AWKWARD) {
            ObjectNode filtered = request().put("filters", "brand:" + doubleQuoted(value));
            List<ObjectNode> matching =
                    records.stream().filter(r -> holdsFacet(r, "brand", value)).toList();
            assertThat(counts(facets(filtered)))
                    .as(seeded("facets under a filter on " + show(value)))
                    .isEqualTo(counts(matching));
            if (value.codePoints().anyMatch(Character::isLetterOrDigit)) {
                assertThat(facetHits(value))
                        .as(seeded("facet value search for " + show(value)))
                        .containsEntry(value, all.get(value));
            }
        }
    }

    /** Writes records holding one or two awkward brands (every value at least once) and up to two tags. */
    private void index() {
        for (int i = 0; i < AWKWARD.size() + 10; i++) {
            ObjectNode record = Fixture.JSON.createObjectNode().put("objectID", "r" + i);
            ArrayNode brands = record.putArray("brand");
            brands.add(i < AWKWARD.size() ? AWKWARD.get(i) : pick());
            if (random.nextBoolean()) {
                brands.add(pick());
            }
            ArrayNode tags = record.putArray("_tags");
            for (int t = random.nextInt(3); t > 0; t--) {
                tags.add(pick());
            }
            record.put("other", pick());
            records.add(record);
        }
        records.add(Fixture.JSON.createObjectNode().put("objectID", "none"));
        fixture.data.write(w -> {
            records.forEach(w::put);
            return null;
        });
    }

    private String pick() {
        return AWKWARD.get(random.nextInt(AWKWARD.size()));
    }

    private void expect(String value, String what, Set<String> actual, Predicate<ObjectNode> reference) {
        Set<String> expected = new TreeSet<>();
        records.stream()
                .filter(reference)
                .forEach(r -> expected.add(r.get("objectID").asString()));
        assertThat(actual).as(seeded(show(value) + ": " + what)).isEqualTo(expected);
    }

    private String seeded(String what) {
        return what + " (seed " + SEED + ")";
    }

    /** The service's facet filters ignore case and accents: compare folded texts. */
    private static boolean holdsFacet(ObjectNode record, String attribute, String value) {
        return strings(record.get(attribute)).stream().anyMatch(v -> fold(v).equals(fold(value)));
    }

    private static String fold(String text) {
        // each value is folded once: the scans fold the same few dozen values for every record and filter
        return FOLDED.computeIfAbsent(
                text,
                value -> MARKS.matcher(Normalizer.normalize(value, Normalizer.Form.NFD))
                        .replaceAll("")
                        .toLowerCase(Locale.ROOT));
    }

    private static List<String> strings(JsonNode node) {
        List<String> values = new ArrayList<>();
        if (node != null) {
            node.forEach(v -> values.add(v.asString()));
        }
        return values;
    }

    /** {@code "..."} with backslashes and double quotes escaped by a backslash. */
    static String doubleQuoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** {@code '...'} with backslashes and single quotes escaped by a backslash. */
    static String singleQuoted(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** {@code brand:value}, a leading minus escaped so that it is not read as a negation. */
    static String facetFilter(String value) {
        return "brand:" + (value.startsWith("-") ? "\\" + value : value);
    }

    static String tagFilter(String tag) {
        return tag.startsWith("-") ? "\\" + tag : tag;
    }

    private static ObjectNode request() {
        return Fixture.JSON.createObjectNode().put("hitsPerPage", 1000);
    }

    private static JsonNode json(Object value) {
        return Fixture.JSON.valueToTree(value);
    }

    private Set<String> filters(String filters) {
        return ids(request().put("filters", filters));
    }

    private Set<String> facetFilters(JsonNode facetFilters) {
        return ids(request().set("facetFilters", facetFilters));
    }

    private Set<String> tagFilters(JsonNode tagFilters) {
        return ids(request().set("tagFilters", tagFilters));
    }

    private Set<String> ids(ObjectNode request) {
        Set<String> ids = new TreeSet<>();
        search(request).get("hits").forEach(h -> ids.add(h.get("objectID").asString()));
        return ids;
    }

    private ObjectNode search(ObjectNode request) {
        return fixture.engine.search(fixture.data, fixture.config(), request, SearchContext.unrestricted("t"));
    }

    private JsonNode facets(ObjectNode request) {
        request.putArray("facets").add("brand").add("other");
        request.put("maxValuesPerFacet", 1000);
        ObjectNode response = search(request);
        assertThat(response.get("facets").has("other"))
                .as("filterOnly is not counted")
                .isFalse();
        return response.get("facets").get("brand");
    }

    private static Map<String, Integer> counts(JsonNode facet) {
        Map<String, Integer> counts = new HashMap<>();
        if (facet != null) {
            facet.properties().forEach(e -> counts.put(e.getKey(), e.getValue().asInt()));
        }
        return counts;
    }

    /** The reference: each distinct value as written, with the number of records holding it. */
    private static Map<String, Integer> counts(List<ObjectNode> records) {
        Map<String, Integer> counts = new HashMap<>();
        for (ObjectNode record : records) {
            new LinkedHashSet<>(strings(record.get("brand"))).forEach(v -> counts.merge(v, 1, Integer::sum));
        }
        return counts;
    }

    private Map<String, Integer> facetHits(String facetQuery) {
        ObjectNode request =
                Fixture.JSON.createObjectNode().put("facetQuery", facetQuery).put("maxFacetHits", 100);
        Map<String, Integer> hits = new HashMap<>();
        fixture.engine
                .searchForFacetValues(fixture.data, fixture.config(), "brand", request, SearchContext.unrestricted("t"))
                .get("facetHits")
                .forEach(h -> hits.put(h.get("value").asString(), h.get("count").asInt()));
        return hits;
    }

    private static String show(String value) {
        StringBuilder out = new StringBuilder("\"");
        value.codePoints().forEach(cp -> {
            if (cp < 0x20 || cp > 0x7e) {
                out.append(String.format("\\u{%x}", cp));
            } else {
                out.appendCodePoint(cp);
            }
        });
        return out.append('"').toString();
    }
}
