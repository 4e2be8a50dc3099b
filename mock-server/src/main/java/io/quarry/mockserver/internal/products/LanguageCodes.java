package io.quarry.mockserver.internal.products;

import java.util.Locale;
import java.util.Set;

/**
 * The language codes products take where the service names languages (the answers' {@code queryLanguages}, the
 * {@code languages} of a query-suggestions configuration): two-letter ISO 639-1 codes, lower-case, such as
 * {@code en}.
 */
public final class LanguageCodes {

    private static final Set<String> TWO_LETTER = Set.of(Locale.getISOLanguages());

    private LanguageCodes() {}

    /**
     * {@return whether the service knows it}
     *
     * @param code a language code as sent
     */
    public static boolean isKnown(String code) {
        return code.length() == 2 && TWO_LETTER.contains(code);
    }
}
