package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code pattern} of a rule condition: plain words and {@code {facet:attr}} placeholders. A plain word must
 * equal the query word at its place (both normalised by {@link Tokenizer#terms}); a placeholder stands for one or
 * more consecutive query words that together are a value of that facet ({@link FacetVocabulary}), the longest
 * such value first. Anchoring applies to the whole pattern: {@code is} covers the whole query,
 * {@code startsWith} begins at its first word, {@code endsWith} ends at its last, {@code contains} may match
 * anywhere and, as the service does, matches every non-overlapping occurrence from left to right, so one
 * placeholder can recognise several values of its facet in one query.
 */
public final class RulePattern {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{facet:([^{}]+)}");

    /**
     * A value recognised by a placeholder.
     *
     * @param attribute the placeholder's facet
     * @param value the facet value as indexed
     * @param from the index of the first query word it consumed
     * @param to the index after the last query word it consumed
     */
    public record FacetMatch(String attribute, String value, int from, int to) {}

    /** One element of a pattern: a word, or a placeholder when {@code attribute} is set. */
    private record Part(String word, String attribute) {}

    private final List<Part> parts;

    private RulePattern(List<Part> parts) {
        this.parts = parts;
    }

    /**
     * {@return it, split into words and placeholders}
     *
     * @param pattern a condition's pattern as saved
     */
    public static RulePattern parse(String pattern) {
        List<Part> parts = new ArrayList<>();
        Matcher placeholder = PLACEHOLDER.matcher(pattern);
        int last = 0;
        while (placeholder.find()) {
            addWords(parts, pattern.substring(last, placeholder.start()));
            parts.add(new Part(null, placeholder.group(1).trim()));
            last = placeholder.end();
        }
        addWords(parts, pattern.substring(last));
        return new RulePattern(parts);
    }

    private static void addWords(List<Part> parts, String text) {
        Tokenizer.terms(text).forEach(term -> parts.add(new Part(term, null)));
    }

    /**
     * {@return the placeholders' matches when the pattern holds (empty for a pattern without placeholders), or
     *     empty when it does not hold}
     *
     * @param queryWords the normalised query words
     * @param anchoring is, startsWith, endsWith or contains (anything else reads as contains)
     * @param facets the index's facet values
     */
    public Optional<List<FacetMatch>> match(List<String> queryWords, String anchoring, FacetVocabulary facets) {
        List<FacetMatch> found = new ArrayList<>();
        switch (anchoring) {
            case "is" -> {
                return matchFrom(queryWords, 0, 0, true, facets, found) >= 0 ? Optional.of(found) : Optional.empty();
            }
            case "startsWith" -> {
                return matchFrom(queryWords, 0, 0, false, facets, found) >= 0 ? Optional.of(found) : Optional.empty();
            }
            case "endsWith" -> {
                for (int start = 0; start <= queryWords.size(); start++) {
                    if (matchFrom(queryWords, 0, start, true, facets, found) >= 0) {
                        return Optional.of(found);
                    }
                }
                return Optional.empty();
            }
            default -> {
                if (parts.isEmpty()) {
                    return Optional.empty();
                }
                boolean matched = false;
                int start = 0;
                while (start < queryWords.size()) {
                    int end = matchFrom(queryWords, 0, start, false, facets, found);
                    matched |= end >= 0;
                    start = end > start ? end : start + 1;
                }
                return matched ? Optional.of(found) : Optional.empty();
            }
        }
    }

    /**
     * Matches the parts from {@code part} on at query word {@code at}, adding placeholder matches to {@code found}
     * (and taking back those of abandoned tries).
     *
     * @return the index after the last query word matched, or -1 when the parts do not match there
     */
    private int matchFrom(
            List<String> words, int part, int at, boolean toEnd, FacetVocabulary facets, List<FacetMatch> found) {
        if (part == parts.size()) {
            return !toEnd || at == words.size() ? at : -1;
        }
        Part current = parts.get(part);
        if (current.attribute() == null) {
            return at < words.size() && words.get(at).equals(current.word())
                    ? matchFrom(words, part + 1, at + 1, toEnd, facets, found)
                    : -1;
        }
        for (int end = words.size(); end > at; end--) {
            String value = facets.value(current.attribute(), words.subList(at, end));
            if (value != null) {
                found.add(new FacetMatch(current.attribute(), value, at, end));
                int matched = matchFrom(words, part + 1, end, toEnd, facets, found);
                if (matched >= 0) {
                    return matched;
                }
                found.remove(found.size() - 1);
            }
        }
        return -1;
    }
}
