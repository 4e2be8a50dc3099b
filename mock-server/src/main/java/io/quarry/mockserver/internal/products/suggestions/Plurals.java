package io.quarry.mockserver.internal.products.suggestions;

import java.util.StringJoiner;

/**
 * The singular key of a suggestion, for de-duplicating singular and plural suggestions: each word of four letters
 * or more loses a plural ending by simple English rules ({@code -ies} to {@code -y}; {@code -sses}, {@code -xes},
 * {@code -zes}, {@code -ches}, {@code -shes} lose {@code -es}; otherwise a final {@code s} not after another
 * {@code s} goes). "shoe" and "shoes", "city" and "cities", "box" and "boxes" share a
 * key. The same rule serves every language listed.
 */
final class Plurals {

    private Plurals() {}

    static String singularKey(String query) {
        StringJoiner key = new StringJoiner(" ");
        for (String word : query.split(" ")) {
            key.add(singular(word));
        }
        return key.toString();
    }

    static String singular(String word) {
        if (word.length() < 4 || !word.chars().allMatch(Character::isLetter)) {
            return word;
        }
        if (word.endsWith("ies") && word.length() > 4) {
            return word.substring(0, word.length() - 3) + "y";
        }
        for (String ending : new String[] {"sses", "xes", "zes", "ches", "shes"}) {
            if (word.endsWith(ending)) {
                return word.substring(0, word.length() - 2);
            }
        }
        if (word.endsWith("s") && !word.endsWith("ss")) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }
}
