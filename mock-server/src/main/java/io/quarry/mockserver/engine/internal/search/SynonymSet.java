package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The synonyms of an index, by normalised input word: regular synonyms ({@code type: synonym}) make every member
 * of the group an alternative of every other; one-way synonyms ({@code type: oneWaySynonym}, also spelled
 * {@code onewaysynonym}) make the listed
 * synonyms alternatives of {@code input} only; alternative corrections ({@code altCorrection1},
 * {@code altCorrection2}, also spelled {@code altcorrection1}, {@code altcorrection2}) make each correction match
 * {@code word} as if with one or two typos (never when typos are off); placeholders ({@code type: placeholder}) make
 * each of their {@code replacements} match the words of the {@code placeholder} (written {@code <street>} in
 * records, whose angle brackets separate words as any punctuation does, so the record word is {@code street}).
 */
public final class SynonymSet {

    /**
     * The regular synonym groups (each its distinct members, at least two) each input is in. A group is kept
     * once, not as every pair of its members: a group of n members would be n² pairs, and a search builds this.
     */
    private final Map<String, List<List<List<String>>>> groups = new HashMap<>();
    /** The one-way alternatives of each input, without repeats. */
    private final Map<String, Set<List<String>>> oneWay = new HashMap<>();

    private final Map<String, Map<String, Integer>> corrections = new LinkedHashMap<>();
    private int longestInput;

    /** @param synonyms the synonym objects as saved */
    public SynonymSet(List<ObjectNode> synonyms) {
        this(synonyms, Tokenizer::terms);
    }

    /**
     * Package-private so a test can count how often the synonyms' words are read.
     *
     * @param synonyms the synonym objects as saved
     * @param terms the normalised words of a text
     */
    SynonymSet(List<ObjectNode> synonyms, Function<String, List<String>> terms) {
        for (ObjectNode synonym : synonyms) {
            String type = synonym.path("type").asString("");
            Set<List<String>> members = new LinkedHashSet<>();
            for (JsonNode member : synonym.path("synonyms")) {
                List<String> words = terms.apply(member.asString(""));
                if (!words.isEmpty()) {
                    members.add(words);
                }
            }
            if (type.equals("synonym")) {
                if (members.size() > 1) {
                    List<List<String>> group = List.copyOf(members);
                    for (List<String> input : group) {
                        groups.computeIfAbsent(key(input), k -> new ArrayList<>())
                                .add(group);
                        longestInput = Math.max(longestInput, input.size());
                    }
                }
            } else if (type.equals("oneWaySynonym") || type.equals("onewaysynonym")) {
                List<String> input = terms.apply(synonym.path("input").asString(""));
                members.remove(input);
                if (!input.isEmpty() && !members.isEmpty()) {
                    oneWay.computeIfAbsent(key(input), k -> new LinkedHashSet<>())
                            .addAll(members);
                    longestInput = Math.max(longestInput, input.size());
                }
            } else if (type.equals("placeholder")) {
                addPlaceholder(synonym, terms);
            } else if (type.equalsIgnoreCase("altCorrection1") || type.equalsIgnoreCase("altCorrection2")) {
                int typos = type.endsWith("1") ? 1 : 2;
                String word = String.join(" ", terms.apply(synonym.path("word").asString("")));
                for (JsonNode correction : synonym.path("corrections")) {
                    List<String> words = terms.apply(correction.asString(""));
                    if (!word.isEmpty() && words.size() == 1) {
                        corrections
                                .computeIfAbsent(word, k -> new LinkedHashMap<>())
                                .merge(words.get(0), typos, Math::min);
                    }
                }
            }
        }
    }

    /**
     * A placeholder stands in records for any of its replacements: each replacement, in a query, matches the
     * placeholder's words, one way (the placeholder in a query matches only itself).
     */
    private void addPlaceholder(ObjectNode synonym, Function<String, List<String>> terms) {
        List<String> placeholder = terms.apply(synonym.path("placeholder").asString(""));
        if (placeholder.isEmpty()) {
            return;
        }
        for (JsonNode replacement : synonym.path("replacements")) {
            List<String> input = terms.apply(replacement.asString(""));
            if (!input.isEmpty() && !input.equals(placeholder)) {
                oneWay.computeIfAbsent(key(input), k -> new LinkedHashSet<>()).add(placeholder);
                longestInput = Math.max(longestInput, input.size());
            }
        }
    }

    private static String key(List<String> words) {
        return String.join(" ", words);
    }

    /**
     * {@return whether they have alternatives}
     *
     * @param words one or more consecutive normalised query words
     */
    public boolean hasAlternatives(List<String> words) {
        String key = key(words);
        return groups.containsKey(key) || oneWay.containsKey(key);
    }

    /**
     * {@return their alternatives (each a list of words, none twice), empty when none}
     *
     * @param words one or more consecutive normalised query words
     */
    public List<List<String>> alternativesOf(List<String> words) {
        String key = key(words);
        Set<List<String>> alternatives = new LinkedHashSet<>();
        for (List<List<String>> group : groups.getOrDefault(key, List.of())) {
            alternatives.addAll(group);
        }
        alternatives.remove(words);
        alternatives.addAll(oneWay.getOrDefault(key, Set.of()));
        return List.copyOf(alternatives);
    }

    /**
     * {@return its alternative corrections, each with the typos it counts as (1 or 2); empty when none}
     *
     * @param word a normalised query word
     */
    public Map<String, Integer> correctionsOf(String word) {
        return corrections.getOrDefault(word, Map.of());
    }

    /** {@return the longest input, in words (bounds the multi-word lookups)} */
    public int longestInput() {
        return longestInput;
    }
}
