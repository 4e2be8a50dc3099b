package io.quarry.search;

import static io.quarry.search.MockClients.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The README story end to end against the mock server, at quickstart size (10,000 records). */
@ExtendWith(MockServerExtension.class)
class QuickstartIntegrationTest {

    private static final int COUNT = 10_000;
    private static final String[] BRANDS = {"Acme", "Bolt", "Crest", "Delta"};

    /** A catalogue record. */
    record Item(String objectID, String name, String brand, int price) {
    }

    @Test
    void indexesSearchesBrowsesReplacesAndSecures(MockServer server) {
        try (SearchClient client = MockClients.client(server)) {
            SearchIndex index = client.index("catalogue");
            index.waitForTask(index.setSettings(IndexSettings.create().searchableAttributes("name", "brand")
                    .attributesForFaceting("brand", "price"), false).taskID(), FAST);

            AtomicLong sent = new AtomicLong();
            index.saveObjects(items("widget"), BatchOptions.defaults().waitForTasks(true).waitPolicy(FAST)
                    .onProgress((done, total) -> sent.set(done)));
            assertThat(sent.get()).isEqualTo(COUNT);

            SearchResponse<Item> found = index.search(SearchQuery.of("widget").filters("brand:Acme AND price < 100")
                    .facets("brand").hitsPerPage(10), Item.class);
            assertThat(found.nbHits()).isEqualTo(250);
            assertThat(found.records()).hasSize(10).allSatisfy(i -> assertThat(i.brand()).isEqualTo("Acme"));
            assertThat(found.facets().get("brand")).containsEntry("Acme", 250L);

            assertThat(index.browseObjects(SearchQuery.empty(), Item.class).stream().map(Item::objectID).distinct()
                    .count()).isEqualTo(COUNT);

            ReplaceAllResponse replaced = index.replaceAllObjects(items("gadget"),
                    BatchOptions.defaults().waitPolicy(FAST));
            assertThat(replaced.batches()).hasSize(COUNT / 1000);
            assertThat(index.search(SearchQuery.of("widget"), Item.class).nbHits()).isZero();
            assertThat(index.search(SearchQuery.of("gadget"), Item.class).nbHits()).isEqualTo(COUNT);
            assertThat(index.getSettings().getStrings("attributesForFaceting")).containsExactly("brand", "price");

            String secured = SearchClient.generateSecuredApiKey("search-only-parent-key",
                    SecuredApiKeyRestrictions.create().filters("brand:Acme").restrictIndices("catalogue")
                            .validUntil(Instant.now().plus(Duration.ofHours(1))));
            assertThat(SecuredApiKeys.decode(secured).restrictIndices()).containsExactly("catalogue");
            assertThat(SearchClient.securedApiKeyRemainingValidity(secured)).isPositive();
        }
    }

    private static List<Item> items(String word) {
        return IntStream.range(0, COUNT)
                .mapToObj(i -> new Item("item-" + i, word + " " + i, BRANDS[i % BRANDS.length], i % 1000))
                .toList();
    }
}
