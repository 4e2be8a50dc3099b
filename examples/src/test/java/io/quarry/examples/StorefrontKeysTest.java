package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ForbiddenException;
import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.ApiKeyChange;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TestWaits;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The storefront backend's keys let each shopper search their region only. */
@ExtendWith(MockServerExtension.class)
class StorefrontKeysTest {

    @Test
    void aShopperSeesTheirRegionOnlyAndCannotWrite(MockServer server) {
        try (SearchClient admin = SearchClient.create(MockServerClients.config(server))) {
            SearchIndex products = admin.index("products");
            products.waitForTask(
                    products.setSettings(IndexSettings.of().attributesForFaceting("filterOnly(region)"))
                            .taskID(),
                    TestWaits.FAST);
            products.saveObjects(
                    List.of(
                            Map.of("objectID", "1", "name", "kettle", "region", "eu"),
                            Map.of("objectID", "2", "name", "kettle", "region", "us")),
                    BatchOptions.of().waitingForTasks().waitPolicy(TestWaits.FAST));
            String searchOnly = admin.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
            admin.apiKeys().waitForApiKey(searchOnly, ApiKeyChange.ADD, null, TestWaits.FAST);

            StorefrontKeys keys = new StorefrontKeys(searchOnly, Clock.systemUTC());
            String shopperKey = keys.keyFor("shopper-7", "eu");

            try (SearchClient browser = SearchClient.create(MockServerClients.config(server, shopperKey))) {
                assertThat(browser.index("products")
                                .search(SearchQuery.of("kettle"), FreeFormRecord.class)
                                .records())
                        .extracting(r -> r.get("region"))
                        .containsExactly("eu");
                assertThatThrownBy(() -> browser.index("products").saveObject("3", Map.of("name", "x")))
                        .isInstanceOf(ForbiddenException.class);
            }
            assertThat(keys.remainingValidity(shopperKey)).isBetween(Duration.ofMinutes(59), Duration.ofHours(1));
        }
    }
}
