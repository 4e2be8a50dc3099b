package io.quarry.mockserver.internal.auth;

/**
 * The syntax of a decimal number as text, checked by one scan: an optional sign, digits with an optional fraction
 * (at least one digit in all), an optional exponent. Only ASCII digits: Java's number parsers also take other
 * scripts' digits, hexadecimal ({@code 0x1p40}) and type suffixes ({@code 1e9d}), which no other implementation
 * reads as a number.
 */
final class DecimalText {

    private DecimalText() {}

    /**
     * {@return whether the whole text is a decimal number}
     *
     * @param text the text
     */
    static boolean isDecimal(String text) {
        int i = sign(text, 0);
        int integerDigits = digits(text, i);
        i += integerDigits;
        int fractionDigits = 0;
        if (i < text.length() && text.charAt(i) == '.') {
            fractionDigits = digits(text, i + 1);
            i += 1 + fractionDigits;
        }
        if (integerDigits + fractionDigits == 0) {
            return false;
        }
        if (i < text.length() && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            i = sign(text, i + 1);
            int exponentDigits = digits(text, i);
            if (exponentDigits == 0) {
                return false;
            }
            i += exponentDigits;
        }
        return i == text.length();
    }

    private static int sign(String text, int at) {
        return at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-') ? at + 1 : at;
    }

    private static int digits(String text, int from) {
        int end = from;
        while (end < text.length() && text.charAt(end) >= '0' && text.charAt(end) <= '9') {
            end++;
        }
        return end - from;
    }
}
