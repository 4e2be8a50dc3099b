package io.quarry.mockserver.internal.auth;

/**
 * The longest key value a user may set (the admin, monitoring, usage and crawler keys, a seeded key), and the bounds
 * the journal and the request log derive from it. Both cut long texts before the word the cut falls in, so that a key
 * straddling the cut is left out whole rather than half shown; past a bound a word is no key and is cut where the cut
 * falls. A key of {@value #MAX_CHARS} characters holds the service's own keys (32 hexadecimal characters), a UUID or
 * a SHA-1 in hexadecimal. Its characters are ASCII ({@link ChosenKey}), each written in one layer of escapes in at
 * most six (a JSON escape, <code>&#92;u0061</code>; percent-encoded, three); the bounds allow
 * {@value #LONGEST_ESCAPE} for each ({@value #MAX_WRITTEN} in all), what the three UTF-8 bytes of a character such as
 * {@code €} take percent-encoded ({@code %E2%82%AC}): a margin that costs the cut nothing. The journal keeps
 * {@value #MAX_WRITTEN} well inside the 500 characters it keeps of a path
 * with its query, so that a long path still shows its start; hence no longer keys. A body, of which the journal keeps
 * 2,000 bytes, is given room for a key escaped twice ({@value #MAX_WRITTEN_IN_BODY}).
 */
public final class KeyLength {

    /** The most characters (UTF-16 units, as {@link String#length()} counts them) of a key value a user sets. */
    public static final int MAX_CHARS = 48;

    /**
     * The most characters the bounds allow one character of a key written in one layer of escapes: {@code %E2%82%AC},
     * more than an ASCII character takes (<code>&#92;u0061</code>).
     */
    public static final int LONGEST_ESCAPE = 9;

    /** The most characters a key of {@value #MAX_CHARS} characters takes written in one layer of escapes. */
    public static final int MAX_WRITTEN = MAX_CHARS * LONGEST_ESCAPE;

    /**
     * The most characters a key of {@value #MAX_CHARS} characters takes in a body: a body may hold one escaped twice,
     * an ASCII character percent-encoded inside a JSON string and the escape's three characters JSON-escaped in turn
     * (<code>&#92;u0025&#92;u0034&#92;u0031</code>, 18 characters), longer than any one layer of escapes writes it.
     */
    public static final int MAX_WRITTEN_IN_BODY = MAX_CHARS * 18;

    /** The most characters a key of {@value #MAX_CHARS} ASCII characters takes with each percent-encoded. */
    public static final int MAX_PERCENT_ENCODED_ASCII = MAX_CHARS * 3;

    private KeyLength() {}

    /** {@return whether the value is longer than a key a user sets may be} */
    public static boolean tooLong(String value) {
        return value.length() > MAX_CHARS;
    }
}
