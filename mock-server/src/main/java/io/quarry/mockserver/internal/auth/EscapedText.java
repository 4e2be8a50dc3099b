package io.quarry.mockserver.internal.auth;

/**
 * A text read through the escapes a request may legitimately wrap a key in: JSON's (<code>&#92;u0061</code>, {@code \\},
 * {@code \n}, ...) and the URL's ({@code %61} or {@code %6a}/{@code %6A}, UTF-8 sequences decoded whole), each
 * layer in turn as a JSON body holding a URL-encoded {@code params} string nests them, and escaped and plain
 * characters mixed. Each character read keeps the span of the raw text it came from, so what is found in the reading
 * is masked in the raw text. Every layer is one pass over the text: reading costs a few passes, never more.
 */
final class EscapedText implements CharSequence {

    /** Layers read in turn (JSON, URL, JSON, URL): a URL string in a JSON body, and either inside the other again. */
    private static final int ROUNDS = 2;

    /** Stands for a byte escape that is no character: it breaks a word, as a key's characters never are one. */
    private static final char NO_CHARACTER = '\uFFFD';

    private final char[] chars;
    private final int length;
    /** Where each character's span begins in the raw text; {@code starts[length]} is the raw text's end. */
    private final int[] starts;

    private EscapedText(char[] chars, int length, int[] starts) {
        this.chars = chars;
        this.length = length;
        this.starts = starts;
    }

