package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.testsupport.MockServerClients;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A key given a validity past what an int holds (about 68 years; the service takes it, another tool may have set
 * it) reads back as {@link Integer#MAX_VALUE} seconds left, and the keys beside it read back as ever.
 */
class LongValidityKeysContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient admin = SearchClient.create(MockServerClients.config(MOCK.server()));

    @Test
    void aValidityPastAnIntReadsAsTheLargestInt() {
        MOCK.server()
                .seed("{\"keys\": [{\"value\": \"century\", \"acl\": [\"search\"], \"validity\": 3155760000},"
                        + " {\"value\": \"hour\", \"acl\": [\"search\"], \"validity\": 3600}]}");

        assertThat(admin.apiKeys().get("century").validity()).isEqualTo(Integer.MAX_VALUE);
        assertThat(admin.apiKeys().list().keys())
                .extracting(ApiKeyInfo::value, ApiKeyInfo::validity)
                .containsExactlyInAnyOrder(tuple("century", Integer.MAX_VALUE), tuple("hour", 3600));
    }
}
