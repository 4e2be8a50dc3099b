package io.quarry.mockserver.internal.products.suggestions;

/**
 * A literal text to find in others, in time linear in the text searched and the needle whatever both hold. A long
 * needle is found by Knuth, Morris and Pratt's scan (the table says how far a partial match can fall back, so no
 * character is read twice): {@link String#indexOf(String)} compares again from each start, which costs the product
 * of the two lengths on texts such as {@code aaa...ab} in {@code aaa...a}. A short one, the common case, by
 * {@code indexOf}, whose cost per character searched its length bounds.
 */
final class Needle {

    /** The longest needle {@code indexOf} finds: at most this many comparisons per character searched. */
    static final int SHORT = 16;

    private final String text;
    /** For each prefix length, the length of its longest proper prefix that is also its suffix. */
    private final int[] fallback;

    Needle(String text) {
        this.text = text;
        this.fallback = new int[text.length() + 1];
        int k = 0;
        for (int i = 1; i < text.length(); i++) {
            while (k > 0 && text.charAt(i) != text.charAt(k)) {
                k = fallback[k];
            }
            if (text.charAt(i) == text.charAt(k)) {
                k++;
            }
            fallback[i + 1] = k;
        }
    }

    int length() {
        return text.length();
    }

    /**
     * {@return where the needle first starts in {@code haystack} at or after {@code from} and ends by {@code end}, or
     *     -1}
     *
     * @param haystack the text searched
     * @param from the first start allowed
     * @param end where the needle must end by (exclusive)
     */
    int in(String haystack, int from, int end) {
        if (text.isEmpty()) {
            return from <= end ? from : -1;
        }
        if (text.length() <= SHORT) {
            int found = haystack.indexOf(text, from);
            return found >= 0 && found + text.length() <= end ? found : -1;
        }
        int matched = 0;
        for (int i = from; i < end; i++) {
            char c = haystack.charAt(i);
            while (matched > 0 && c != text.charAt(matched)) {
                matched = fallback[matched];
            }
            if (c == text.charAt(matched)) {
                matched++;
            }
            if (matched == text.length()) {
                return i + 1 - matched;
            }
        }
        return -1;
    }
}
