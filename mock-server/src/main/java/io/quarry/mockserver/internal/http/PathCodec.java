package io.quarry.mockserver.internal.http;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Splits and percent-decodes raw paths and query strings. */
public final class PathCodec {

    private PathCodec() {}

    /**
     * Splits a raw path into raw segments (still encoded), so that an encoded {@code /} stays inside its segment.
     *
     * @param rawPath the raw path, starting with {@code /}
     * @return the raw segments, without the empty leading one
     */
    public static List<String> rawSegments(String rawPath) {
        List<String> segments = new ArrayList<>();
        int start = rawPath.startsWith("/") ? 1 : 0;
        while (start <= rawPath.length()) {
            int slash = rawPath.indexOf('/', start);
            int end = slash < 0 ? rawPath.length() : slash;
            segments.add(rawPath.substring(start, end));
            if (slash < 0) {
                break;
            }
            start = slash + 1;
        }
        return segments;
    }

    /**
     * Percent-decodes one path segment as UTF-8; {@code +} stays a plus sign, as in any path.
     *
     * @param raw the raw segment
     * @return the decoded segment
     * @throws ApiException 400 for a malformed escape, or bytes that are not UTF-8
     */
    public static String decodeSegment(String raw) {
        return isPlain(raw, false) ? raw : decode(raw, false, "path");
    }

    /**
     * Parses a raw query string; {@code +} is a space; a repeated name keeps its first value.
     *
     * @param rawQuery the raw query string, or {@code null}
     * @return the decoded parameters in order
     * @throws ApiException 400 for a malformed escape
     */
    public static Map<String, String> parseQuery(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return Collections.emptyMap();
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decodeQueryPart(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decodeQueryPart(pair.substring(eq + 1));
            params.putIfAbsent(name, value);
        }
        return params;
    }

    private static String decodeQueryPart(String part) {
        return isPlain(part, true) ? part : decode(part, true, "query string");
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

    /**
     * Percent-decodes text as UTF-8. Bytes that are not UTF-8 (a lone {@code %FF}, an encoded surrogate) are refused
     * rather than read as replacement characters, which would make different names one.
     */
    private static String decode(String raw, boolean plusIsSpace, String where) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int high = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
                int low = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 2), 16) : -1;
                if (high < 0 || low < 0) {
                    throw ApiException.badRequest("Malformed percent-encoding in " + where);
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                bytes.write(' ');
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                // text already decoded (a parameter string read from JSON): a character, or a surrogate pair, as UTF-8
                int end = Character.isHighSurrogate(c)
                                && i + 1 < raw.length()
                                && Character.isLowSurrogate(raw.charAt(i + 1))
                        ? i + 2
                        : i + 1;
                if (Character.isSurrogate(c) && end == i + 1) {
                    throw ApiException.badRequest("Malformed UTF-16 in " + where + ": an unpaired surrogate");
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
            throw ApiException.badRequest("Malformed UTF-8 in " + where);
        }
    }
}
