package io.quarry.mockserver.engine;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The application's language dictionaries as the engine uses them, by language code: stop words (for
 * {@code removeStopWords}), plural groups (for {@code ignorePlurals}) and compounds (for decompounding the query:
 * a word with parts splits into them; a word without parts is an atom the splitter may use). Words are normalised
 * like indexed text. Immutable.
 *
 * @param stopWords language to its stop words
 * @param plurals language to its groups of declensions of one word
 * @param compounds language to compound word to its parts (empty parts for an atom)
 */
public record LanguageDictionaries(
        Map<String, Set<String>> stopWords,
        Map<String, List<Set<String>>> plurals,
        Map<String, Map<String, List<String>>> compounds) {

    /** No dictionary at all. */
    public static final LanguageDictionaries NONE = new LanguageDictionaries(Map.of(), Map.of(), Map.of());

    /**
     * Copies the maps and what they hold, so no caller's collection is shared. Dictionaries are built when the
     * application's dictionaries change, never per search; the unmodifiable collections {@link #normalised} builds
     * are kept as they are ({@code copyOf} returns them): only the maps and the lists of groups are built again.
     *
     * @param stopWords language to its stop words
     * @param plurals   language to its groups of equivalent forms
     * @param compounds language to compound word to its parts
     */
    public LanguageDictionaries {
        stopWords = copyValues(stopWords, Set::copyOf);
        plurals = copyValues(plurals, groups -> groups.stream().map(Set::copyOf).toList());
        compounds = copyValues(compounds, splits -> copyValues(splits, List::copyOf));
    }

    /** An unmodifiable copy of a map whose values are copied by {@code copy}. */
    private static <V> Map<String, V> copyValues(Map<String, V> map, UnaryOperator<V> copy) {
        Map<String, V> copied = new HashMap<>();
        map.forEach((key, value) -> copied.put(key, copy.apply(value)));
        return Map.copyOf(copied);
    }

    /**
     * {@return the dictionaries with every word normalised (stop words, declensions and compound words that are not
     *     one word are dropped; a part of a decomposition that is several words stands for them)}
     *
     * @param stopWords language to stop words, as entered
     * @param plurals language to groups of declensions, as entered
     * @param compounds language to compound word to parts, as entered
     */
    public static LanguageDictionaries normalised(
            Map<String, ? extends Collection<String>> stopWords,
            Map<String, ? extends Collection<? extends Collection<String>>> plurals,
            Map<String, ? extends Map<String, ? extends Collection<String>>> compounds) {
        Map<String, Set<String>> stops = new LinkedHashMap<>();
        stopWords.forEach((language, words) -> stops.put(language, Set.copyOf(words(words))));
        Map<String, List<Set<String>>> groups = new LinkedHashMap<>();
        plurals.forEach((language, declensions) -> {
            List<Set<String>> list = new ArrayList<>();
            for (Collection<String> group : declensions) {
                Set<String> words = words(group);
                if (words.size() > 1) {
                    list.add(Set.copyOf(words));
                }
            }
            groups.put(language, List.copyOf(list));
        });
        Map<String, Map<String, List<String>>> splits = new LinkedHashMap<>();
        compounds.forEach((language, entries) -> {
            Map<String, List<String>> map = new LinkedHashMap<>();
            entries.forEach((word, parts) -> {
                String compound = word(word);
                if (compound != null) {
                    map.put(compound, parts(parts));
                }
            });
            splits.put(language, Map.copyOf(map));
        });
        return new LanguageDictionaries(stops, groups, splits);
    }

    private static Set<String> words(Collection<String> texts) {
        Set<String> words = new LinkedHashSet<>();
        for (String text : texts) {
            String word = word(text);
            if (word != null) {
                words.add(word);
            }
        }
        return words;
    }

    /** A decomposition's words in order, a part repeated as often as it is listed ("couscous" is cous, cous). */
    private static List<String> parts(Collection<String> texts) {
        List<String> words = new ArrayList<>();
        for (String text : texts) {
            words.addAll(Tokenizer.terms(text));
        }
        return List.copyOf(words);
    }

    private static String word(String text) {
        List<String> terms = Tokenizer.terms(text);
        return terms.size() == 1 ? terms.get(0) : null;
    }
}
