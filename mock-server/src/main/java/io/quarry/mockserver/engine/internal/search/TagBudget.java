package io.quarry.mockserver.engine.internal.search;

/**
 * How many characters the request's own texts (highlight tags, snippet ellipses) may still add to one answer. Each
 * match gets its tags and each cut snippet its ellipses, so a long tag over a record of many matching words once
 * grew an answer without bound (a 200,000-character tag over 20,000 matches ran the server out of memory). Once
 * the budget is spent, later matches are left plain and later cuts unmarked; the text and the match levels stay
 * whole.
 */
public final class TagBudget {

    /** Characters per answer: about 400,000 matches with the default tags, far more than an answer holds. */
    public static final long PER_ANSWER = 4_000_000;

    private long left;

    /**
     * @param characters the characters the answer may add
     */
    public TagBudget(long characters) {
        this.left = characters;
    }

    /** {@return a budget of {@value #PER_ANSWER} characters} */
    public static TagBudget perAnswer() {
        return new TagBudget(PER_ANSWER);
    }

    /**
     * {@return whether the texts may be added; once one may not, no later one may either, so that an answer is
     * marked up to one point and plain after it}
     *
     * @param characters their length
     */
    boolean take(long characters) {
        if (characters > left) {
            left = 0;
            return false;
        }
        left -= characters;
        return true;
    }
}
