package io.quarry.examples;

import io.quarry.querysuggestions.QuerySuggestionsClient;
import io.quarry.querysuggestions.model.QuerySuggestionsConfig;
import io.quarry.querysuggestions.model.SourceIndex;
import io.quarry.search.SearchClient;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import java.time.Instant;
import java.util.List;

/**
 * Query suggestions: the service builds an index of the searches users made that found results, which a search
 * box then queries as they type ("pho" suggests "phone"). The service has hosts in each region only, so the client
 * is made for the region of the application's data: {@code QuerySuggestionsClient.create(appId, apiKey, Region.EU)}.
 */
public final class QuerySuggestionsExample {

    private QuerySuggestionsExample() {}

    /**
     * A suggestion, as stored in the suggestions index.
     *
     * @param query      the suggested search
     * @param popularity how often users searched it
     */
    public record Suggestion(String query, long popularity) {}

    /**
     * Creates the suggestions index of a products index and waits until its first build is done.
     *
     * @param suggestions  a query suggestions client (an admin key)
     * @param productIndex the index whose searches feed the suggestions
     * @param targetIndex  the suggestions index to create
     */
    public static void build(QuerySuggestionsClient suggestions, String productIndex, String targetIndex) {
        Instant before = Instant.now();
        // Only searches with at least 3 letters that found at least one product become suggestions.
        suggestions.createConfig(QuerySuggestionsConfig.of(
                targetIndex, SourceIndex.of(productIndex).minHits(1).minLetters(3)));
        suggestions.waitForBuild(targetIndex, before);
    }

    /**
     * What a search box would suggest for what the user typed so far: a search of the suggestions index.
     *
     * @param search      a search client
     * @param targetIndex the suggestions index
     * @param typed       the letters typed so far
     * @return the suggested searches, best first
     */
    public static List<String> suggest(SearchClient search, String targetIndex, String typed) {
        SearchResponse<Suggestion> response =
                search.index(targetIndex).search(SearchQuery.of(typed).hitsPerPage(5), Suggestion.class);
        return response.hits().stream().map(hit -> hit.record().query()).toList();
    }
}
