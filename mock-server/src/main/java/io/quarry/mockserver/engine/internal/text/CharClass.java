package io.quarry.mockserver.engine.internal.text;

/**
 * A glob's character class: characters and ranges of them ({@code [a-z_]}), or, negated, every character but those
 * ({@code [!a-z]}). Neither kind takes {@code /}: like {@code ?} and {@code *}, a class stays within one segment.
 */
final class CharClass {

    /** Pairs of first and last code points; a range written backwards ({@code z-a}) holds nothing. */
    private final int[] ranges;

    private final boolean negated;

    CharClass(int[] ranges, boolean negated) {
        this.ranges = ranges;
        this.negated = negated;
    }

    boolean contains(int c) {
        if (c == '/') {
            return false;
        }
        for (int i = 0; i < ranges.length; i += 2) {
            if (c >= ranges[i] && c <= ranges[i + 1]) {
                return !negated;
            }
        }
        return negated;
    }
}
