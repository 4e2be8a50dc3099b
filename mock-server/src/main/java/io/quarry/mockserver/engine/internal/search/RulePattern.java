package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * placeholder can recognise several values of its facet in one query. A pattern without words (empty, or
 * separators only) holds for a query without words alone, whatever its anchoring.
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
        if (parts.isEmpty()) {
            // No words (empty, or separators only): whatever the anchoring, it describes the empty query.
            return queryWords.isEmpty() ? Optional.of(List.of()) : Optional.empty();
        }
        List<FacetMatch> found = new ArrayList<>();
        boolean toEnd = anchoring.equals("is") || anchoring.equals("endsWith");
        Attempt attempt = new Attempt(queryWords, facets, toEnd);
        switch (anchoring) {
            case "is", "startsWith" -> {
                return attempt.from(0, 0, found) >= 0 ? Optional.of(found) : Optional.empty();
            }
            case "endsWith" -> {
                for (int start = 0; start <= queryWords.size(); start++) {
                    if (attempt.from(0, start, found) >= 0) {
                        return Optional.of(found);
                    }
                }
                return Optional.empty();
            }
            default -> {
                boolean matched = false;
                int start = 0;
                while (start < queryWords.size()) {
                    int end = attempt.from(0, start, found);
                    matched |= end >= 0;
                    start = end > start ? end : start + 1;
                }
                return matched ? Optional.of(found) : Optional.empty();
            }
        }
    }

    /**
     * One matching of the pattern against a query. It remembers where the rest of the pattern cannot match and
     * where each placeholder's values end, so that several placeholders over a query whose words form values of
     * many lengths take polynomial time, not one try per way of cutting the query.
     */
    private final class Attempt {

        private final List<String> words;
        private final FacetVocabulary facets;
        private final boolean toEnd;
        /** Bit {@code part * (words + 1) + at}: the parts from {@code part} on do not match at {@code at}. */
        private final BitSet failed = new BitSet();
        /** Per placeholder attribute and query word, the ends of the values starting there, longest first. */
        private final Map<String, int[][]> valueEnds = new HashMap<>();

        Attempt(List<String> words, FacetVocabulary facets, boolean toEnd) {
            this.words = words;
            this.facets = facets;
            this.toEnd = toEnd;
        }

        /**
         * Matches the parts from {@code part} on at query word {@code at}, adding placeholder matches to
         * {@code found} (and taking back those of abandoned tries).
         *
         * @return the index after the last query word matched, or -1 when the parts do not match there
         */
        int from(int part, int at, List<FacetMatch> found) {
            if (part == parts.size()) {
                return !toEnd || at == words.size() ? at : -1;
            }
            int state = part * (words.size() + 1) + at;
            if (failed.get(state)) {
                return -1;
            }
            Part current = parts.get(part);
            int matched = -1;
            if (current.attribute() == null) {
                if (at < words.size() && words.get(at).equals(current.word())) {
                    matched = from(part + 1, at + 1, found);
                }
            } else if (at < words.size()) {
                for (int end : ends(current.attribute())[at]) {
                    found.add(new FacetMatch(
                            current.attribute(), facets.value(current.attribute(), words.subList(at, end)), at, end));
                    matched = from(part + 1, end, found);
                    if (matched >= 0) {
                        break;
                    }
                    found.remove(found.size() - 1);
                }
            }
            if (matched < 0) {
                failed.set(state);
            }
            return matched;
        }

        private int[][] ends(String attribute) {
            return valueEnds.computeIfAbsent(attribute, a -> {
                int[][] ends = new int[words.size()][];
                for (int at = 0; at < words.size(); at++) {
                    List<Integer> found = new ArrayList<>();
                    for (int end = Math.min(words.size(), at + facets.longestValue(a)); end > at; end--) {
                        if (facets.value(a, words.subList(at, end)) != null) {
                            found.add(end);
                        }
                    }
                    ends[at] = found.stream().mapToInt(Integer::intValue).toArray();
                }
                return ends;
            });
        }
    }
}
