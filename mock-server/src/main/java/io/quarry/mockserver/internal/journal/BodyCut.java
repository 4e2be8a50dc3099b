package io.quarry.mockserver.internal.journal;

/**
 * Where the journal cuts a body it keeps the start of: at the bound, or before the word the bound falls in. The
 * console masks the application's keys as whole words, so a key cut short would show its start: a word running
 * across the cut is left out of the start, written as it is, escapes and all ({@code %4D}, <code>&#92;u004d</code>,
 * which the console reads keys through). A word longer than {@value #LONGEST_WORD} bytes as written (a key of 256
 * characters, each written as a six-character escape) is no key: it is cut at the bound.
 */
final class BodyCut {

    /** The longest word, as written, left out whole when the cut falls in it. */
    static final int LONGEST_WORD = 1_536;

    private BodyCut() {}

    /**
     * {@return how many bytes of the body the journal keeps: all of a body within the bound, else the bound or the
     *     start of the word it falls in}
     *
     * @param body the whole body
     * @param bound the most bytes kept
     */
    static int end(byte[] body, int bound) {
        if (body.length <= bound || !inWord(body[bound]) || !inWord(body[bound - 1])) {
            return Math.min(body.length, bound);
        }
        int start = bound - 1;
        while (start > 0 && inWord(body[start - 1])) {
            start--;
            if (bound - start > LONGEST_WORD) {
                return bound;
            }
        }
        return start;
    }

    /**
     * {@return whether the byte may be part of a word as written: a letter, digit, {@code -} or {@code _} (what a key
     *     is made of) or what escapes one ({@code %}, {@code \})}
     */
    private static boolean inWord(byte b) {
        return (b >= 'a' && b <= 'z')
                || (b >= 'A' && b <= 'Z')
                || (b >= '0' && b <= '9')
                || b == '-'
                || b == '_'
                || b == '%'
                || b == '\\';
    }
}
