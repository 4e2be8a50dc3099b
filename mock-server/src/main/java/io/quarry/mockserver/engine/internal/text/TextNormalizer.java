package io.quarry.mockserver.engine.internal.text;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/** Folds case and accents so that "Élan" and "elan" compare equal. */
public final class TextNormalizer {

    private static final Pattern COMBINING_MARKS = Pattern.compile("\\p{M}+");

    private TextNormalizer() {}

    /**
     * {@return the text lowercased with its accents removed}
     *
     * @param text any text
     */
    public static String normalize(String text) {
        if (isPlainAscii(text)) {
            return text.toLowerCase(Locale.ROOT);
        }
        String decomposed = Normalizer.normalize(text, Normalizer.Form.NFD);
        return COMBINING_MARKS.matcher(decomposed).replaceAll("").toLowerCase(Locale.ROOT);
    }

    private static boolean isPlainAscii(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
