package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A key whose value the test chooses (the mock server's seed lets it; the service makes its own): managed through
 * the client as a path segment of the key calls and as the credential. The mock server takes chosen values of ASCII
 * letters, digits, {@code -} and {@code _} only (so that it can hide them whole wherever it shows a request again);
 * how the client writes a value of any other character into a path is {@link KeyValuePathsTest}'s.
 */
class SeededKeyValuesContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient admin = SearchClient.create(MockServerClients.config(MOCK.server()));

    /** A value that would change the request's path is refused by the client, before any call. */
    @ParameterizedTest
    @ValueSource(strings = {".", ".."})
    void aValueThatIsADotSegmentIsRefusedBeforeTheCall(String value) {
        assertThatThrownBy(() -> admin.apiKeys().get(value)).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> admin.apiKeys().delete(value)).isInstanceOf(InvalidRequestException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"chosen", "Chosen-Key_2", "-", "_", "0123456789abcdefABCDEF-_0123456789abcdefABCDEF-_"})
    void aChosenValueIsReadUpdatedDeletedAndRestored(String value) {
        ObjectNode seed = JsonNodeFactory.instance.objectNode();
        ObjectNode key = seed.putArray("keys").addObject().put("value", value).put("description", "chosen");
        key.putArray("acl").add("search");
        MOCK.server().seed(JsonMapper.shared().writeValueAsString(seed));

        ApiKeyInfo read = admin.apiKeys().get(value);
        assertThat(read.value()).isEqualTo(value);
        assertThat(read.description()).isEqualTo("chosen");
        assertThat(admin.apiKeys().list().keys()).extracting(ApiKeyInfo::value).contains(value);
        admin.apiKeys().update(value, ApiKey.of(Acl.SEARCH, Acl.BROWSE));
        assertThat(admin.apiKeys().get(value).acl()).extracting(Acl::name).containsExactly("search", "browse");
        try (SearchClient user = SearchClient.create(MockServerClients.config(MOCK.server(), value))) {
            assertThatThrownBy(() -> user.index("items").search(SearchQuery.of(), Product.class))
                    .as("the key authenticates: the index is missing, not refused")
                    .isInstanceOf(NotFoundException.class);
        }
        admin.apiKeys().delete(value);
        assertThatThrownBy(() -> admin.apiKeys().get(value)).isInstanceOf(NotFoundException.class);
        assertThat(admin.apiKeys().restore(value).key()).isEqualTo(value);
        assertThat(admin.apiKeys().get(value).acl()).hasSize(2);
    }
}
