package io.quarry.core.spi;

import java.nio.charset.StandardCharsets;

/** Percent-encoding for text a module builds into a URL-style string itself (search parameters, key restrictions). */
public final class UrlEncoding {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private UrlEncoding() {}

    /**
     * Percent-encodes text as UTF-8, keeping only the unreserved characters of RFC 3986 ({@code A-Z a-z 0-9 - . _ ~}).
     *
     * @param text the text
     * @return the encoded text
     */
    public static String percentEncode(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if ((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '.'
                    || c == '_'
                    || c == '~') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return out.toString();
    }
}
