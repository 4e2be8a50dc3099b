package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.PathCodec;
import io.quarry.mockserver.internal.http.Request;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Masks keys in what a request carried wherever the server shows it again (the request log, the console's journal,
 * an error's message): the admin key and the key the request was sent with wherever they appear, and every key of the
 * application that stands whole in it. What a key is sent under does not matter: a key under a mistyped parameter or
 * header name, or in a body member that is no key's, is masked all the same; nor does how it is escaped: a key is
 * found in the text as it is and as read through the escapes a request may legitimately wrap it in (the URL's
 * {@code %61}, JSON's <code>&#92;u0061</code>, nested and mixed with plain characters), in a few passes over the text.
 */
public final class KeyScrub {

    /** Shorter texts are not masked: they say too little of a key and are too often plain words. */
    private static final int SHORTEST = 4;

    private static final String KEY_HEADER = "X-Service-API-Key";
    private static final String KEY_PARAMETER = "x-service-api-key";

    private final String adminKey;
    private final int[] adminKeyFailures;
    private final Predicate<String> isKey;
    private final String mark;
    private final EscapedText.Work work;

    /**
     * @param adminKey the server's admin key
     * @param isKey whether a text is the value of one of the application's keys
     * @param mark what stands in for a masked key
     */
    public KeyScrub(String adminKey, Predicate<String> isKey, String mark) {
        this(adminKey, isKey, mark, EscapedText.Work.NONE);
    }

    /**
     * A scrub that counts its work, for a test to pin it as linear.
     *
     * @param work told the characters each step reads
     */
    KeyScrub(String adminKey, Predicate<String> isKey, String mark, EscapedText.Work work) {
        this.work = work;
        this.adminKey = adminKey;
        this.adminKeyFailures = failures(adminKey);
        this.isKey = isKey;
        this.mark = mark;
    }

    /**
     * {@return a raw path and query with every segment, parameter name or value masked whole that holds the admin key
     * or the sent key, or one of the application's keys, whatever its escapes ({@code %41} for {@code A}, JSON's
     * <code>&#92;u0041</code> inside it); and the value of every parameter whose name looks like a key's ({@link KeyNames}),
     * whatever it holds}
     *
     * @param pathAndQuery the raw path, with {@code ?} and the raw query if there is one
     * @param sentKey the key the request was sent with, or {@code null}
     * @param cut whether the text was cut: a last part ending with the admin key's or the sent key's first
     *     characters is masked too
     */
    public String pathAndQuery(String pathAndQuery, String sentKey, boolean cut) {
        Sent sent = sent(sentKey);
        // first the admin key and the sent key as they stand across delimiters (a key may hold a '/' or an '='); the
        // parts are read through their escapes below, and one holding a key is masked whole
        MaskedSpans across = new MaskedSpans();
        findIn(pathAndQuery, null, pathAndQuery.length(), sent, false, false, across);
        String shown = across.applyTo(pathAndQuery, mark);
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
                    || (text.length() >= SHORTEST && isKey.test(text))
                    || holdsKey(part, sent, last && cut);
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
     * they appear, and every run of letters, digits, {@code -} and {@code _} that is one of the application's keys;
     * each found in the text as it is and as read through the escapes a request may wrap it in ({@link EscapedText}:
     * {@code %61}, <code>&#92;u0061</code>, mixed with plain characters), the whole escaped span masked}
     *
     * @param text the text
     * @param sentKey the key the request was sent with, or {@code null}
     * @param cut whether the text was cut: its end, when it is the admin key's or the sent key's first characters
     *     (escaped or not, the cut inside an escape), is masked too
     */
    public String text(String text, String sentKey, boolean cut) {
        MaskedSpans found = new MaskedSpans();
        find(text, sent(sentKey), cut, true, found);
        return found.applyTo(text, mark);
    }

    /**
     * {@return the keys {@link #text} masks in the text (not cut), each once: the admin key and the sent key when it
     *     holds them, and the application's keys it holds whole; each as it reads through the escapes it was in, and
     *     as it is written in the text, escapes and all, where that differs ({@code %4D%79...}, which a tokenizer
     *     splits into words of its own)}
     *
     * @param text the text
     * @param sentKey the key the request was sent with, or {@code null}
     */
    public Set<String> keysIn(String text, String sentKey) {
        MaskedSpans found = new MaskedSpans();
        find(text, sent(sentKey), false, true, found);
        return found.keysAsReadAndWritten(text);
    }

    /**
     * {@return the text with every occurrence of each of the texts masked, as they stand in it (no escapes read), in
     *     one pass over it for each}
     *
     * @param text the text
     * @param texts what to mask: texts shorter than a key that is masked are left
     */
    public String occurrencesMasked(String text, Collection<String> texts) {
        MaskedSpans found = new MaskedSpans();
        for (String each : texts) {
            if (each.length() >= SHORTEST) {
                occurrences(text, null, text.length(), each, failures(each), false, found);
            }
        }
        return found.applyTo(text, mark);
    }

    private boolean holdsKey(String part, Sent sent, boolean cut) {
        MaskedSpans found = new MaskedSpans();
        find(part, sent, cut, true, found);
        return !found.isEmpty();
    }

    /**
     * Finds the keys of a raw text, as it is and as read through its escapes.
     *
     * @param words whether the application's keys are looked for too (whole words), not only the admin and sent keys
     */
    private void find(String raw, Sent sent, boolean cut, boolean words, MaskedSpans out) {
        findIn(raw, null, raw.length(), sent, cut, words, out);
        // a cut may end inside an escape: what it left of it reads as the start of the character it was
        int whole = cut ? EscapedText.danglingEscape(raw) : raw.length();
        EscapedText read = EscapedText.read(whole == raw.length() ? raw : raw.substring(0, whole), work);
        if (read != null) {
            findIn(read, read, raw.length(), sent, cut, words, out);
        }
    }

    /**
     * Finds the keys of one reading of a raw text.
     *
     * @param view the reading
     * @param read where its characters came from in the raw text, or {@code null} when it is the raw text
     * @param rawEnd the raw text's length
     */
    private void findIn(
            CharSequence view, EscapedText read, int rawEnd, Sent sent, boolean cut, boolean words, MaskedSpans out) {
        occurrences(view, read, rawEnd, adminKey, adminKeyFailures, cut, out);
        if (sent != null) {
            occurrences(view, read, rawEnd, sent.key(), sent.failures(), cut, out);
        }
        if (words) {
            keyWords(view, read, out);
        }
    }

    /**
     * Marks every occurrence of the key (Knuth-Morris-Pratt: each character of the view is read a bounded number of
     * times, whatever the key and the text), and, in a cut text, an end that is the key's first characters.
     */
    private void occurrences(
            CharSequence view, EscapedText read, int rawEnd, String key, int[] failures, boolean cut, MaskedSpans out) {
        int length = key.length();
        if (length == 0) {
            return;
        }
        int matched = 0;
        int steps = 0;
        for (int i = 0; i < view.length(); i++) {
            char c = view.charAt(i);
            while (matched > 0 && key.charAt(matched) != c) {
                matched = failures[matched - 1];
                steps++;
            }
            steps++;
            if (key.charAt(matched) == c) {
                matched++;
            }
            if (matched == length) {
                out.add(rawStart(read, i + 1 - length), rawStart(read, i + 1), key);
                matched = failures[length - 1];
            }
        }
        work.add(steps);
        if (cut && matched > 0) {
            out.add(rawStart(read, view.length() - matched), rawEnd);
        }
    }

    /** Marks every whole run of letters, digits, {@code -} and {@code _} that is one of the application's keys. */
    private void keyWords(CharSequence view, EscapedText read, MaskedSpans out) {
        int start = 0;
        for (int i = 0; i <= view.length(); i++) {
            if (i < view.length() && isKeyChar(view.charAt(i))) {
                continue;
            }
            if (i - start >= SHORTEST) {
                work.add(2 * (i - start));
                String word = view.subSequence(start, i).toString();
                if (isKey.test(word)) {
                    out.add(rawStart(read, start), rawStart(read, i), word);
                }
            }
            start = i + 1;
        }
        work.add(view.length());
    }

    private static int rawStart(EscapedText read, int index) {
        return read == null ? index : read.rawStart(index);
    }

    /** {@return the key's failure function: the longest proper prefix of each prefix that is also its suffix} */
    private int[] failures(String key) {
        int[] failures = new int[key.length()];
        int k = 0;
        for (int i = 1; i < key.length(); i++) {
            while (k > 0 && key.charAt(i) != key.charAt(k)) {
                k = failures[k - 1];
            }
            if (key.charAt(i) == key.charAt(k)) {
                k++;
            }
            failures[i] = k;
        }
        work.add(2 * key.length());
        return failures;
    }

    /**
     * {@return where the word a cut text ends in begins, read through its escapes (a run of letters, digits, {@code -}
     *     and {@code _}, an escape the cut left short of its end included, in any layer), its length when it ends in
     *     none, or -1
     *     when that word reads longer than {@code longestKey} characters}: what may be the start of one of the
     *     application's keys, which are masked whole only
     *
     * @param raw a cut text
     * @param longestKey the most characters a key reads
     */
    public static int lastWordStart(String raw, int longestKey) {
        int whole = EscapedText.danglingEscape(raw);
        String kept = whole == raw.length() ? raw : raw.substring(0, whole);
        EscapedText read = EscapedText.read(kept, EscapedText.Work.NONE);
        CharSequence view = read == null ? kept : read;
        int start = view.length();
        // an escape a layer read as it stands, cut short inside another (%3 of \u0025\u0033), is part of the word
        while (start > 0
                && (isKeyChar(view.charAt(start - 1))
                        || view.charAt(start - 1) == '%'
                        || view.charAt(start - 1) == '\\')) {
            start--;
            if (view.length() - start > longestKey) {
                return -1;
            }
        }
        return rawStart(read, start);
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

    /** {@return the sent key, read once for the whole text, if it is long enough to mask and no admin key} */
    private Sent sent(String sentKey) {
        return sentKey != null && sentKey.length() >= SHORTEST && !sentKey.equals(adminKey)
                ? new Sent(sentKey, failures(sentKey))
                : null;
    }

    /** The key a request was sent with, and its failure function. */
    private record Sent(String key, int[] failures) {}

    /** {@return whether the character can be part of a key as the masking finds keys (see {@link ChosenKey})} */
    static boolean isKeyChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    }

    private static String decoded(String rawPart) {
        try {
            return PathCodec.decodeSegment(rawPart);
        } catch (ApiException malformed) {
            return rawPart;
        }
    }
}
