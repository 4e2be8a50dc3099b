package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ForbiddenException;
import io.quarry.core.NotFoundException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.search.model.ApiKeyResponse;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Global and index-level API keys, waitForApiKey, and key rights, against the mock server. */
class ApiKeysContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");

    @BeforeEach
    void seed() {
        index.waitForTask(
                index.saveObject("p1", new Product("p1", "Phone", "Acme", 1)).taskID(), FAST);
    }

    @Test
    void createsReadsUpdatesListsDeletesAndRestoresGlobalKeys() {
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        ApiKeyResponse created = client.apiKeys()
                .add(ApiKey.of(Acl.SEARCH, Acl.BROWSE)
                        .description("front")
                        .indexes("products*")
                        .maxHitsPerQuery(50)
                        .maxQueriesPerIPPerHour(100)
                        .queryParameters(SearchQuery.of().filters("brand:Acme"))
                        .referers("*.example.com")
                        .validity(3600));
        String key = created.key();
        assertThat(created.createdAt()).isBetween(start, Instant.now());

        ApiKeyInfo read = client.apiKeys().waitForApiKey(key, ApiKeyChange.ADD, null, FAST);
        assertThat(read.value()).isEqualTo(key);
        assertThat(read.createdAt()).isEqualTo(created.createdAt().truncatedTo(ChronoUnit.SECONDS));
        assertThat(read.acl()).extracting(Acl::name).containsExactlyInAnyOrder("search", "browse");
        assertThat(read.description()).isEqualTo("front");
        assertThat(read.indexes()).containsExactly("products*");
        assertThat(read.maxHitsPerQuery()).isEqualTo(50);
        assertThat(read.maxQueriesPerIPPerHour()).isEqualTo(100);
        assertThat(read.queryParameters()).isEqualTo("filters=brand%3AAcme");
        assertThat(read.referers()).containsExactly("*.example.com");
        assertThat(read.validity()).isBetween(1, 3600);
        assertThat(client.apiKeys().get(key).description()).isEqualTo("front");

        ApiKey changed = ApiKey.of(Acl.SEARCH).description("back").validity(600);
        assertThat(client.apiKeys().update(key, changed).updatedAt()).isBetween(created.createdAt(), Instant.now());
        ApiKeyInfo updated = client.apiKeys().waitForApiKey(key, ApiKeyChange.UPDATE, changed, FAST);
        assertThat(updated.acl()).extracting(Acl::name).containsExactly("search");
        assertThat(updated.description()).isEqualTo("back");
        assertThat(client.apiKeys().list().keys()).extracting(ApiKeyInfo::value).contains(key);

        assertThat(client.apiKeys().delete(key).deletedAt()).isBetween(created.createdAt(), Instant.now());
        assertThat(client.apiKeys().waitForApiKey(key, ApiKeyChange.DELETE, null, FAST))
                .isNull();
        assertThatThrownBy(() -> client.apiKeys().get(key)).isInstanceOf(NotFoundException.class);
        assertThat(client.apiKeys().list().keys()).extracting(ApiKeyInfo::value).doesNotContain(key);

        ApiKeyResponse restored = client.apiKeys().restore(key);
        assertThat(restored.key()).isEqualTo(key);
        assertThat(restored.createdAt()).isBetween(created.createdAt(), Instant.now());
        assertThat(client.apiKeys()
                        .waitForApiKey(key, ApiKeyChange.ADD, null, FAST)
                        .description())
                .isEqualTo("back");
    }

    @Test
    void asynchronousFormsAndWaits() {
        String key = client.apiKeys().addAsync(ApiKey.of(Acl.SEARCH)).join().key();
        assertThat(client.apiKeys()
                        .waitForApiKeyAsync(key, ApiKeyChange.ADD, null, FAST)
                        .join()
                        .acl())
                .extracting(Acl::name)
                .containsExactly("search");

        ApiKey changed = ApiKey.of(Acl.SEARCH, Acl.LIST_INDEXES).description("async");
        client.apiKeys().updateAsync(key, changed).join();
        assertThat(client.apiKeys()
                        .waitForApiKeyAsync(key, ApiKeyChange.UPDATE, changed, FAST)
                        .join()
                        .description())
                .isEqualTo("async");
        assertThat(client.apiKeys().getAsync(key).join().acl())
                .extracting(Acl::name)
                .containsExactlyInAnyOrder("search", "listIndexes");
        assertThat(client.apiKeys().listAsync().join().keys())
                .extracting(ApiKeyInfo::value)
                .contains(key);

        client.apiKeys().deleteAsync(key).join();
        assertThat(client.apiKeys()
                        .waitForApiKeyAsync(key, ApiKeyChange.DELETE, null, FAST)
                        .join())
                .isNull();
        assertThat(client.apiKeys().restoreAsync(key).join().key()).isEqualTo(key);
    }

    @Test
    void aKeyGrantsOnlyItsRights() {
        String key = client.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
        client.apiKeys().waitForApiKey(key, ApiKeyChange.ADD, null, FAST);

        try (SearchClient searchOnly = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
            SearchIndex products = searchOnly.index("products");
            assertThat(products.search(SearchQuery.of("phone"), Product.class).nbHits())
                    .isEqualTo(1);
            assertThatThrownBy(() -> products.saveObject("p2", new Product("p2", "Lamp", "Bolt", 2)))
                    .isInstanceOf(ForbiddenException.class);
            assertThatThrownBy(() -> searchOnly.apiKeys().list()).isInstanceOf(ForbiddenException.class);
        }
    }

    @Test
    void managesTheKeysOfOneIndex() {
        String key =
                index.apiKeys().add(ApiKey.of(Acl.SEARCH).description("idx")).key();
        assertThat(index.apiKeys().get(key).description()).isEqualTo("idx");
        assertThat(index.apiKeys().list().keys()).extracting(ApiKeyInfo::value).containsExactly(key);
        assertThat(client.apiKeys().listOfAllIndices().keys())
                .singleElement()
                .satisfies(k -> assertThat(k.index()).isEqualTo("products"));
        assertThat(client.apiKeys().get(key).indexes()).containsExactly("products");

        assertThat(index.apiKeys()
                        .update(key, ApiKey.of(Acl.SEARCH, Acl.BROWSE).description("idx2"))
                        .key())
                .isEqualTo(key);
        assertThat(index.apiKeys().getAsync(key).join().description()).isEqualTo("idx2");

        try (SearchClient scoped = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
            assertThat(scoped.index("products")
                            .search(SearchQuery.of("phone"), Product.class)
                            .nbHits())
                    .isEqualTo(1);
            assertThatThrownBy(() -> scoped.index("other").search(SearchQuery.of("phone"), Product.class))
                    .isInstanceOf(ForbiddenException.class);
        }

        assertThat(index.apiKeys().delete(key).deletedAt()).isNotNull();
        assertThatThrownBy(() -> index.apiKeys().get(key)).isInstanceOf(NotFoundException.class);
        assertThat(index.apiKeys().listAsync().join().keys()).isEmpty();
        assertThat(client.apiKeys().listOfAllIndicesAsync().join().keys()).isEmpty();
    }

    @Test
    void indexKeyAsynchronousForms() {
        String key = index.apiKeys().addAsync(ApiKey.of(Acl.BROWSE)).join().key();
        index.apiKeys().updateAsync(key, ApiKey.of(Acl.BROWSE).description("b")).join();
        assertThat(index.apiKeys().get(key).description()).isEqualTo("b");
        index.apiKeys().deleteAsync(key).join();
        assertThat(index.apiKeys().list().keys()).isEmpty();
    }
}
