package io.quarry.mockserver.engine.internal.text;

import java.util.regex.Pattern;

/**
 * Reads a number as filters and geo coordinates write it: decimal digits with an optional sign, point and exponent ({@code 12},
 * {@code -2.5}, {@code 1e3}). Java's other forms ({@code 5d}, {@code 0x1p3}, {@code NaN}, {@code Infinity}) are no
 * numbers here, nor is a value beyond a double's range.
 */
public final class DecimalText {

    // possessive: each run of digits is read once (with "\\d+\\.?\\d*", 40,000 digits and a letter took 34 s)
    private static final Pattern DECIMAL =
            Pattern.compile("[+-]?+(?:\\d++(?:\\.\\d*+)?+|\\.\\d++)(?:[eE][+-]?+\\d++)?+");

    private DecimalText() {}

    /**
     * {@return whether the whole text is a decimal number, of any size} Only ASCII digits: Java's number parsers
     * also take other scripts' digits.
     *
     * @param text the text, without surrounding spaces
     */
    public static boolean isDecimal(String text) {
        return matches(text);
    }

    /** {@return whether the whole text is a decimal number} Takes any text, so a test can count what is read. */
    static boolean matches(CharSequence text) {
        return DECIMAL.matcher(text).matches();
    }

    /**
     * {@return the number, or {@code null} when the text is no finite decimal number}
     *
     * @param text the text, without surrounding spaces
     */
    public static Double parse(String text) {
        if (!isDecimal(text)) {
            return null;
        }
        double number = Double.parseDouble(text);
        return Double.isFinite(number) ? number : null;
    }
}
