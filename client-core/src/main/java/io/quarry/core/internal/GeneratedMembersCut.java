package io.quarry.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Copies an answer held in an array without its hits' generated members ({@code _highlightResult},
 * {@code _snippetResult}, {@code _rankingInfo}), for a call that keeps none of them, so that Jackson parses only what
 * the records are made of. The service highlights every searchable attribute by default, so these members are most
 * of a typical answer (62% of the benchmarks' 20-hit answer), and Jackson steps over them token by token, names
 * looked up and all: half the CPU of decoding that answer (benchmarks/README.md, "Generated members cut before
 * parsing").
 *
 * <p>Hits are the objects of the {@code hits} array of the answer's top object, or of an object of its
 * {@code results} array (a multi-search). Each cut member's value is checked as strictly as Jackson's parser checks
 * what it steps over (the JSON grammar, escapes, well-formed UTF-8; more strictly where that is simpler: no overlong
 * UTF-8 forms, at most {@value #MAX_DEPTH} levels, numbers of at most {@value #MAX_NUMBER} characters), and the
 * members around a cut as far as the cut needs: everything else is left to the parser, which reads it unchanged in
 * the copy. So the copy parses exactly when the answer does, to the same values but the members cut; anything this
 * class does not understand, or would not check as strictly as the parser, makes it cut nothing, and the caller parses
 * the answer itself. A member named with escapes is not recognised, and is left to the parser. An answer whose first
 * hit has no generated member is not read further: the service sends the same members with every hit.
 */
final class GeneratedMembersCut {

    /** What {@link #cut} answers when it cut nothing. */
    static final int NOTHING_CUT = -1;

    private static final int FAILED = -1;
    /**
     * The first hit has no generated member: the service sends the same members with every hit of an answer (an
     * index that highlights nothing sends none), so the rest of an answer is not scanned for nothing. A later hit's
     * members, were there any, would be left to the parser, as when nothing is cut.
     */
    private static final int NOTHING_TO_CUT = -2;
    /** Deeper generated members are left to the parser, far below any nesting limit of its. */
    static final int MAX_DEPTH = 64;
    /** Longer numbers are left to the parser, below its length limit. */
    static final int MAX_NUMBER = 100;
    /** Longer names within a generated member are left to the parser, below its name-length limit. */
    static final int MAX_NAME = 1000;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';
    private static final long SPACES = ONES * ' ';

    private static final byte[] HITS = ascii("\"hits\"");
    private static final byte[] RESULTS = ascii("\"results\"");
    private static final byte[] HIGHLIGHT = ascii("_highlightResult");
    private static final byte[] SNIPPET = ascii("_snippetResult");
    private static final byte[] RANKING = ascii("_rankingInfo");
    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final byte[] NULL = ascii("null");

    private final byte[] in;
    private final int end;
    private final byte[] out;
    /** Where the bytes not yet copied start. */
    private int pending;
    /** How many bytes the copy holds, {@link #NOTHING_CUT} before the first cut. */
    private int written = NOTHING_CUT;
    /** How many hits the answer holds, -1 when it is not one this class cuts. */
    private int hits;
    /** The copy's length once the cut is done, {@link #NOTHING_CUT} when nothing was cut. */
    private int copyLength = NOTHING_CUT;
    /** Whether to read every hit, to count them, even when the first has nothing to cut. */
    private final boolean counting;

    private GeneratedMembersCut(byte[] in, int end, byte[] out, boolean counting) {
        this.in = in;
        this.end = end;
        this.out = out;
        this.counting = counting;
    }

    /**
     * Copies an answer without its hits' generated members.
     *
     * @param answer the answer, UTF-8
     * @param length its length
     * @param into   where to copy it, at least {@code length} long
     * @return the copy's length, or {@link #NOTHING_CUT} when the answer has no generated member (its first hit has
     *     none) or is not one this class cuts: parse the answer itself then
     */
    static int cut(byte[] answer, int length, byte[] into) {
        return run(answer, length, into, false).copyLength;
    }

    /**
     * As {@link #cut}, and counts the hits.
     *
     * @param answer the answer, UTF-8
     * @param length its length
     * @param into   where to copy it, at least {@code length} long
     * @return the copy's length (or {@link #NOTHING_CUT}), then how many hits the answer holds (-1 when the answer
     *     is not one this class cuts)
     */
    static int[] cutCounting(byte[] answer, int length, byte[] into) {
        GeneratedMembersCut cut = run(answer, length, into, true);
        return new int[] {cut.copyLength, cut.hits};
    }

    /** Runs a cut: its {@link #copyLength} and {@link #hits} say what it found. */
    private static GeneratedMembersCut run(byte[] answer, int length, byte[] into, boolean counting) {
        if (into.length < length) {
            throw new IllegalArgumentException("the copy's array is shorter than the answer");
        }
        GeneratedMembersCut cut = new GeneratedMembersCut(answer, length, into, counting);
        int read;
        try {
            read = cut.top();
        } catch (ArrayIndexOutOfBoundsException e) {
            read = FAILED; // the answer ended in the middle of a value: the parser will say so
        }
        // a byte looked at past the answer's end (a caller's array may be longer) moves the end past it too
        if (read == NOTHING_TO_CUT || read == FAILED || read > length) {
            cut.hits = -1;
        } else if (cut.written != NOTHING_CUT) {
            int rest = length - cut.pending;
            System.arraycopy(answer, cut.pending, into, cut.written, rest);
            cut.copyLength = cut.written + rest;
        }
        return cut;
    }

    /** Past the answer's top object's closing brace, or {@link #FAILED}: what follows is the parser's to judge. */
    private int top() {
        int i = spaces(0);
        return i == end || in[i] != '{' ? FAILED : hitsOwner(i, true);
    }

    /**
     * Past an object that may hold hits: the answer's top object, whose {@code hits} and {@code results} arrays are
     * looked into, or one of its results, whose {@code hits} array is; every other member is left to the parser.
     */
    private int hitsOwner(int i, boolean isTop) {
        i = spaces(i + 1);
        if (in[i] == '}') {
            return i + 1;
        }
        while (true) {
            if (in[i] != '"') {
                return FAILED;
            }
            int name = i;
            i = colon(stringEnd(i + 1));
            if (i == FAILED) {
                return FAILED;
            }
            if (in[i] == '[' && named(name, HITS)) {
                i = array(i, true);
            } else if (isTop && in[i] == '[' && named(name, RESULTS)) {
                i = array(i, false);
            } else {
                i = skipValue(i);
            }
            if (i == FAILED || i == NOTHING_TO_CUT) {
                return i;
            }
            i = spaces(i);
            if (in[i] == '}') {
                return i + 1;
            }
            if (in[i] != ',') {
                return FAILED;
            }
            i = spaces(i + 1);
        }
    }

    /** Past an array of hits, or of a multi-search's results; any item but an object is left to the parser. */
    private int array(int i, boolean ofHits) {
        i = spaces(i + 1);
        if (in[i] == ']') {
            return i + 1;
        }
        while (true) {
            if (in[i] != '{') {
                i = skipValue(i);
            } else {
                i = ofHits ? hit(i) : hitsOwner(i, false);
                if (ofHits && hits == 1 && written == NOTHING_CUT && !counting && i != FAILED) {
                    return NOTHING_TO_CUT;
                }
            }
            if (i == FAILED || i == NOTHING_TO_CUT) {
                return i;
            }
            i = spaces(i);
            if (in[i] == ']') {
                return i + 1;
            }
            if (in[i] != ',') {
                return FAILED;
            }
            i = spaces(i + 1);
        }
    }

    /**
     * A hit: each generated member is cut with one comma beside it, the one before it when a member stays before it
     * (the parser then meets what it met after that member), else the one after it, and then only when a name follows
     * (a comma before the closing brace would otherwise vanish with it).
     */
    private int hit(int i) {
        hits++;
        i = spaces(i + 1);
        if (in[i] == '}') {
            return i + 1;
        }
        boolean memberStays = false;
        int comma = FAILED;
        while (true) {
            if (in[i] != '"') {
                return FAILED;
            }
            int name = i;
            int nameEnd = stringEnd(i + 1);
            boolean generated = nameEnd != FAILED && in[name + 1] == '_' && generated(name + 1, nameEnd - 1);
            i = colon(nameEnd);
            if (i == FAILED) {
                return FAILED;
            }
            int valueEnd = generated ? checkedValue(i, 0) : skipValue(i);
            if (valueEnd == FAILED) {
                return FAILED;
            }
            int next = spaces(valueEnd);
            byte after = in[next];
            if (after != ',' && after != '}') {
                return FAILED;
            }
            if (!generated) {
                memberStays = true;
            } else if (memberStays) {
                cutOut(comma, valueEnd);
            } else if (after == '}') {
                cutOut(name, valueEnd);
            } else {
                int following = spaces(next + 1);
                if (in[following] != '"') {
                    return FAILED;
                }
                cutOut(name, following);
            }
            if (after == '}') {
                return next + 1;
            }
            comma = next;
            i = spaces(next + 1);
        }
    }

    private boolean generated(int from, int to) {
        int length = to - from;
        byte[] name = length == HIGHLIGHT.length
                ? HIGHLIGHT
                : length == SNIPPET.length ? SNIPPET : length == RANKING.length ? RANKING : null;
        return name != null && same(from, name);
    }

    private boolean named(int at, byte[] name) {
        return at + name.length <= end && same(at, name);
    }

    private boolean same(int at, byte[] name) {
        for (int j = 0; j < name.length; j++) {
            if (in[at + j] != name[j]) {
                return false;
            }
        }
        return true;
    }

    private void cutOut(int from, int to) {
        if (written == NOTHING_CUT) {
            written = 0;
        }
        System.arraycopy(in, pending, out, written, from - pending);
        written += from - pending;
        pending = to;
    }

    private int spaces(int i) {
        while (i < end) {
            byte c = in[i];
            if (c > ' ' || (c != ' ' && c != '\n' && c != '\r' && c != '\t')) { // most often the first test
                return i;
            }
            i++;
        }
        return i;
    }

    /** Past the colon after a name and the spaces after it, or {@link #FAILED}. */
    private int colon(int i) {
        if (i == FAILED) {
            return FAILED;
        }
        i = spaces(i);
        return in[i] == ':' ? spaces(i + 1) : FAILED;
    }

    /**
     * Past a string's closing quote, from just after its opening one, looking eight bytes at a time for a quote or a
     * backslash; not checked: the parser reads it.
     */
    private int stringEnd(int i) {
        while (true) {
            while (i + Long.BYTES <= end) {
                long word = (long) LONGS.get(in, i);
                long found = zeroBytes(word ^ QUOTES) | zeroBytes(word ^ BACKSLASHES);
                if (found != 0) {
                    i += Long.numberOfTrailingZeros(found) >>> 3;
                    break;
                }
                i += Long.BYTES;
            }
            if (i >= end) {
                return FAILED;
            }
            byte c = in[i];
            if (c == '"') {
                return i + 1;
            }
            i += c == '\\' ? 2 : 1;
        }
    }

    /** The high bit of each zero byte of a word, and possibly of bytes above the lowest zero one. */
    private static long zeroBytes(long word) {
        return (word - ONES) & ~word & HIGH_BITS;
    }

    /**
     * Past a value left to the parser, following strings and brackets only (a value the parser reads whole ends where
     * they say); a scalar must end at a space or separator.
     */
    private int skipValue(int i) {
        byte c = in[i];
        if (c == '"') {
            return stringEnd(i + 1);
        }
        if (c == '{' || c == '[') {
            int depth = 0;
            while (i < end) {
                c = in[i];
                if (c == '"') {
                    i = stringEnd(i + 1);
                    if (i == FAILED) {
                        return FAILED;
                    }
                    continue;
                }
                if (c == '{' || c == '[') {
                    depth++;
                } else if ((c == '}' || c == ']') && --depth == 0) {
                    return i + 1;
                }
                i++;
            }
            return FAILED;
        }
        int start = i;
        while (i < end && scalarByte(in[i])) {
            i++;
        }
        return i > start ? i : FAILED;
    }

    private static boolean scalarByte(byte c) {
        return (c >= '0' && c <= '9')
                || (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || c == '-'
                || c == '+'
                || c == '.';
    }

    /** Past a generated member's value, checked as strictly as the parser checks what it steps over. */
    private int checkedValue(int i, int depth) {
        switch (in[i]) {
            case '"':
                return checkedString(i + 1, Integer.MAX_VALUE);
            case '{':
                return depth == MAX_DEPTH ? FAILED : checkedObject(i, depth);
            case '[':
                return depth == MAX_DEPTH ? FAILED : checkedArray(i, depth);
            case 't':
                return literal(i, TRUE);
            case 'f':
                return literal(i, FALSE);
            case 'n':
                return literal(i, NULL);
            default:
                return number(i);
        }
    }

    private int checkedObject(int i, int depth) {
        i = spaces(i + 1);
        if (in[i] == '}') {
            return i + 1;
        }
        while (true) {
            if (in[i] != '"') {
                return FAILED;
            }
            i = colon(checkedString(i + 1, MAX_NAME));
            i = i == FAILED ? FAILED : checkedValue(i, depth + 1);
            i = i == FAILED ? FAILED : spaces(i);
            if (i == FAILED) {
                return FAILED;
            }
            if (in[i] == '}') {
                return i + 1;
            }
            if (in[i] != ',') {
                return FAILED;
            }
            i = spaces(i + 1);
        }
    }

    private int checkedArray(int i, int depth) {
        i = spaces(i + 1);
        if (in[i] == ']') {
            return i + 1;
        }
        while (true) {
            i = checkedValue(i, depth + 1);
            i = i == FAILED ? FAILED : spaces(i);
            if (i == FAILED) {
                return FAILED;
            }
            if (in[i] == ']') {
                return i + 1;
            }
            if (in[i] != ',') {
                return FAILED;
            }
            i = spaces(i + 1);
        }
    }

    /** Past a literal; what follows it is checked by the caller (a separator, a space or a closing bracket). */
    private int literal(int i, byte[] word) {
        return i + word.length <= end && same(i, word) ? i + word.length : FAILED;
    }

    /** Past a number of the JSON grammar: no leading zeros, no plus sign, digits on both sides of a point. */
    private int number(int i) {
        int start = i;
        if (in[i] == '-') {
            i++;
        }
        if (in[i] == '0') {
            i++;
        } else if (digit(in[i])) {
            i = digits(i);
        } else {
            return FAILED;
        }
        if (in[i] == '.') {
            if (!digit(in[i + 1])) {
                return FAILED;
            }
            i = digits(i + 1);
        }
        if (in[i] == 'e' || in[i] == 'E') {
            i++;
            if (in[i] == '+' || in[i] == '-') {
                i++;
            }
            if (!digit(in[i])) {
                return FAILED;
            }
            i = digits(i);
        }
        return i > end || i - start > MAX_NUMBER ? FAILED : i;
    }

    private int digits(int i) {
        while (digit(in[i])) {
            i++;
        }
        return i;
    }

    private static boolean digit(byte c) {
        return c >= '0' && c <= '9';
    }

    /**
     * Past a string's closing quote, from just after its opening one, checked: known escapes only, no control
     * character, well-formed UTF-8; at most {@code max} bytes.
     */
    private int checkedString(int i, int max) {
        int start = i;
        while (true) {
            while (i + Long.BYTES <= end) {
                long word = (long) LONGS.get(in, i);
                long found = zeroBytes(word ^ QUOTES)
                        | zeroBytes(word ^ BACKSLASHES)
                        | (((word - SPACES) | word) & HIGH_BITS); // below a space, or not ASCII
                if (found != 0) {
                    i += Long.numberOfTrailingZeros(found) >>> 3;
                    break;
                }
                i += Long.BYTES;
            }
            if (i >= end) {
                return FAILED;
            }
            int c = in[i] & 0xFF;
            if (c == '"') {
                return i - start > max ? FAILED : i + 1;
            } else if (c == '\\') {
                i = escape(i + 1);
            } else if (c < ' ') {
                return FAILED;
            } else if (c >= 0x80) {
                i = multiByte(i, c);
            } else {
                i++;
            }
            if (i == FAILED) {
                return FAILED;
            }
        }
    }

    private int escape(int i) {
        if (i >= end) {
            return FAILED;
        }
        switch (in[i]) {
            case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
                return i + 1;
            case 'u':
                if (i + 5 > end) {
                    return FAILED;
                }
                for (int j = i + 1; j <= i + 4; j++) {
                    if (Character.digit(in[j], 16) < 0) {
                        return FAILED;
                    }
                }
                return i + 5;
            default:
                return FAILED;
        }
    }

    /** Past a character of two to four bytes, by RFC 3629: no overlong form, no surrogate, nothing past U+10FFFF. */
    private int multiByte(int i, int lead) {
        int more;
        int least;
        if (lead >= 0xC2 && lead <= 0xDF) {
            more = 1;
            least = 0x80;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            more = 2;
            least = 0x800;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            more = 3;
            least = 0x10000;
        } else {
            return FAILED;
        }
        if (i + more >= end) {
            return FAILED;
        }
        int code = lead & (0x3F >> more);
        for (int j = i + 1; j <= i + more; j++) {
            int next = in[j] & 0xFF;
            if ((next & 0xC0) != 0x80) {
                return FAILED;
            }
            code = (code << 6) | (next & 0x3F);
        }
        if (code < least || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
            return FAILED;
        }
        return i + more + 1;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
