package io.quarry.search.model;

import java.util.List;

/**
 * The highlighted or snippeted form of one attribute value.
 *
 * @param value            the value with matches wrapped in the highlight tags
 * @param matchLevel       {@code none}, {@code partial} or {@code full} (absent in snippets)
 * @param matchedWords     the query words that matched
 * @param fullyHighlighted whether the whole value is highlighted
 */
public record HighlightResult(String value, String matchLevel, List<String> matchedWords, Boolean fullyHighlighted) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param value see the record description
     * @param matchLevel see the record description
     * @param matchedWords see the record description
     * @param fullyHighlighted see the record description
     */
    public HighlightResult {
        matchedWords = Copies.list(matchedWords);
    }
}
