package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ForbiddenException;
import io.quarry.core.NotFoundException;
import io.quarry.core.testing.MutableClock;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A secured key's {@code validUntil} second: the key works until the millisecond before it and is refused from it
 * on, where {@link SecuredApiKeys#remainingValidity} reads zero (not yet negative), on the server's clock.
 */
class SecuredKeyValidityBoundaryContractTest {

    private static final Instant VALID_UNTIL = Instant.parse("2026-03-01T10:00:00Z");
    private static final MutableClock CLOCK = new MutableClock(VALID_UNTIL.minusMillis(1));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    @Test
    void theKeyIsRefusedFromItsValidUntilSecondOn() {
        String key;
        try (SearchClient admin = SearchClient.create(MockServerClients.config(MOCK.server()))) {
            key = SecuredApiKeys.generate(
                    admin.apiKeys().add(ApiKey.of(Acl.SEARCH)).key(),
                    SecuredApiKeyRestrictions.of().validUntil(VALID_UNTIL));
        }
        try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
            assertThat(SecuredApiKeys.remainingValidity(key, CLOCK)).isEqualTo(Duration.ofMillis(1));
            assertThatThrownBy(() -> client.index("none").search(SearchQuery.of(""), Product.class))
                    .as("accepted, then no such index")
                    .isInstanceOf(NotFoundException.class);

            CLOCK.advance(Duration.ofMillis(1));

            assertThat(SecuredApiKeys.remainingValidity(key, CLOCK)).isZero();
            assertThatThrownBy(() -> client.index("none").search(SearchQuery.of(""), Product.class))
                    .isInstanceOf(ForbiddenException.class)
                    .hasMessageContaining("expired");
        }
    }
}
