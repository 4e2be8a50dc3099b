package io.quarry.mockserver.internal.auth;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The spans of a text where keys were found, each replaced by a mark: spans that overlap (one key found in the text
 * as it is and as read through its escapes) become one mark, two keys side by side two.
 */
final class MaskedSpans {

    private long[] spans = new long[4];
    private int count;
    /** The keys whole in the spans, made at the first. */
    private Set<String> keys;
    /** The spans of those keys, in {@link #spans}' form, made at the first. */
    private long[] keySpans;

    private int keySpanCount;

    /**
     * Adds a span.
     *
     * @param start its first character
     * @param end past its last character
     */
    void add(int start, int end) {
        if (end <= start) {
            return;
        }
        if (count == spans.length) {
            spans = Arrays.copyOf(spans, count * 2);
        }
        spans[count++] = ((long) start << 32) | end;
    }

    /**
     * Adds the span of a whole key, which {@link #keys()} then lists.
     *
     * @param start its first character
     * @param end past its last character
     * @param key the key it holds, as read (through the escapes it was found through)
     */
    void add(int start, int end, String key) {
        if (end > start) {
            add(start, end);
            if (keys == null) {
                keys = new LinkedHashSet<>();
                keySpans = new long[4];
            }
            keys.add(key);
            if (keySpanCount == keySpans.length) {
                keySpans = Arrays.copyOf(keySpans, keySpanCount * 2);
            }
            keySpans[keySpanCount++] = ((long) start << 32) | end;
        }
    }

    /** {@return the keys added whole, each once, in the order first found} */
    Set<String> keys() {
        return keys == null ? Set.of() : keys;
    }

    /**
     * {@return the keys added whole, each once: as read, and as written in the text (escapes and all) where that
     *     differs}
     *
     * @param text the text the spans were found in
     */
    Set<String> keysAsReadAndWritten(String text) {
        if (keys == null) {
            return Set.of();
        }
        Set<String> forms = new LinkedHashSet<>(keys);
        for (int i = 0; i < keySpanCount; i++) {
            forms.add(text.substring((int) (keySpans[i] >>> 32), (int) keySpans[i]));
        }
        return forms;
    }

    /** {@return whether no span was added} */
    boolean isEmpty() {
        return count == 0;
    }

    /**
     * {@return the text with each span replaced by the mark}
     *
     * @param text the text the spans were found in
     * @param mark what stands in for a key
     */
    String applyTo(String text, String mark) {
        if (count == 0) {
            return text;
        }
        Arrays.sort(spans, 0, count);
        StringBuilder out = new StringBuilder(text.length());
        int copied = 0;
        int i = 0;
        while (i < count) {
            int start = (int) (spans[i] >>> 32);
            int end = (int) spans[i];
            for (i++; i < count && (int) (spans[i] >>> 32) < end; i++) {
                end = Math.max(end, (int) spans[i]);
            }
            out.append(text, copied, start).append(mark);
            copied = end;
        }
        return out.append(text, copied, text.length()).toString();
    }
}
