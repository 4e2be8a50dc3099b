package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.engine.internal.text.UrlText;
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
        return decode(raw, false, "path");
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
        return decode(part, true, "query string");
    }

    private static String decode(String raw, boolean plusIsSpace, String where) {
        try {
            return UrlText.decode(raw, plusIsSpace);
        } catch (IllegalArgumentException malformed) {
            throw ApiException.badRequest(malformed.getMessage() + " in " + where);
        }
    }
}
