package io.quarry.mockserver.engine.internal.text;

/**
 * One word of a text.
 *
 * @param term the normalised word (lowercase, accents removed)
 * @param start offset of the word's first character in the original text
 * @param end offset just after the word's last character in the original text
 */
public record Token(String term, int start, int end) {}
