package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.search.ApiKeyChange;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When a key update counts as propagated: its read matches the parameters sent, as the service shows them. */
class ApiKeyWaitTest {

    /** A key with no index restriction reads back without {@code indexes}, the way the service lists it. */
    @Test
    void noIndexesSentMatchesAReadWithoutIndexes() {
        ApiKey sent = ApiKey.of(Acl.SEARCH).indexes(new String[0]).referers(new String[0]);
        assertThat(ApiKeyWait.check(ApiKeyChange.UPDATE, sent, read(null, List.of()), null))
                .isPresent();
        assertThat(ApiKeyWait.check(ApiKeyChange.UPDATE, sent, read(List.of(), List.of()), null))
                .isPresent();
        assertThat(ApiKeyWait.check(ApiKeyChange.UPDATE, sent, read(List.of("old"), List.of()), null))
                .as("the old restriction still shows")
                .isEmpty();
    }

    @Test
    void indexesSentMustReadBack() {
        ApiKey sent = ApiKey.of(Acl.SEARCH).indexes("shop_*");
        assertThat(ApiKeyWait.check(ApiKeyChange.UPDATE, sent, read(null, List.of()), null))
                .isEmpty();
        assertThat(ApiKeyWait.check(ApiKeyChange.UPDATE, sent, read(List.of("shop_*"), List.of()), null))
                .isPresent();
    }

    private static ApiKeyInfo read(List<String> indexes, List<String> referers) {
        return new ApiKeyInfo("k", Instant.EPOCH, List.of(Acl.SEARCH), "", indexes, null, 0, 0, "", referers, 0);
    }
}
