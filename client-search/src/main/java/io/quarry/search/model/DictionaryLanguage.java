package io.quarry.search.model;

/**
 * The custom entry counts of one language; a null member means the dictionary is unsupported there.
 *
 * @param plurals   plurals, or null
 * @param stopwords stop words, or null
 * @param compounds compounds, or null
 */
public record DictionaryLanguage(CustomEntries plurals, CustomEntries stopwords, CustomEntries compounds) {

    /**
     * A count of custom entries.
     *
     * @param nbCustomEntries the count; 0 means standard entries only
     */
    public record CustomEntries(long nbCustomEntries) {}
}
