package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.InvalidRequestException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A restriction the service reads as none is refused when the key is generated: a list of indices computed empty,
 * or a tenant's filter computed blank, would otherwise sign a key that sees every index or every record. The service
 * side is shown with keys signed by hand: such a key reads what it was meant not to.
 */
class SecuredKeyWideningContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private String parent;

    @BeforeEach
    void twoIndicesAndASearchKey() {
        try (SearchClient admin = SearchClient.create(MockServerClients.config(MOCK.server()))) {
            for (String index : List.of("tenant-a", "tenant-b")) {
                admin.index(index)
                        .saveObjects(
                                List.of(Map.of("objectID", "1", "tenant", index)),
                                BatchOptions.of().waitingForTasks());
            }
            parent = admin.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
            admin.apiKeys().waitForApiKey(parent, ApiKeyChange.ADD, null);
        }
    }

    @Test
    void noIndexNamedIsRefusedWhereTheServiceWouldLetTheKeyQueryEveryIndex() {
        assertThatThrownBy(() -> SecuredApiKeys.generate(
                        parent, SecuredApiKeyRestrictions.of().restrictIndices(new String[0])))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("restrictIndices names no index");
        assertThatThrownBy(() -> SecuredApiKeys.generate(
                        parent, SecuredApiKeyRestrictions.of().restrictIndices(" ")))
                .isInstanceOf(InvalidRequestException.class);

        assertThat(hitsWith(sign(parent, "restrictIndices="), "tenant-b")).isEqualTo(1);
    }

    @Test
    void aBlankFilterIsRefusedWhereTheServiceWouldShowEveryRecord() {
        for (SecuredApiKeyRestrictions blank : List.of(
                SecuredApiKeyRestrictions.of().filters(""),
                SecuredApiKeyRestrictions.of().filters("  "),
                SecuredApiKeyRestrictions.of().searchParams(SearchQuery.of().filters("")))) {
            assertThatThrownBy(() -> SecuredApiKeys.generate(parent, blank))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("filters is blank");
        }

        assertThat(hitsWith(sign(parent, "filters="), "tenant-a")).isEqualTo(1);
    }

    @Test
    void aBlankUserTokenIsRefused() {
        assertThatThrownBy(() -> SecuredApiKeys.generate(
                        parent, SecuredApiKeyRestrictions.of().userToken(" ")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("userToken is blank");
    }

    @Test
    void realRestrictionsAreSignedAsBefore() {
        String key = SecuredApiKeys.generate(
                parent,
                SecuredApiKeyRestrictions.of().restrictIndices("tenant-a").userToken("alice"));

        assertThat(hitsWith(key, "tenant-a")).isEqualTo(1);
    }

    private long hitsWith(String key, String index) {
        try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
            return client.index(index)
                    .search(SearchQuery.of(""), FreeFormRecord.class)
                    .nbHits();
        }
    }

    /** Signed here, not by the client, which refuses these. */
    private static String sign(String parentKey, String query) {
        return HandSigned.key(parentKey, query);
    }
}
