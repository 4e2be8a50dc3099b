package io.quarry.mockserver.internal.auth;

import java.util.Locale;

/**
 * Tells a parameter name under which a caller meant to send a key: the value of such a parameter is masked wherever
 * the server shows a request again, whether it is a key or not (a mistyped name carries a key the server cannot
 * recognise: a wrong one, or another application's).
 */
final class KeyNames {

    /** The names a key is sent under, letters only: the service's parameter and the common short form. */
    private static final String[] KEY_NAMES = {"xserviceapikey", "apikey"};

    /** The most letters a name may differ by and still be a mistyped key name ({@code kye} for {@code key}). */
    private static final int TYPOS = 2;

    /** Longer names are no key name, and are not compared letter by letter. */
    private static final int LONGEST = 64;

    private KeyNames() {}

    /**
     * {@return whether the name says it holds a key: its letters, case aside, contain {@code key}, or are at most two
     * letters away from those of {@code x-service-api-key} or {@code apiKey}}
     *
     * @param name a decoded parameter name
     */
    static boolean looksLikeKey(String name) {
        if (name.length() > LONGEST) {
            return false;
        }
        StringBuilder letters = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isLetter(c)) {
                letters.append(c);
            }
        }
        String plain = letters.toString().toLowerCase(Locale.ROOT);
        if (plain.contains("key")) {
            return true;
        }
        for (String keyName : KEY_NAMES) {
            if (distance(plain, keyName) <= TYPOS) {
                return true;
            }
        }
        return false;
    }

    /** {@return the Levenshtein distance of the two texts} */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
