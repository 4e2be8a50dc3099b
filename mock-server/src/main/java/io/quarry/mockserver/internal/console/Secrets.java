package io.quarry.mockserver.internal.console;

import io.quarry.mockserver.internal.auth.KeyMask;
import io.quarry.mockserver.internal.auth.KeyScrub;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.PathCodec;
import io.quarry.mockserver.internal.journal.AnswerJournal;
import io.quarry.mockserver.internal.journal.JournaledAnswer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.Predicate;

/**
 * Masks keys in what the console shows of the journal, as it shows it: the key URL parameter, a key in the path of
 * the key endpoints, a segment or parameter holding the admin key, the key the request was sent with or one of the
 * application's keys, the value of a parameter named like a key's, and in a body the admin key or the sent key
 * anywhere and every whole key of the application, as {@link KeyScrub} masks them. (The members that hold keys in
 * the bodies of the routes that carry them are masked when the journal keeps them.)
 */
final class Secrets {

    private static final String KEY_PARAMETER = "x-service-api-key";
    /** The most characters of a free text shown in a list. */
    static final int LABEL_CHARS = 200;

    private final KeyScrub scrub;

    /**
     * @param adminKey the server's admin key
     * @param isKey whether a text is the value of one of the application's keys
     */
    Secrets(String adminKey, Predicate<String> isKey) {
        this.scrub = new KeyScrub(adminKey, isKey, KeyMask.HIDDEN);
    }

    /**
     * {@return the path and query as shown: the key parameter and a key endpoint's key masked, and every segment,
     * parameter name or value that holds the admin key or the key the request was sent with, or is one of the
     * application's keys, whatever its escapes, masked whole (a key sent under a mistyped parameter name, say); where
     * the journal cut the path, a last one ending with the first characters of the admin key or the sent key too}
     */
    String path(JournaledAnswer answer) {
        String out = scrub.pathAndQuery(keyParts(answer), answer.sentKey(), answer.pathCut());
        // a mask may be longer than the few characters of a key it replaced at the cut
        return out.length() <= AnswerJournal.PATH_CHARS ? out : out.substring(0, AnswerJournal.PATH_CHARS);
    }

    /** {@return the index the entry's path names, masked whole if it is a key: a key sent where a name belongs} */
    String index(JournaledAnswer answer) {
        return scrub.text(answer.index(), answer.sentKey(), false);
    }

    /** {@return the path and query, the key parameter's value and a key path segment masked, cut} */
    private static String keyParts(JournaledAnswer answer) {
        String path = answer.rawPath();
        int keySegment = keySegment(answer);
        if (keySegment >= 0) {
            List<String> segments = PathCodec.rawSegments(path);
            StringBuilder masked = new StringBuilder();
            for (int i = 0; i < segments.size(); i++) {
                masked.append('/').append(i == keySegment ? KeyMask.HIDDEN : segments.get(i));
            }
            path = masked.toString();
        }
        String query = answer.rawQuery();
        if (query != null) {
            StringJoiner kept = new StringJoiner("&");
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                String name = eq < 0 ? pair : pair.substring(0, eq);
                kept.add(isKeyParameter(name) ? name + "=" + KeyMask.HIDDEN : pair);
            }
            path = path + "?" + kept;
        }
        return path.length() <= AnswerJournal.PATH_CHARS ? path : path.substring(0, AnswerJournal.PATH_CHARS);
    }

    /** {@return which segment of the entry's path holds a key, or -1} */
    private static int keySegment(JournaledAnswer answer) {
        return answer.route() == null
                ? unroutedKeySegment(answer.rawPath())
                : answer.route().segmentOf("key");
    }

    /**
     * {@return where a path no route served (a 404, a 405) holds a key, as the key endpoints' {@code /1/keys/{key}}
     * would, or -1}: a mistyped path under a key's still names it
     */
    private static int unroutedKeySegment(String rawPath) {
        List<String> segments = PathCodec.rawSegments(rawPath);
        for (int i = 0; i + 2 < segments.size(); i++) {
            if (decoded(segments.get(i)).equals("1")
                    && decoded(segments.get(i + 1)).equalsIgnoreCase("keys")) {
                return i + 2;
            }
        }
        return -1;
    }

    private static String decoded(String rawSegment) {
        try {
            return PathCodec.decodeSegment(rawSegment);
        } catch (ApiException malformed) {
            return rawSegment;
        }
    }

    /** A name cut inside an escape (the journal cuts long queries) cannot be the key's: nothing of a value follows. */
    private static boolean isKeyParameter(String rawName) {
        String decoded;
        try {
            decoded =
                    PathCodec.parseQuery(rawName).keySet().stream().findFirst().orElse("");
        } catch (ApiException malformed) {
            return false;
        }
        return decoded.toLowerCase(Locale.ROOT).equals(KEY_PARAMETER);
    }

    /**
     * {@return the start of a body as text, the admin key and the sent key masked wherever they appear, and where the
     * cut leaves the start of one at its end}
     *
     * @param start the start the journal kept (a character cut at its end shows as a replacement character)
     * @param bodyBytes the whole body's size: a start shorter than it was cut
     * @param sentKey the key the request was sent with, or {@code null}
     */
    String text(byte[] start, int bodyBytes, String sentKey) {
        return scrub.text(new String(start, StandardCharsets.UTF_8), sentKey, start.length < bodyBytes);
    }

    /**
     * {@return one of the entry's bodies as {@link #text} shows it, and the key its path names masked too: the
     * answers of the key endpoints may echo their path (a 405, a 404 of a path no route serves)}
     *
     * @param answer the journal's entry
     * @param start the start of its request's or its answer's body
     * @param bodyBytes that body's whole size
     */
    String body(JournaledAnswer answer, byte[] start, int bodyBytes) {
        String shown = text(start, bodyBytes, answer.sentKey());
        int keySegment = keySegment(answer);
        if (keySegment < 0) {
            return shown;
        }
        String raw = PathCodec.rawSegments(answer.rawPath()).get(keySegment);
        for (String key : new String[] {raw, decoded(raw)}) {
            if (key.length() >= 4) {
                shown = shown.replace(key, KeyMask.HIDDEN);
            }
        }
        return shown;
    }

    /**
     * {@return a free text (a key's description) cut to {@value #LABEL_CHARS} characters, an ellipsis marking the
     * cut: a view lists many and must stay small whatever the descriptions}
     *
     * @param text the text, or {@code null}
     */
    static String label(String text) {
        if (text == null || text.length() <= LABEL_CHARS) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(LABEL_CHARS - 1)) ? LABEL_CHARS - 1 : LABEL_CHARS;
        return text.substring(0, end) + "…";
    }

    /**
     * {@return how the journal names the caller: "admin key", the key's description (cut as {@link #label} cuts it)
     * or its masked value, else "no key" or "refused key"}
     */
    static String caller(JournaledAnswer answer) {
        if (answer.caller() != null) {
            return label(answer.caller().label());
        }
        return answer.sentKey() == null ? "no key" : "refused key";
    }
}
