package io.quarry.mockserver.engine.internal.text;

/**
 * Finding one text inside another in time linear in both lengths. {@link String#indexOf(String)} tries the part
 * at every position, so a long part that almost matches a long text everywhere (a user's query against a stored
 * ID, say) costs the product of the two lengths: minutes for a few hundred thousand characters.
 */
public final class TextSearch {

    private TextSearch() {}

    /**
     * {@return each character folded to one case, so that two texts equal but for case fold to the same string} A
     * character maps to one character, as {@link String#regionMatches(boolean, int, String, int, int)} compares
     * them, so an offset in the folded text is the same offset in the original. {@link String#toLowerCase} does
     * not keep lengths ({@code U+0130} becomes two characters).
     *
     * @param text any text
     */
    public static String foldCase(String text) {
        char[] folded = new char[text.length()];
        for (int i = 0; i < folded.length; i++) {
            folded[i] = Character.toLowerCase(Character.toUpperCase(text.charAt(i)));
        }
        return new String(folded);
    }

    /**
     * {@return where the part first occurs in the text, ignoring case as {@link #foldCase} does, or -1}
     *
     * @param text the text searched
     * @param part the text looked for; an empty part occurs at 0
     */
    public static int indexOfIgnoreCase(String text, String part) {
        String foldedPart = foldCase(part);
        int after = endOfFirst(foldedPart, foldCase(text), 0, text.length());
        return after < 0 ? -1 : after - foldedPart.length();
    }

    /**
     * {@return where the first occurrence of the part inside {@code text[from, end)} ends, or -1} Knuth-Morris-Pratt:
     * each character of the text is read a bounded number of times.
     *
     * @param part the text looked for, compared character for character; an empty part ends at {@code from}
     * @param text the text searched
     * @param from the first index searched
     * @param end the index after the last one searched
     */
    public static int endOfFirst(String part, CharSequence text, int from, int end) {
        return new Part(part).endOfFirst(text, from, end);
    }

    /** A text to look for, its table built once for any number of searches (a rule checked against many texts). */
    public static final class Part {

        private final String text;
        /** For each prefix of the text, the length of its longest proper prefix that is also its suffix. */
        private final int[] border;

        /** @param text the text looked for, compared character for character */
        public Part(String text) {
            this.text = text;
            this.border = new int[text.length()];
            int length = 0;
            for (int i = 1; i < text.length(); i++) {
                while (length > 0 && text.charAt(i) != text.charAt(length)) {
                    length = border[length - 1];
                }
                if (text.charAt(i) == text.charAt(length)) {
                    length++;
                }
                border[i] = length;
            }
        }

        /** {@return its length} */
        public int length() {
            return text.length();
        }

        /**
         * {@return where its first occurrence inside {@code searched[from, end)} ends, or -1; an empty part ends at
         * {@code from}}
         *
         * @param searched the text searched
         * @param from the first index searched
         * @param end the index after the last one searched
         */
        public int endOfFirst(CharSequence searched, int from, int end) {
            if (text.isEmpty()) {
                return from;
            }
            int matched = 0;
            for (int at = from; at < end; at++) {
                char c = searched.charAt(at);
                while (matched > 0 && text.charAt(matched) != c) {
                    matched = border[matched - 1];
                }
                if (text.charAt(matched) == c) {
                    matched++;
                }
                if (matched == text.length()) {
                    return at + 1;
                }
            }
            return -1;
        }
    }
}
