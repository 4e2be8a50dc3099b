package io.quarry.mockserver.engine.internal.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits text into words: maximal runs of letters, digits and combining marks; everything else separates words.
 * Every kind of mark belongs to its word (the vowel signs of Indic scripts, enclosing marks), as the normaliser drops
 * every kind: so two texts that normalise alike have the same words.
 */
public final class Tokenizer {

    private Tokenizer() {}

    /**
     * {@return its words in order, normalised, with their offsets in {@code text}}
     *
     * @param text any text
     */
    public static List<Token> tokens(String text) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            int cp = text.codePointAt(i);
            if (!isWordChar(cp)) {
                i += Character.charCount(cp);
                continue;
            }
            int start = i;
            while (i < n) {
                int c = text.codePointAt(i);
                if (!isWordChar(c)) {
                    break;
                }
                i += Character.charCount(c);
            }
            String term = TextNormalizer.normalize(text.substring(start, i));
            if (!term.isEmpty()) {
                tokens.add(new Token(term, start, i));
            }
        }
        return tokens;
    }

    /**
     * {@return its normalised words in order}
     *
     * @param text any text
     */
    public static List<String> terms(String text) {
        List<Token> tokens = tokens(text);
        List<String> terms = new ArrayList<>(tokens.size());
        for (Token token : tokens) {
            terms.add(token.term());
        }
        return terms;
    }

    private static boolean isWordChar(int codePoint) {
        if (Character.isLetterOrDigit(codePoint)) {
            return true;
        }
        int type = Character.getType(codePoint);
        return type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }
}
