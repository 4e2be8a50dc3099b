package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.LanguageDictionaries;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * What the language dictionaries do to one search's query words, given its {@code removeStopWords},
 * {@code ignorePlurals}, {@code queryLanguages} and {@code decompoundQuery}. {@code true} for the first two means
 * the {@code queryLanguages}, or every language when those are not set; a list names the languages. Decompounding
 * (on unless {@code decompoundQuery} is false) uses the compounds of the {@code queryLanguages}, or of every
 * language when those are not set.
 */
public final class QueryLanguages {

    private final Set<String> stopWords = new LinkedHashSet<>();
    private final List<Set<String>> pluralGroups = new ArrayList<>();
    private final List<Map<String, List<String>>> compounds = new ArrayList<>();

    /**
     * {@return what the dictionaries do to this search's query}
     *
     * @param options the effective options, carrying the dictionaries
     */
    public static QueryLanguages of(SearchOptions options) {
        List<String> queryLanguages = options.list("queryLanguages");
        List<String> stopWords = languages(options, "removeStopWords", queryLanguages);
        List<String> plurals = languages(options, "ignorePlurals", queryLanguages);
        return new QueryLanguages(
                options.dictionaries(),
                stopWords,
                stopWords == null || !stopWords.isEmpty(),
                plurals,
                plurals == null || !plurals.isEmpty(),
                queryLanguages,
                options.bool("decompoundQuery", true));
    }

    /** {@return the languages a true-or-list parameter names: {@code null} for every language, empty for none} */
    private static List<String> languages(SearchOptions options, String name, List<String> queryLanguages) {
        JsonNode value = options.value(name);
        if (value == null) {
            return List.of();
        }
        if (value.isBoolean()
                || (value.isString()
                        && (value.asString().equals("true") || value.asString().equals("false")))) {
            return RequestParams.toBool(name, value) ? queryLanguages : List.of();
        }
        return RequestParams.toStringList(name, value);
    }

    /**
     * @param dictionaries the application's dictionaries
     * @param removeStopWords the languages whose stop words are removed; {@code null} for every language
     * @param stopWordsOn whether stop words are removed at all
     * @param ignorePlurals the languages whose plurals are equivalent; {@code null} for every language
     * @param pluralsOn whether plurals are equivalent at all
     * @param compoundLanguages the languages whose compounds split; {@code null} for every language
     * @param decompound whether query words are decompounded at all
     */
    public QueryLanguages(
            LanguageDictionaries dictionaries,
            List<String> removeStopWords,
            boolean stopWordsOn,
            List<String> ignorePlurals,
            boolean pluralsOn,
            List<String> compoundLanguages,
            boolean decompound) {
        if (stopWordsOn) {
            dictionaries.stopWords().forEach((language, words) -> {
                if (removeStopWords == null || removeStopWords.contains(language)) {
                    stopWords.addAll(words);
                }
            });
        }
        if (pluralsOn) {
            dictionaries.plurals().forEach((language, groups) -> {
                if (ignorePlurals == null || ignorePlurals.contains(language)) {
                    pluralGroups.addAll(groups);
                }
            });
        }
        if (decompound) {
            dictionaries.compounds().forEach((language, map) -> {
                if (compoundLanguages == null || compoundLanguages.contains(language)) {
                    compounds.add(map);
                }
            });
        }
    }

    /**
     * Stop words are removed from the query, except the last word while it is being typed (it may be the prefix
     * of another word), words of exact phrases, and all of them when nothing else would remain.
     *
     * @param text the parsed query
     * @return the positions of the segments removed
     */
    Set<Integer> stopWordPositions(QueryText text) {
        Set<Integer> removed = new LinkedHashSet<>();
        int count = text.segments().size();
        boolean otherWords = false;
        for (int i = 0; i < count; i++) {
            boolean open = i == count - 1 && text.lastWordOpen();
            if (!text.phrase().get(i)
                    && !open
                    && stopWords.contains(text.segments().get(i).get(0))) {
                removed.add(i);
            } else {
                otherWords = true;
            }
        }
        return otherWords ? removed : Set.of();
    }

    /**
     * {@return them with its other declensions from the plural dictionaries (matching exactly)}
     *
     * @param word a normalised query word
     * @param terms the terms it matches so far
     */
    Map<String, TermMatch> withPluralForms(String word, Map<String, TermMatch> terms) {
        Set<String> forms = pluralForms(word);
        if (forms.isEmpty()) {
            return terms;
        }
        Map<String, TermMatch> extended = new HashMap<>(terms);
        forms.forEach(form -> extended.merge(form, new TermMatch(0, false, form.length()), TermMatch::better));
        return extended;
    }

    private Set<String> pluralForms(String word) {
        Set<String> forms = new LinkedHashSet<>();
        for (Set<String> group : pluralGroups) {
            if (group.contains(word)) {
                forms.addAll(group);
            }
        }
        forms.remove(word);
        return forms;
    }

    /**
     * {@return the parts it splits into (a listed decomposition, else a split into known atoms and parts), or an
     *     empty list when it does not split}
     *
     * @param word a normalised query word
     */
    public List<String> decomposition(String word) {
        for (Map<String, List<String>> map : compounds) {
            List<String> parts = map.get(word);
            if (parts != null && !parts.isEmpty()) {
                return parts;
            }
        }
        Set<String> atoms = new LinkedHashSet<>();
        for (Map<String, List<String>> map : compounds) {
            map.forEach((compound, parts) -> {
                if (parts.isEmpty()) {
                    atoms.add(compound);
                } else {
                    atoms.addAll(parts);
                }
            });
        }
        List<String> split = split(word, atoms);
        return split != null && split.size() > 1 ? split : List.of();
    }

    /**
     * Splits a word into known atoms, preferring the fewest parts; {@code null} when it cannot. Only parts as long
     * as the longest atom are tried at each position, so the work grows linearly with the word's length.
     * Package-private so a test can count the lookups in {@code atoms}.
     */
    static List<String> split(String word, Set<String> atoms) {
        int longestAtom = 0;
        for (String atom : atoms) {
            longestAtom = Math.max(longestAtom, atom.length());
        }
        int n = word.length();
        int[] parts = new int[n + 1];
        int[] previous = new int[n + 1];
        java.util.Arrays.fill(parts, Integer.MAX_VALUE);
        parts[0] = 0;
        for (int end = 1; end <= n; end++) {
            for (int start = Math.max(0, end - longestAtom); start < end; start++) {
                if (parts[start] != Integer.MAX_VALUE
                        && parts[start] + 1 < parts[end]
                        && atoms.contains(word.substring(start, end))) {
                    parts[end] = parts[start] + 1;
                    previous[end] = start;
                }
            }
        }
        if (parts[n] == Integer.MAX_VALUE) {
            return null;
        }
        java.util.LinkedList<String> split = new java.util.LinkedList<>();
        for (int end = n; end > 0; end = previous[end]) {
            split.addFirst(word.substring(previous[end], end));
        }
        return List.copyOf(split);
    }
}
