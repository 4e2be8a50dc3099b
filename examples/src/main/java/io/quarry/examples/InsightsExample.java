package io.quarry.examples;

import io.quarry.insights.InsightsClient;
import io.quarry.insights.InsightsUser;
import io.quarry.insights.model.Click;
import io.quarry.search.model.SearchResponse;
import java.util.List;

/**
 * Sending insights events: a user clicks a hit of a search and then buys it. Tied to the search by its
 * {@code queryID}, the events feed click-through and conversion rates in analytics, and personalization.
 */
public final class InsightsExample {

    private InsightsExample() {}

    /**
     * Reports that a user clicked one hit of a search, then bought it.
     *
     * @param insights  an insights client (the key needs the {@code search} right)
     * @param userToken the user, the same token the search was made with
     * @param index     the index the search ran on
     * @param response  the search's response; the search must have been made with {@code clickAnalytics(true)}
     * @param hitIndex  the clicked hit's index on the response's page, from 0
     * @return the objectID of the clicked and bought record
     */
    public static String clickThenBuy(
            InsightsClient insights, String userToken, String index, SearchResponse<?> response, int hitIndex) {
        // Only searches made with clickAnalytics have a queryID.
        String queryID = response.queryID().orElseThrow();
        String objectID = response.hits().get(hitIndex).objectID().orElseThrow();
        InsightsUser user = insights.user(userToken);

        // The click's absolute position is computed from the page, the page size and the index on the page.
        user.clickedObjectIDsAfterSearch(
                "Product Clicked",
                index,
                Click.afterSearch(queryID)
                        .page(response.page())
                        .hitsPerPage(response.hitsPerPage())
                        .hit(hitIndex, objectID));
        user.convertedObjectIDsAfterSearch("Product Purchased", index, queryID, List.of(objectID));
        return objectID;
    }
}
