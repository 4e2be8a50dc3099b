package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Region;
import io.quarry.insights.InsightsClient;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.IndexSettings;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.MockServerClientsExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** With the example's strategy, a user's purchases of one brand become that user's brand affinity. */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
class PersonalizationExampleTest {

    @Test
    void purchasesBuildABrandAffinity(MockServer server, SearchClient search, InsightsClient insights) {
        SearchIndex shop = search.index("shop");
        shop.waitForTask(shop.setSettings(IndexSettings.of().attributesForFaceting("brand"))
                .taskID());
        shop.saveObjects(
                List.of(
                        Map.of("objectID", "acme-kettle", "name", "kettle", "brand", "Acme"),
                        Map.of("objectID", "bolt-kettle", "name", "kettle", "brand", "Bolt")),
                BatchOptions.of().waitingForTasks());
        // The personalization client is regional: no plain create(config), so the test creates it.
        try (PersonalizationClient personalization =
                PersonalizationClient.create(MockServerClients.config(server), Region.US)) {
            PersonalizationExample.personalizeByBrand(personalization);
            insights.user("user-1").convertedObjectIDs("Product Purchased", "shop", List.of("bolt-kettle"));

            assertThat(PersonalizationExample.brandScores(personalization, "user-1"))
                    .containsOnlyKeys("Bolt");
            assertThat(PersonalizationExample.brandScores(personalization, "someone-else"))
                    .isEmpty();
        }
    }
}
