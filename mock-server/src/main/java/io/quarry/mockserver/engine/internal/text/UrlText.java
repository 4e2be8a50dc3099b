package io.quarry.mockserver.engine.internal.text;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Percent-decoding as UTF-8, exactly or not at all: bytes that are not UTF-8 (a lone {@code %FF}, an encoded
 * surrogate) are refused rather than read as U+FFFD, which would make different names one. Used for paths, query
 * strings and the parameter strings of search bodies alike, so that a search reads the same however it is sent.
 */
public final class UrlText {

    private UrlText() {}

    /**
     * Decodes text.
     *
     * @param raw         the text; characters beyond ASCII (a parameter string read from JSON) stand for themselves
     * @param plusIsSpace whether {@code +} is a space (query strings) or itself (paths)
     * @return the decoded text
     * @throws IllegalArgumentException saying what is malformed: a percent-escape, the UTF-8 or the UTF-16
     */
    public static String decode(String raw, boolean plusIsSpace) {
        if (isPlain(raw, plusIsSpace)) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int high = i + 2 < raw.length() ? hexDigit(raw.charAt(i + 1)) : -1;
                int low = i + 2 < raw.length() ? hexDigit(raw.charAt(i + 2)) : -1;
                if (high < 0 || low < 0) {
                    throw new IllegalArgumentException("Malformed percent-encoding");
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                bytes.write(' ');
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                int end = Character.isHighSurrogate(c)
                                && i + 1 < raw.length()
                                && Character.isLowSurrogate(raw.charAt(i + 1))
                        ? i + 2
                        : i + 1;
                if (Character.isSurrogate(c) && end == i + 1) {
                    throw new IllegalArgumentException("Malformed UTF-16: an unpaired surrogate");
                }
                byte[] encoded = raw.substring(i, end).getBytes(StandardCharsets.UTF_8);
                bytes.write(encoded, 0, encoded.length);
                i = end - 1;
            }
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("Malformed UTF-8");
        }
    }

    /**
     * {@return the value of an ASCII hexadecimal digit, or -1} Not {@link Character#digit(char, int)}, which also
     * takes other scripts' digits and fullwidth letters, so that an escape made of them would decode.
     */
    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    }

    /** Whether the text decodes to itself: ASCII with no escape (and no {@code +}, where that is a space). */
    private static boolean isPlain(String raw, boolean plusIsSpace) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' || c >= 0x80 || (c == '+' && plusIsSpace)) {
                return false;
            }
        }
        return true;
    }
}
