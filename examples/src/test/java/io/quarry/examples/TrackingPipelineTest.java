package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.TopSearchWithClickAnalytics;
import io.quarry.core.Region;
import io.quarry.insights.InsightsClient;
import io.quarry.insights.InsightsUser;
import io.quarry.insights.model.Click;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.personalization.model.UserProfile;
import io.quarry.querysuggestions.QuerySuggestionsClient;
import io.quarry.querysuggestions.model.QuerySuggestionsConfig;
import io.quarry.querysuggestions.model.SourceIndex;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The whole tracking pipeline on one embedded server, through the real clients: searches with click analytics,
 * clicks and a conversion sent as events, click-through and conversion rates read back from analytics, a
 * personalization profile that reorders the user's next search, and a query-suggestions index built from the
 * searches and searched.
 */
class TrackingPipelineTest {

    private static final String INDEX = "pipeline_products";
    private static final String SUGGESTIONS = "pipeline_products_query_suggestions";

    /** A product as the test reads it. */
    record Item(String name, String brand) {}

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @Test
    void searchesAndEventsFeedAnalyticsPersonalizationAndSuggestions(MockServer server) {
        try (SearchClient search = SearchClient.create(MockServerClients.config(server));
                InsightsClient insights = InsightsClient.create(MockServerClients.config(server));
                AnalyticsClient analytics = AnalyticsClient.create(MockServerClients.config(server));
                PersonalizationClient personalization =
                        PersonalizationClient.create(MockServerClients.config(server), Region.US);
                QuerySuggestionsClient suggestions =
                        QuerySuggestionsClient.create(MockServerClients.config(server), Region.US)) {
            SearchIndex products = search.index(INDEX);
            products.waitForTask(products.setSettings(IndexSettings.of()
                            .searchableAttributes("name")
                            .attributesForFaceting("brand")
                            .customRanking("desc(popularity)"))
                    .taskID());
            products.saveObjects(List.of(
                    Map.of("objectID", "acme-phone", "name", "phone one", "brand", "Acme", "popularity", 90),
                    Map.of("objectID", "bolt-phone", "name", "phone two", "brand", "Bolt", "popularity", 10),
                    Map.of("objectID", "bolt-laptop", "name", "laptop", "brand", "Bolt", "popularity", 50)));
            products.waitForTask(
                    products.saveObject("acme-laptop", Map.of("name", "laptop pro", "brand", "Acme", "popularity", 40))
                            .taskID());

            // Three tracked searches for "phone" by one user; the popular Acme phone comes first.
            SearchQuery phone = SearchQuery.of("phone").clickAnalytics(true).userToken("alice");
            List<SearchResponse<Item>> phoneSearches = List.of(
                    products.search(phone, Item.class),
                    products.search(phone, Item.class),
                    products.search(phone, Item.class));
            products.search(SearchQuery.of("laptop").userToken("bob"), Item.class);
            products.search(SearchQuery.of("laptop").userToken("carol"), Item.class);
            SearchResponse<Item> first = phoneSearches.get(0);
            assertThat(first.hits().get(0).objectID()).contains("acme-phone");

            // Alice clicks the Bolt phone (second hit) of her first search and buys it.
            String queryID = first.queryID().orElseThrow();
            InsightsUser alice = insights.user("alice");
            alice.clickedObjectIDsAfterSearch(
                    "Product Clicked",
                    INDEX,
                    Click.afterSearch(queryID)
                            .hitsPerPage(first.hitsPerPage())
                            .page(first.page())
                            .hit(1, "bolt-phone"));
            alice.convertedObjectIDsAfterSearch("Product Purchased", INDEX, queryID, List.of("bolt-phone"));

            // Analytics: 3 tracked "phone" searches, one with a click and a conversion.
            TopSearchWithClickAnalytics phoneRow =
                    analytics.index(INDEX).topSearchesWithClickAnalytics(AnalyticsQuery.of()).searches().stream()
                            .filter(row -> row.search().equals("phone"))
                            .findFirst()
                            .orElseThrow();
            assertThat(phoneRow.count()).isEqualTo(3);
            assertThat(phoneRow.trackedSearchCount()).isEqualTo(3);
            assertThat(phoneRow.clickCount()).isEqualTo(1);
            assertThat(phoneRow.clickThroughRate()).isCloseTo(1.0 / 3, within(1e-9));
            assertThat(phoneRow.conversionRate()).isCloseTo(1.0 / 3, within(1e-9));
            assertThat(phoneRow.averageClickPosition()).isEqualTo(2.0);

            // Personalization: the events give Alice a taste for Bolt, which now leads her personalized search.
            personalization.setStrategy(PersonalizationStrategy.of(
                    List.of(
                            EventScoring.of("Product Clicked", EventType.CLICK, 50),
                            EventScoring.of("Product Purchased", EventType.CONVERSION, 100)),
                    List.of(FacetScoring.of("brand", 100)),
                    100));
            UserProfile profile = personalization.getUserProfile("alice");
            assertThat(profile.scores().get("brand")).containsOnlyKeys("Bolt");
            SearchQuery personalized =
                    SearchQuery.of("phone").userToken("alice").param("enablePersonalization", true);
            assertThat(products.search(personalized, Item.class).hits().get(0).objectID())
                    .contains("bolt-phone");
            assertThat(products.search(
                                    SearchQuery.of("phone").userToken("bob").param("enablePersonalization", true),
                                    Item.class)
                            .hits()
                            .get(0)
                            .objectID())
                    .contains("acme-phone");

            // Query suggestions: built from the recorded searches, then searched like any index.
            Instant before = Instant.now();
            suggestions.createConfig(QuerySuggestionsConfig.of(
                    SUGGESTIONS, SourceIndex.of(INDEX).minHits(1).minLetters(3)));
            suggestions.waitForBuild(SUGGESTIONS, before);
            SearchResponse<Item> suggested = search.index(SUGGESTIONS).search(SearchQuery.of("pho"), Item.class);
            assertThat(suggested.hits()).isNotEmpty();
            assertThat(suggested.hits().get(0).objectID()).contains("phone");
            assertThat(search.index(SUGGESTIONS)
                            .search(SearchQuery.of("lap"), Item.class)
                            .hits())
                    .extracting(hit -> hit.objectID().orElseThrow())
                    .containsExactly("laptop");
        }
    }
}
