package io.quarry.search.model;

import java.util.List;
import java.util.Objects;

/**
 * A dictionary entry: a stop word, a plural or a compound. Members that do not apply are null.
 *
 * @param objectID      the entry's ID
 * @param language      ISO code of the language
 * @param word          the word (stop word, compound)
 * @param words         declensions (plural)
 * @param decomposition the parts (compound); empty registers the word as a compound atom
 * @param state         {@code enabled} or {@code disabled} (stop word), null for the default
 * @param type          {@code custom} or {@code standard} in search answers
 */
public record DictionaryEntry(
        String objectID,
        String language,
        String word,
        List<String> words,
        List<String> decomposition,
        String state,
        String type) {

    /**
     * Validates the ID and keeps unmodifiable copies of the lists.
     *
     * @param decomposition the parts (compound); empty registers the word as a compound atom
     * @param language      ISO code of the language
     * @param objectID      the entry's ID
     * @param state         {@code enabled} or {@code disabled} (stop word), null for the default
     * @param type          {@code custom} or {@code standard} in search answers
     * @param word          the word (stop word, compound)
     * @param words         declensions (plural)
     */
    public DictionaryEntry {
        Objects.requireNonNull(objectID, "objectID");
        words = Copies.list(words);
        decomposition = Copies.list(decomposition);
    }

    /**
     * A stop word.
     *
     * @param objectID the ID
     * @param language the language
     * @param word     the word
     * @return the entry
     * @throws NullPointerException naming {@code language} or {@code word} if it is null
     */
    public static DictionaryEntry stopword(String objectID, String language, String word) {
        return new DictionaryEntry(
                objectID,
                Objects.requireNonNull(language, "language"),
                Objects.requireNonNull(word, "word"),
                null,
                null,
                null,
                null);
    }

    /**
     * A set of declensions.
     *
     * @param objectID the ID
     * @param language the language
     * @param words    the declensions
     * @return the entry
     * @throws NullPointerException naming {@code language} if it is null
     */
    public static DictionaryEntry plural(String objectID, String language, String... words) {
        return new DictionaryEntry(
                objectID,
                Objects.requireNonNull(language, "language"),
                null,
                List.of(Objects.requireNonNull(words, "words")),
                null,
                null,
                null);
    }

    /**
     * A compound word and its parts.
     *
     * @param objectID      the ID
     * @param language      the language
     * @param word          the word
     * @param decomposition the parts; none registers the word as an atom
     * @return the entry
     * @throws NullPointerException naming {@code language} or {@code word} if it is null
     */
    public static DictionaryEntry compound(String objectID, String language, String word, String... decomposition) {
        return new DictionaryEntry(
                objectID,
                Objects.requireNonNull(language, "language"),
                Objects.requireNonNull(word, "word"),
                null,
                List.of(Objects.requireNonNull(decomposition, "decomposition")),
                null,
                null);
    }

    /**
     * Sets {@code enabled}: whether the entry applies.
     *
     * @param enabled whether the entry applies
     * @return a copy with {@code state} set
     */
    public DictionaryEntry enabled(boolean enabled) {
        return new DictionaryEntry(
                objectID, language, word, words, decomposition, enabled ? "enabled" : "disabled", type);
    }
}
