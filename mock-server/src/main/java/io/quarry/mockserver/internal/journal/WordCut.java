package io.quarry.mockserver.internal.journal;

import io.quarry.mockserver.internal.auth.KeyLength;
import java.util.function.IntUnaryOperator;

/**
 * Where the journal cuts a text it keeps the start of (a body, a path and its query): at the bound, or before the
 * word the bound falls in. The console masks the application's keys as whole words, so a key cut short would show
 * its start: a word running across the cut is left out of the start, written as it is, escapes and all ({@code %4D},
 * <code>&#92;u004d</code>, which the console reads keys through). A word longer than a key can be written is no key:
 * it is cut at the bound. How long that is follows from the longest key a user may set ({@link KeyLength}):
 * {@value #LONGEST_BODY_WORD} bytes in a body (a key of ASCII characters escaped twice, as a URL's escapes inside a
 * JSON string, or any key escaped once), {@value #LONGEST_URL_WORD} in a path or query (each character percent-encoded, up to three UTF-8 bytes each), which
 * the journal cuts at 500.
 */
final class WordCut {

    /** The longest word of a body, as written, left out whole when the cut falls in it. */
    static final int LONGEST_BODY_WORD = KeyLength.MAX_WRITTEN_IN_BODY;

    /** The longest word of a path or query, as written, left out whole when the cut falls in it. */
    static final int LONGEST_URL_WORD = KeyLength.MAX_WRITTEN;

    private WordCut() {}

    /**
     * {@return how many bytes of the body the journal keeps: all of a body within the bound, else the bound or the
     *     start of the word it falls in}
     *
     * @param body the whole body
     * @param bound the most bytes kept
     */
    static int end(byte[] body, int bound) {
        return end(body.length, bound, LONGEST_BODY_WORD, i -> body[i]);
    }

    /**
     * {@return how many characters of the text the journal keeps, as {@link #end(byte[], int)} counts bytes}
     *
     * @param text the whole text
     * @param bound the most characters kept
     * @param longestWord the longest word left out whole: {@link #LONGEST_BODY_WORD} or {@link #LONGEST_URL_WORD}
     */
    static int end(CharSequence text, int bound, int longestWord) {
        return end(text.length(), bound, longestWord, text::charAt);
    }

    private static int end(int length, int bound, int longestWord, IntUnaryOperator at) {
        if (length <= bound || bound == 0 || !inWord(at.applyAsInt(bound)) || !inWord(at.applyAsInt(bound - 1))) {
            return Math.min(length, bound);
        }
        int start = bound - 1;
        while (start > 0 && inWord(at.applyAsInt(start - 1))) {
            start--;
            if (bound - start > longestWord) {
                return bound;
            }
        }
        return start;
    }

    /**
     * {@return whether the byte or character may be part of a word as written: a letter, digit, {@code -} or
     *     {@code _} (what a key is made of) or what escapes one ({@code %}, {@code \})}
     */
    private static boolean inWord(int c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '-'
                || c == '_'
                || c == '%'
                || c == '\\';
    }
}
