package io.quarry.mockserver.engine.internal.text;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Singular and plural forms of an English word by the regular rules (cat/cats, box/boxes, city/cities), for
 * {@code ignorePlurals}. Irregular plurals (child/children) are not known.
 */
public final class EnglishPlurals {

    private static final int MIN_LENGTH = 3;

    private EnglishPlurals() {}

    /**
     * {@return its other regular forms (never the word itself); empty for words under three letters}
     *
     * @param word a normalised word
     */
    public static Set<String> forms(String word) {
        Set<String> forms = new LinkedHashSet<>();
        if (word.length() < MIN_LENGTH || !word.chars().allMatch(Character::isLetter)) {
            return forms;
        }
        if (word.endsWith("ies") && word.length() > 4) {
            forms.add(word.substring(0, word.length() - 3) + "y");
        } else if (word.endsWith("es") && endsWithSibilant(word.substring(0, word.length() - 2))) {
            forms.add(word.substring(0, word.length() - 2));
        } else if (word.endsWith("s") && !word.endsWith("ss")) {
            forms.add(word.substring(0, word.length() - 1));
        } else if (word.endsWith("y") && word.length() > 3 && !isVowel(word.charAt(word.length() - 2))) {
            forms.add(word.substring(0, word.length() - 1) + "ies");
        } else if (endsWithSibilant(word)) {
            forms.add(word + "es");
        } else {
            forms.add(word + "s");
        }
        return forms;
    }

    private static boolean endsWithSibilant(String word) {
        return word.endsWith("s")
                || word.endsWith("x")
                || word.endsWith("z")
                || word.endsWith("ch")
                || word.endsWith("sh");
    }

    private static boolean isVowel(char c) {
        return "aeiou".indexOf(c) >= 0;
    }
}
