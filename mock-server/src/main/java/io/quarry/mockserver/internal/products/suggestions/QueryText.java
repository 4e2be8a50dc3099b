package io.quarry.mockserver.internal.products.suggestions;

import java.util.Locale;

/** Suggestions as text: queries are compared lower-cased, trimmed, with single spaces between words. */
final class QueryText {

    private QueryText() {}

    static String normalize(String text) {
        return text == null ? "" : text.trim().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    /** {@return how many letters and digits the text has} */
    static int letters(String text) {
        return (int) text.codePoints().filter(Character::isLetterOrDigit).count();
    }

    /** {@return how many words the (normalized) text has} */
    static int words(String text) {
        return text.isEmpty() ? 0 : text.split(" ").length;
    }
}
