package io.quarry.core.internal.base;

import java.nio.charset.StandardCharsets;

/**
 * RFC 3986 percent-encoding of text as UTF-8, keeping only the unreserved characters ({@code A-Z a-z 0-9 - . _ ~}),
 * written once for the paths and queries the core builds and the strings modules build ({@code spi.UrlEncoding}).
 * Text with a UTF-16 surrogate out of its pair has no UTF-8 form (Java's encoder writes {@code ?} in its place):
 * callers find it with {@link #unpairedSurrogateAt} and refuse it in their own words.
 */
public final class PercentEncoding {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private PercentEncoding() {}

    /**
     * Finds the first surrogate that is not part of a pair.
     *
     * @param text the text
     * @return its index, or -1 when every surrogate is paired
     */
    public static int unpairedSurrogateAt(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++; // a pair
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Encodes text whose surrogates are paired.
     *
     * @param text the text, checked with {@link #unpairedSurrogateAt}
     * @return the encoded text; the text itself when it holds only unreserved characters (nothing allocated)
     */
    public static String encodeWellFormed(String text) {
        if (isUnreserved(text)) {
            return text;
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(bytes.length + 16);
        for (byte b : bytes) {
            int c = b & 0xFF;
            if (isUnreserved(c)) {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return out.toString();
    }

    /**
     * {@return whether every character is unreserved, so that the text encodes to itself}
     *
     * @param text the text
     */
    public static boolean isUnreserved(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!isUnreserved(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isUnreserved(int c) {
        return (c >= 'A' && c <= 'Z')
                || (c >= 'a' && c <= 'z')
                || (c >= '0' && c <= '9')
                || c == '-'
                || c == '.'
                || c == '_'
                || c == '~';
    }
}
