package io.quarry.insights;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Event texts as UTF-8, the form the service keeps them in: whether a text has one at all, and whether a filter's
 * part is URL-encoded as the service reads it (each {@code %} starts an escape of two hexadecimal digits, {@code +}
 * and characters beyond ASCII stand for themselves, and the bytes are UTF-8).
 */
final class Utf8Text {

    private Utf8Text() {}

    /**
     * {@return what keeps the text from decoding, in the service's words, or null when it decodes}
     *
     * @param text an attribute or a value of a filter
     */
    static String urlDecodingProblem(String text) {
        if (text.indexOf('%') < 0 && !hasUnpairedSurrogate(text)) {
            return null; // decodes to itself
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                int high = i + 2 < text.length() ? hexDigit(text.charAt(i + 1)) : -1;
                int low = i + 2 < text.length() ? hexDigit(text.charAt(i + 2)) : -1;
                if (high < 0 || low < 0) {
                    return "Malformed percent-encoding";
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                byte[] pair = text.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                bytes.write(pair, 0, pair.length);
                i++;
            } else if (Character.isSurrogate(c)) {
                return "Malformed UTF-16: an unpaired surrogate";
            } else {
                byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(encoded, 0, encoded.length);
            }
        }
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()));
            return null;
        } catch (CharacterCodingException e) {
            return "Malformed UTF-8";
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

    /**
     * {@return whether the text holds a UTF-16 surrogate out of its pair} Such text has no UTF-8 form: the service
     * cannot keep it, and JSON can carry it only as an escape that many parsers refuse.
     *
     * @param text any text
     */
    static boolean hasUnpairedSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