    /**
     * {@return the text as read through its escapes, or {@code null} when it holds none (it reads as it is)}
     *
     * @param raw the raw text
     * @param work counts the characters each layer reads
     */
    static EscapedText read(String raw, Work work) {
        if (raw.indexOf('%') < 0 && raw.indexOf('\\') < 0) {
            work.add(raw.length());
            return null;
        }
        int[] starts = new int[raw.length() + 1];
        for (int i = 0; i <= raw.length(); i++) {
            starts[i] = i;
        }
        EscapedText text = new EscapedText(raw.toCharArray(), raw.length(), starts);
        EscapedText plain = text;
        for (int round = 0; round < ROUNDS; round++) {
            EscapedText json = text.jsonLayer(work);
            EscapedText url = json.urlLayer(work);
            if (url == text) {
                break;
            }
            text = url;
        }
        return text == plain ? null : text;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        return chars[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new String(chars, start, end - start);
    }

    @Override
    public String toString() {
        return new String(chars, 0, length);
    }

    /** {@return where the character at that index begins in the raw text (the raw text's end for the length)} */
    int rawStart(int index) {
        return starts[index];
    }

    /** {@return a reading of JSON's escapes, or this text when it holds none} */
    private EscapedText jsonLayer(Work work) {
        work.add(length);
        if (!holds('\\')) {
            return this;
        }
        Builder out = new Builder(length);
        int i = 0;
        while (i < length) {
            char c = chars[i];
            if (c == '\\' && i + 1 < length) {
                char next = chars[i + 1];
                int code = next == 'u' && i + 5 < length ? hex4(i + 2) : -1;
                if (code >= 0) {
                    out.add((char) code, starts[i]);
                    i += 6;
                    continue;
                }
                char unescaped = jsonShort(next);
                if (unescaped != 0) {
                    out.add(unescaped, starts[i]);
                    i += 2;
                    continue;
                }
            }
            out.add(c, starts[i]);
            i++;
        }
        return out.build(starts[length]);
    }

    /** {@return a reading of the URL's escapes, or this text when it holds none} */
    private EscapedText urlLayer(Work work) {
        work.add(length);
        if (!holds('%')) {
            return this;
        }
        Builder out = new Builder(length);
        int i = 0;
        while (i < length) {
            int first = byteAt(i);
            if (first < 0) {
                out.add(chars[i], starts[i]);
                i++;
            } else if (first < 0x80) {
                out.add((char) first, starts[i]);
                i += 3;
            } else {
                i = utf8(i, first, out);
            }
        }
        return out.build(starts[length]);
    }

    /** Reads the UTF-8 sequence of byte escapes at {@code i}, whole; a byte that begins none stands alone. */
    private int utf8(int i, int first, Builder out) {
        int more = first >= 0xF0 && first < 0xF5 ? 3 : first >= 0xE0 ? 2 : first >= 0xC2 && first < 0xE0 ? 1 : -1;
        int code = more == 3 ? first & 0x07 : more == 2 ? first & 0x0F : first & 0x1F;
        for (int k = 1; more > 0 && k <= more; k++) {
            int next = i + 3 * k < length ? byteAt(i + 3 * k) : -1;
            if (next < 0x80 || next >= 0xC0) {
                more = -1;
            } else {
                code = (code << 6) | (next & 0x3F);
            }
        }
        if (more < 0 || code < 0x80 || (code >= 0xD800 && code < 0xE000) || code > 0x10FFFF) {
            out.add(NO_CHARACTER, starts[i]);
            return i + 3;
        }
        int end = i + 3 * (more + 1);
        if (Character.isBmpCodePoint(code)) {
            out.add((char) code, starts[i]);
        } else {
            // two characters: the first escape's span for the high surrogate, the rest for the low one
            out.add(Character.highSurrogate(code), starts[i]);
            out.add(Character.lowSurrogate(code), starts[i + 3]);
        }
        return end;
    }

    /** {@return the byte a {@code %XX} escape at that index stands for, or -1 when none stands there} */
    private int byteAt(int i) {
        if (chars[i] != '%' || i + 2 >= length) {
            return -1;
        }
        int high = hexValue(chars[i + 1]);
        int low = hexValue(chars[i + 2]);
        return high < 0 || low < 0 ? -1 : high * 16 + low;
    }

    /** {@return the four hex digits from that index as a number, or -1} */
    private int hex4(int from) {
        int code = 0;
        for (int i = from; i < from + 4; i++) {
            int digit = hexValue(chars[i]);
            if (digit < 0) {
                return -1;
            }
            code = code * 16 + digit;
        }
        return code;
    }

    /** {@return the value of an ASCII hex digit, either case, or -1 (no other script's digits)} */
    private static int hexValue(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    }

    /** {@return the character a JSON two-character escape ends with stands for, or 0 for none} */
    private static char jsonShort(char c) {
        return switch (c) {
            case '"', '\\', '/' -> c;
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            default -> 0;
        };
    }

    private boolean holds(char c) {
        for (int i = 0; i < length; i++) {
            if (chars[i] == c) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@return where a cut text ends inside an escape ({@code %6}, <code>&#92;u00</code>), or the text's length}: what the
     * cut left of that escape is part of the character it would have been
     *
     * @param raw the raw text
     */
    static int danglingEscape(String raw) {
        int end = raw.length();
        for (int back = 1; back <= 5 && back <= end; back++) {
            char c = raw.charAt(end - back);
            if (c == '%' && back <= 2 && hexDigits(raw, end - back + 1, end)) {
                return end - back;
            }
            if (c == '\\'
                    && (back == 1 || (raw.charAt(end - back + 1) == 'u' && hexDigits(raw, end - back + 2, end)))) {
                return end - back;
            }
        }
        return end;
    }

    private static boolean hexDigits(String raw, int from, int to) {
        for (int i = from; i < to; i++) {
            if (hexValue(raw.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Counts the characters read, so that a test pins the work as linear. */
    interface Work {

        /** Counts nothing. */
        Work NONE = characters -> {};

        /** @param characters characters read */
        void add(int characters);
    }

    /** A reading under construction. */
    private static final class Builder {
        private final char[] chars;
        private final int[] starts;
        private int length;

        Builder(int capacity) {
            chars = new char[capacity];
            starts = new int[capacity + 1];
        }

        void add(char c, int rawStart) {
            chars[length] = c;
            starts[length] = rawStart;
            length++;
        }

        EscapedText build(int rawEnd) {
            starts[length] = rawEnd;
            return new EscapedText(chars, length, starts);
        }
    }
}
