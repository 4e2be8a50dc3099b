package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.PathCodec;
import io.quarry.mockserver.internal.http.Request;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Masks keys in what a request carried wherever the server shows it again (the request log, the console's journal,
 * an error's message): the admin key and the key the request was sent with wherever they appear, and every key of the
 * application that stands whole in it. What a key is sent under does not matter: a key under a mistyped parameter or
 * header name, or in a body member that is no key's, is masked all the same.
 */
public final class KeyScrub {

    /** Shorter texts are not masked: they say too little of a key and are too often plain words. */
    private static final int SHORTEST = 4;

    private static final String KEY_HEADER = "X-Service-API-Key";
    private static final String KEY_PARAMETER = "x-service-api-key";

    private final String adminKey;
    private final Predicate<String> isKey;
    private final String mark;

    /**
     * @param adminKey the server's admin key
     * @param isKey whether a text is the value of one of the application's keys
     * @param mark what stands in for a masked key
     */
    public KeyScrub(String adminKey, Predicate<String> isKey, String mark) {
        this.adminKey = adminKey;
        this.isKey = isKey;
        this.mark = mark;
    }

    /**
     * {@return a raw path and query with every segment, parameter name or value masked whole that holds the admin key
     * or the sent key, or is one of the application's keys, whatever its escapes ({@code %41} for {@code A}); and the
     * value of every parameter whose name looks like a key's ({@link KeyNames}), whatever it holds}
     *
     * @param pathAndQuery the raw path, with {@code ?} and the raw query if there is one
     * @param sentKey the key the request was sent with, or {@code null}
     * @param cut whether the text was cut: a last part ending with the admin key's or the sent key's first
     *     characters is masked too
     */
    public String pathAndQuery(String pathAndQuery, String sentKey, boolean cut) {
        String sent = masked(sentKey);
        String shown = replaced(pathAndQuery, sent);
        StringBuilder out = new StringBuilder(shown.length());
        boolean inQuery = false;
        boolean keyValue = false;
        int start = 0;
        for (int i = 0; i <= shown.length(); i++) {
            if (i < shown.length() && "/?&=".indexOf(shown.charAt(i)) < 0) {
                continue;
            }
            String part = shown.substring(start, i);
            String text = decoded(part);
            boolean last = i == shown.length();
            boolean holdsKey = (keyValue && !part.isEmpty())
                    || text.contains(adminKey)
                    || (sent != null && text.contains(sent))
                    || (text.length() >= SHORTEST && isKey.test(text))
                    || (last && cut && (endsWithStartOf(text, adminKey) || endsWithStartOf(text, sent)));
            out.append(holdsKey ? mark : part);
            if (!last) {
                char delimiter = shown.charAt(i);
                out.append(delimiter);
                inQuery |= delimiter == '?';
                if (delimiter == '&') {
                    keyValue = false;
                } else if (delimiter == '=' && inQuery && !keyValue) {
                    keyValue = KeyNames.looksLikeKey(text);
                }
            }
            start = i + 1;
        }
        return out.toString();
    }

    /**
     * {@return a free text (a body, a header's value, a message) with the admin key and the sent key masked wherever
     * they appear, and every run of letters, digits, {@code -} and {@code _} that is one of the application's keys
     * (after a {@code %}, with or without the two characters of the escape it starts)}
     *
     * @param text the text
     * @param sentKey the key the request was sent with, or {@code null}
     * @param cut whether the text was cut: its end, when it is the admin key's or the sent key's first characters,
     *     is masked too
     */
    public String text(String text, String sentKey, boolean cut) {
        String sent = masked(sentKey);
        String shown = replaced(text, sent);
        StringBuilder out = null;
        int copied = 0;
        int start = 0;
        for (int i = 0; i <= shown.length(); i++) {
            if (i < shown.length() && isKeyChar(shown.charAt(i))) {
                continue;
            }
            // after a '%', the word's first two characters may be an escape's (%22 before a key in a URL's JSON)
            int from = start;
            if (start > 0 && shown.charAt(start - 1) == '%' && i - start > 2) {
                from = isKeyAt(shown, start, i) ? start : start + 2;
            }
            if (isKeyAt(shown, from, i)) {
                out = out == null ? new StringBuilder(shown.length()) : out;
                out.append(shown, copied, from).append(mark);
                copied = i;
            }
            start = i + 1;
        }
        if (out != null) {
            shown = out.append(shown, copied, shown.length()).toString();
        }
        if (cut) {
            shown = maskCutKey(shown, adminKey);
            shown = sent == null ? shown : maskCutKey(shown, sent);
        }
        return shown;
    }

    /** {@return the key the request was sent with (header first, then URL parameter), or {@code null}} */
    public static String sentKey(Request request) {
        String header = request.header(KEY_HEADER);
        if (header != null) {
            return header;
        }
        for (Map.Entry<String, String> parameter : request.query().entrySet()) {
            if (parameter.getKey().toLowerCase(Locale.ROOT).equals(KEY_PARAMETER)) {
                return parameter.getValue();
            }
        }
        return null;
    }

    private boolean isKeyAt(String text, int start, int end) {
        return end - start >= SHORTEST && isKey.test(text.substring(start, end));
    }

    /** {@return the sent key if it is long enough to mask, else {@code null}} */
    private static String masked(String sentKey) {
        return sentKey != null && sentKey.length() >= SHORTEST ? sentKey : null;
    }

    private String replaced(String text, String sent) {
        String shown = text.replace(adminKey, mark);
        return sent == null ? shown : shown.replace(sent, mark);
    }

    private static boolean isKeyChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    }

    /** {@return whether the text ends with the key's first characters (at least one, not all)} */
    private boolean endsWithStartOf(String text, String key) {
        return key != null && !maskCutKey(text, key).equals(text);
    }

    /** A cut may end the text with the first characters of a key: they are masked as the whole key would be. */
    private String maskCutKey(String text, String key) {
        for (int length = Math.min(key.length() - 1, text.length()); length > 0; length--) {
            if (text.regionMatches(text.length() - length, key, 0, length)) {
                return text.substring(0, text.length() - length) + mark;
            }
        }
        return text;
    }

    private static String decoded(String rawPart) {
        try {
            return PathCodec.decodeSegment(rawPart);
        } catch (ApiException malformed) {
            return rawPart;
        }
    }
}
