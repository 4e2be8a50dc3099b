package io.quarry.insights.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Clicks on hits of one search, with the absolute positions the service wants computed for you: position =
 * page x hitsPerPage + index on the page + 1 (the third hit of the second page at 10 per page is 13).
 *
 * <p>Feed it from a search made with {@code clickAnalytics} on, with the values of its response:
 * <pre>{@code
 * SearchResponse<Product> response = index.search(SearchQuery.of("phone").clickAnalytics(true), Product.class);
 * int i = 2; // the hit the user clicked, on this page
 * Click click = Click.afterSearch(response.queryID().orElseThrow())
 *         .page(response.page())
 *         .hitsPerPage(response.hitsPerPage())
 *         .hit(i, response.hits().get(i).objectID().orElseThrow());
 * insights.user("user-42").clickedObjectIDsAfterSearch("Product clicked", "products", click);
 * }</pre>
 * Immutable; each method returns a new click.
 *
 * @param queryID the search's query ID
 * @param page the page of the response, from 0
 * @param hitsPerPage the page size of the response
 * @param objectIDs the clicked hits
 * @param hitIndices each clicked hit's index on its page, from 0
 */
public record Click(String queryID, int page, int hitsPerPage, List<String> objectIDs, List<Integer> hitIndices) {

    /** The page size the service uses when a search sets none. */
    public static final int DEFAULT_HITS_PER_PAGE = 20;

    /**
     * Validates and copies.
     *
     * @param queryID see the record description
     * @param page see the record description
     * @param hitsPerPage see the record description
     * @param objectIDs see the record description
     * @param hitIndices see the record description
     * @throws IllegalArgumentException for a negative page or index, a page size below 1, lists of different
     *     lengths, or a hit whose absolute position would be beyond {@link Integer#MAX_VALUE}
     */
    public Click {
        Objects.requireNonNull(queryID, "queryID");
        objectIDs = List.copyOf(Objects.requireNonNull(objectIDs, "objectIDs"));
        hitIndices = List.copyOf(Objects.requireNonNull(hitIndices, "hitIndices"));
        if (page < 0 || hitsPerPage < 1) {
            throw new IllegalArgumentException("page must be >= 0 and hitsPerPage >= 1");
        }
        if (objectIDs.size() != hitIndices.size()) {
            throw new IllegalArgumentException("one hit index per objectID");
        }
        for (int index : hitIndices) {
            if (index < 0) {
                throw new IllegalArgumentException("hit indices start at 0: " + index);
            }
            // in long: page x hitsPerPage alone may pass the largest int
            long position = (long) page * hitsPerPage + index + 1;
            if (position > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("the absolute position of hit " + index + " on page " + page + " at "
                        + hitsPerPage + " per page is beyond " + Integer.MAX_VALUE);
            }
        }
    }

    /**
     * Clicks after the search that returned this query ID, on page 0 at {@value #DEFAULT_HITS_PER_PAGE} hits per
     * page until set otherwise.
     *
     * @param queryID the search response's query ID
     * @return the click, without hits yet
     */
    public static Click afterSearch(String queryID) {
        return new Click(queryID, 0, DEFAULT_HITS_PER_PAGE, List.of(), List.of());
    }

    /**
     * {@return the new click}
     *
     * @param page the page of the search response, from 0
     */
    public Click page(int page) {
        return new Click(queryID, page, hitsPerPage, objectIDs, hitIndices);
    }

    /**
     * {@return the new click}
     *
     * @param hitsPerPage the page size of the search response
     */
    public Click hitsPerPage(int hitsPerPage) {
        return new Click(queryID, page, hitsPerPage, objectIDs, hitIndices);
    }

    /**
     * Adds a clicked hit.
     *
     * @param hitIndex the hit's index in the response's hits, from 0
     * @param objectID the hit's objectID
     * @return the new click
     */
    public Click hit(int hitIndex, String objectID) {
        List<String> ids = new ArrayList<>(objectIDs);
        ids.add(Objects.requireNonNull(objectID, "objectID"));
        List<Integer> indices = new ArrayList<>(hitIndices);
        indices.add(hitIndex);
        return new Click(queryID, page, hitsPerPage, ids, indices);
    }

    /**
     * The absolute positions of the clicked hits, from 1.
     *
     * @return one position per objectID
     */
    public List<Integer> positions() {
        return hitIndices.stream().map(index -> page * hitsPerPage + index + 1).toList();
    }

    /**
     * The click event for a user. A null name, index or user token is refused when the event is sent, as
     * {@link InsightsEvent} says.
     *
     * @param eventName the event's name
     * @param index the index searched
     * @param userToken the user
     * @return the event, with query ID, objectIDs and positions
     */
    public InsightsEvent toEvent(String eventName, String index, String userToken) {
        return InsightsEvent.click(eventName, index, userToken)
                .objectIDs(objectIDs)
                .positions(positions())
                .queryID(queryID);
    }
}
