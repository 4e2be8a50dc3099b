package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.search.model.SearchQuery;
import java.time.Instant;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A restriction given null is refused, naming its setter: it never leaves a key signed without that restriction. */
class SecuredApiKeyRestrictionsNullsTest {

    private static final String PARENT = "2640659426d5107b6e47d75db9cbaef8";

    @Test
    void aTenantFilterFoundNullSignsNoKeyThatSeesEveryRecord() {
        String tenantFilter = null; // a tenant whose filter was not found

        // before, the filter was dropped and the key signed without it read every tenant's records
        assertThatThrownBy(() -> SecuredApiKeys.generate(
                        PARENT, SecuredApiKeyRestrictions.of().filters(tenantFilter)))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("filters");
    }

    @Test
    void everySetterOfOneValueRefusesNullNamingItself() {
        assertRefused("filters", r -> r.filters(null));
        assertRefused("userToken", r -> r.userToken(null));
        assertRefused("restrictSources", r -> r.restrictSources(null));
        assertRefused("validUntil", r -> r.validUntil(null));
        assertRefused("searchParams", r -> r.searchParams(null));
    }

    @Test
    void generatingFromNullRestrictionsNamesThem() {
        assertThatThrownBy(() -> SecuredApiKeys.generate(PARENT, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("restrictions");
    }

    @Test
    void listSettersRefuseANullListOrItemNamingIt() {
        assertRefused("restrictIndices", r -> r.restrictIndices((String[]) null));
        assertRefused("restrictIndices[1]", r -> r.restrictIndices("products", null));
        assertRefused("referers", r -> r.referers((String[]) null));
        assertRefused("referers[0]", r -> r.referers((String) null));
    }

    @Test
    void aRefusedNullLeavesTheRestrictionSetBeforeInPlace() {
        SecuredApiKeyRestrictions restricted =
                SecuredApiKeyRestrictions.of().filters("tenant:42").userToken("user-42");

        assertThatThrownBy(() -> restricted.filters(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> restricted.userToken(null)).isInstanceOf(NullPointerException.class);

        assertThat(SecuredApiKeys.decode(SecuredApiKeys.generate(PARENT, restricted))
                        .toParams())
                .containsEntry("filters", "tenant:42")
                .containsEntry("userToken", "user-42");
    }

    @Test
    void aSearchQueryParameterSetToNullIsNotForcedAsTheQueryDocuments() {
        // SearchQuery reads null as "remove": the restriction forces only what the query holds
        SecuredApiKeyRestrictions restrictions = SecuredApiKeyRestrictions.of()
                .filters("tenant:42")
                .searchParams(SearchQuery.of().param("filters", null).hitsPerPage(5));

        assertThat(restrictions.toParams())
                .containsEntry("filters", "tenant:42")
                .containsEntry("hitsPerPage", 5);
    }

    @Test
    void validUntilStillSetsTheExpiry() {
        assertThat(SecuredApiKeyRestrictions.of()
                        .validUntil(Instant.ofEpochSecond(2524604400L))
                        .validUntil())
                .contains(Instant.ofEpochSecond(2524604400L));
    }

    private static void assertRefused(String name, Function<SecuredApiKeyRestrictions, ?> setter) {
        assertThatThrownBy(() -> setter.apply(SecuredApiKeyRestrictions.of()))
                .as(name)
                .isInstanceOf(NullPointerException.class)
                .hasMessage(name);
    }
}
