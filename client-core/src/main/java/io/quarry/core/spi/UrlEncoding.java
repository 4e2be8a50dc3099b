package io.quarry.core.spi;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.internal.base.Utf16;
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
     * @throws InvalidRequestException if the text has a surrogate without its pair: it has no UTF-8 form (Java's
     *     encoder would send {@code ?} in its place, another text than the caller's)
     */
    public static String percentEncode(String text) {
        int unpaired = Utf16.unpairedSurrogateAt(text);
        if (unpaired >= 0) {
            throw new InvalidRequestException("text to percent-encode has an unpaired UTF-16 surrogate at index "
                    + unpaired + ", which has no UTF-8 form");
        }
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
