package io.quarry.search.model;

import java.util.List;
import java.util.Objects;

/**
 * A synonym of an index. Build with the
 * factories; members that do not apply to the type are null.
 *
 * @param objectID     the synonym's ID
 * @param type         its kind
 * @param synonyms     equivalent words (synonym, one-way)
 * @param input        the word that matches the others (one-way)
 * @param word         the misspelled word (alternative corrections)
 * @param corrections  the corrections (alternative corrections)
 * @param placeholder  the token, such as {@code <street>} (placeholder)
 * @param replacements what the token stands for (placeholder)
 */
public record Synonym(
        String objectID,
        SynonymType type,
        List<String> synonyms,
        String input,
        String word,
        List<String> corrections,
        String placeholder,
        List<String> replacements) {

    /**
     * Validates the ID and keeps unmodifiable copies of the lists.
     *
     * @param corrections  the corrections (alternative corrections)
     * @param input        the word that matches the others (one-way)
     * @param objectID     the synonym's ID
     * @param placeholder  the token, such as {@code <street>} (placeholder)
     * @param replacements what the token stands for (placeholder)
     * @param synonyms     equivalent words (synonym, one-way)
     * @param type         its kind
     * @param word         the misspelled word (alternative corrections)
     */
    public Synonym {
        Objects.requireNonNull(objectID, "objectID");
        synonyms = Copies.list(synonyms);
        corrections = Copies.list(corrections);
        replacements = Copies.list(replacements);
    }

    /**
     * Words equivalent to each other.
     *
     * @param objectID the ID
     * @param words    the words
     * @return the synonym
     */
    public static Synonym regular(String objectID, String... words) {
        return new Synonym(
                objectID,
                SynonymType.SYNONYM,
                List.of(Objects.requireNonNull(words, "words")),
                null,
                null,
                null,
                null,
                null);
    }

    /**
     * An input that matches other words, not the reverse.
     *
     * @param objectID the ID
     * @param input    the input word
     * @param words    the words it matches
     * @return the synonym
     * @throws NullPointerException naming {@code input} if it is null
     */
    public static Synonym oneWay(String objectID, String input, String... words) {
        return new Synonym(
                objectID,
                SynonymType.ONE_WAY_SYNONYM,
                List.of(Objects.requireNonNull(words, "words")),
                Objects.requireNonNull(input, "input"),
                null,
                null,
                null,
                null);
    }

    /**
     * A placeholder token.
     *
     * @param objectID     the ID
     * @param placeholder  the token, e.g. {@code <street>}
     * @param replacements what it stands for
     * @return the synonym
     * @throws NullPointerException naming {@code placeholder} if it is null
     */
    public static Synonym placeholder(String objectID, String placeholder, String... replacements) {
        return new Synonym(
                objectID,
                SynonymType.PLACEHOLDER,
                null,
                null,
                null,
                null,
                Objects.requireNonNull(placeholder, "placeholder"),
                List.of(Objects.requireNonNull(replacements, "replacements")));
    }

    /**
     * Corrections of a word, counted as one typo.
     *
     * @param objectID    the ID
     * @param word        the word
     * @param corrections its corrections
     * @return the synonym
     * @throws NullPointerException naming {@code word} if it is null
     */
    public static Synonym altCorrection1(String objectID, String word, String... corrections) {
        return alternativeCorrections(objectID, SynonymType.ALT_CORRECTION_1, word, corrections);
    }

    /**
     * Corrections of a word, counted as two typos.
     *
     * @param objectID    the ID
     * @param word        the word
     * @param corrections its corrections
     * @return the synonym
     * @throws NullPointerException naming {@code word} if it is null
     */
    public static Synonym altCorrection2(String objectID, String word, String... corrections) {
        return alternativeCorrections(objectID, SynonymType.ALT_CORRECTION_2, word, corrections);
    }

    private static Synonym alternativeCorrections(
            String objectID, SynonymType type, String word, String... corrections) {
        return new Synonym(
                objectID,
                type,
                null,
                null,
                Objects.requireNonNull(word, "word"),
                List.of(Objects.requireNonNull(corrections, "corrections")),
                null,
                null);
    }
}
