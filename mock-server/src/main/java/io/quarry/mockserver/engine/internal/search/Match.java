package io.quarry.mockserver.engine.internal.search;

/**
 * The textual relevance of one record for one query, criterion by criterion.
 *
 * @param typos the total number of typos over the query words (lower is better)
 * @param words the number of query words matched (higher is better)
 * @param proximity the summed distance between consecutive query words, each pair capped at 8 (lower is better)
 * @param firstMatchedWord the best attribute rank times 1000 plus the position of the match in it for ordered
 *     attributes (lower is better)
 * @param exactWords the number of query words matched exactly, without typo or prefix (higher is better)
 */
public record Match(int typos, int words, int proximity, int firstMatchedWord, int exactWords) {

    /** The match of the empty query. */
    public static final Match EMPTY_QUERY = new Match(0, 0, 0, 0, 0);
}
