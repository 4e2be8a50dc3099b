package io.quarry.mockserver.engine.internal.search;

/**
 * How an indexed term matches one query word.
 *
 * @param typos the number of typos
 * @param prefixOnly whether the word matches only the start of the term (the term is longer)
 * @param matchedLength how many leading characters of the term the word covers (for highlighting)
 */
public record TermMatch(int typos, boolean prefixOnly, int matchedLength) {

    /**
     * {@return the better of the two: fewer typos, then a whole-word match}
     *
     * @param other another match of the same term
     */
    public TermMatch better(TermMatch other) {
        if (other == null) {
            return this;
        }
        if (typos != other.typos) {
            return typos < other.typos ? this : other;
        }
        return prefixOnly && !other.prefixOnly ? other : this;
    }

    /** {@return whether this is an exact whole-word match} */
    public boolean exact() {
        return typos == 0 && !prefixOnly;
    }
}
