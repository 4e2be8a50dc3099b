package io.quarry.search.model;

import java.util.Map;
import java.util.Objects;

/**
 * Which standard dictionary entries are disabled:
 * {@code {"disableStandardEntries": {"stopwords": {"fr": true}}}}.
 *
 * @param disableStandardEntries dictionary name to language to disabled
 */
public record DictionarySettings(Map<String, Map<String, Boolean>> disableStandardEntries) {

    /**
     * Keeps an unmodifiable copy of the map and of what it holds.
     *
     * @param disableStandardEntries see the record description
     */
    public DictionarySettings {
        disableStandardEntries = Copies.map(disableStandardEntries, Copies::map);
    }

    /**
     * Disables (true) or re-enables (false) the standard stop words of some languages.
     *
     * @param languages language code to disabled
     * @return the settings
     */
    public static DictionarySettings stopwords(Map<String, Boolean> languages) {
        return new DictionarySettings(Map.of("stopwords", Map.copyOf(Objects.requireNonNull(languages, "languages"))));
    }
}
