package io.quarry.mockserver.internal.products;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The language codes products take where the service names languages. The answers' {@code queryLanguages} are
 * two-letter ISO 639-1 codes, lower-case, such as {@code en}. The languages of dictionary entries, and those of a
 * query-suggestions configuration (which merges plurals as the dictionaries know them), are such a code or one
 * narrowed to a country, the language's code, {@code -} and a lower-case ISO 3166 country code, such as
 * {@code pt-br}. Three-letter forms ({@code eng}) are refused: the service lists its languages by two letters.
 */
public final class LanguageCodes {

    private static final Set<String> TWO_LETTER = Set.of(Locale.getISOLanguages());
    private static final Set<String> COUNTRIES = Stream.of(Locale.getISOCountries())
            .map(country -> country.toLowerCase(Locale.ROOT))
            .collect(Collectors.toUnmodifiableSet());

    private LanguageCodes() {}

    /**
     * {@return whether the service knows it as a two-letter code}
     *
     * @param code a language code as sent
     */
    public static boolean isKnown(String code) {
        return code.length() == 2 && TWO_LETTER.contains(code);
    }

    /**
     * {@return whether the service knows it as the language of a dictionary: a two-letter code, or one with a
     *     country ({@code pt-br})}
     *
     * @param code a language code as sent
     */
    public static boolean isKnownWithCountry(String code) {
        if (code.length() == 5 && code.charAt(2) == '-') {
            return isKnown(code.substring(0, 2)) && COUNTRIES.contains(code.substring(3));
        }
        return isKnown(code);
    }
}
