package io.quarry.mockserver.engine.internal.text;

/**
 * Bounded Damerau-Levenshtein distance (optimal string alignment: insertions, deletions, substitutions and
 * transpositions of adjacent letters each count as one typo). Computations stop as soon as the bound is exceeded.
 */
public final class TypoDistance {

    private TypoDistance() {}

    /**
     * How a query word relates to a term.
     *
     * @param full the distance between the word and the whole term, or {@code max + 1} when above {@code max}
     * @param prefix the smallest distance between the word and any prefix of the term, or {@code max + 1}
     */
    public record Result(int full, int prefix) {}

    /**
     * {@return the distances to the whole term and to its closest prefix, capped at {@code max + 1}}
     *
     * @param word the query word
     * @param term the indexed term
     * @param max the largest distance of interest
     */
    public static Result compute(String word, String term, int max) {
        int m = word.length();
        int n = term.length();
        int over = max + 1;
        if (m - n > max) {
            return new Result(over, over);
        }
        // Column j holds the distances between word[0..i) and term[0..j) for every i.
        int[] prev2 = new int[m + 1];
        int[] prev = new int[m + 1];
        int[] cur = new int[m + 1];
        for (int i = 0; i <= m; i++) {
            prev[i] = i;
        }
        int bestPrefix = prev[m];
        for (int j = 1; j <= n; j++) {
            cur[0] = j;
            int columnMin = cur[0];
            char tc = term.charAt(j - 1);
            for (int i = 1; i <= m; i++) {
                char wc = word.charAt(i - 1);
                int cost = wc == tc ? 0 : 1;
                int value = Math.min(Math.min(prev[i] + 1, cur[i - 1] + 1), prev[i - 1] + cost);
                if (i > 1 && j > 1 && wc == term.charAt(j - 2) && word.charAt(i - 2) == tc) {
                    value = Math.min(value, prev2[i - 2] + 1);
                }
                cur[i] = value;
                columnMin = Math.min(columnMin, value);
            }
            bestPrefix = Math.min(bestPrefix, cur[m]);
            if (columnMin > max) {
                return new Result(over, Math.min(bestPrefix, over));
            }
            int[] recycled = prev2;
            prev2 = prev;
            prev = cur;
            cur = recycled;
        }
        return new Result(Math.min(prev[m], over), Math.min(bestPrefix, over));
    }
}
