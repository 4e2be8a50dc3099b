package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The synonyms of an index, by normalised input word: regular synonyms ({@code type: synonym}) make every member
 * of the group an alternative of every other; one-way synonyms ({@code type: oneWaySynonym}, also spelled
 * {@code onewaysynonym}) make the listed
 * synonyms alternatives of {@code input} only; alternative corrections ({@code altCorrection1},
 * {@code altCorrection2}, also spelled {@code altcorrection1}, {@code altcorrection2}) make each correction match
 * {@code word} as if with one or two typos. Placeholders are stored but not applied.
 */
public final class SynonymSet {

    private final Map<String, List<List<String>>> alternatives = new LinkedHashMap<>();
    private final Map<String, Map<String, Integer>> corrections = new LinkedHashMap<>();

    /** @param synonyms the synonym objects as saved */
    public SynonymSet(List<ObjectNode> synonyms) {
        for (ObjectNode synonym : synonyms) {
            String type = synonym.path("type").asString("");
            List<List<String>> members = new ArrayList<>();
            for (JsonNode member : synonym.path("synonyms")) {
                List<String> terms = Tokenizer.terms(member.asString(""));
                if (!terms.isEmpty()) {
                    members.add(terms);
                }
            }
            if (type.equals("synonym")) {
                for (List<String> input : members) {
                    for (List<String> other : members) {
                        if (!other.equals(input)) {
                            add(input, other);
                        }
                    }
                }
            } else if (type.equals("oneWaySynonym") || type.equals("onewaysynonym")) {
                List<String> input = Tokenizer.terms(synonym.path("input").asString(""));
                if (!input.isEmpty()) {
                    members.forEach(other -> add(input, other));
                }
            } else if (type.equalsIgnoreCase("altCorrection1") || type.equalsIgnoreCase("altCorrection2")) {
                int typos = type.endsWith("1") ? 1 : 2;
                String word =
                        String.join(" ", Tokenizer.terms(synonym.path("word").asString("")));
                for (JsonNode correction : synonym.path("corrections")) {
                    List<String> terms = Tokenizer.terms(correction.asString(""));
                    if (!word.isEmpty() && terms.size() == 1) {
                        corrections
                                .computeIfAbsent(word, k -> new LinkedHashMap<>())
                                .merge(terms.get(0), typos, Math::min);
                    }
                }
            }
        }
    }

    private void add(List<String> input, List<String> alternative) {
        List<List<String>> list = alternatives.computeIfAbsent(String.join(" ", input), k -> new ArrayList<>());
        if (!list.contains(alternative)) {
            list.add(alternative);
        }
    }

    /**
     * {@return their alternatives (each a list of words), empty when none}
     *
     * @param words one or more consecutive normalised query words
     */
    public List<List<String>> alternativesOf(List<String> words) {
        return alternatives.getOrDefault(String.join(" ", words), List.of());
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
        int longest = 0;
        for (String input : alternatives.keySet()) {
            longest = Math.max(longest, input.split(" ").length);
        }
        return longest;
    }
}
