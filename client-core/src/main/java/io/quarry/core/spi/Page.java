package io.quarry.core.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One page of a paged read and the token of the next one.
 *
 * @param items the items
 * @param next  the token of the next page (a cursor or a page number), null when this page is the last
 * @param <T>   the item type
 * @param <K>   the token type
 */
public record Page<T, K>(List<T> items, K next) {

    /**
     * Keeps an unmodifiable copy of the items (null items kept), so that a list the module reuses for its next
     * page leaves this one as it was.
     *
     * @param items see the record description
     * @param next  see the record description
     */
    public Page {
        items = items == null ? null : Collections.unmodifiableList(new ArrayList<>(items));
    }

    /**
     * The next page number when pages are counted: none after an empty page or the last one.
     *
     * @param page     the page just read
     * @param items    its item count
     * @param nbPages  the number of pages, or -1 if the response does not say
     * @param pageSize the requested page size (a short page is the last when nbPages is unknown)
     * @return the next page number, or null at the end
     */
    public static Integer nextPageNumber(int page, int items, int nbPages, int pageSize) {
        if (items == 0) {
            return null;
        }
        if (nbPages >= 0) {
            return page + 1 < nbPages ? page + 1 : null;
        }
        return items < pageSize ? null : page + 1;
    }
}
