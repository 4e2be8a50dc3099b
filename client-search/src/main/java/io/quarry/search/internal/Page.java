package io.quarry.search.internal;

import java.util.List;

/**
 * One page of a paged read and the token of the next, null at the end.
 *
 * @param items the items
 * @param next  the token of the next page (cursor or page number), null when this is the last
 * @param <T>   the item type
 * @param <K>   the token type
 */
public record Page<T, K>(List<T> items, K next) {
}
