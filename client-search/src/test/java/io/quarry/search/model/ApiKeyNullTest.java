package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A restriction of a key's parameters given null is refused naming it; unset members stay unset (not sent). */
class ApiKeyNullTest {

    private static final ApiKey SEARCH = ApiKey.of(Acl.SEARCH);

    @Test
    void restrictionSettersRefuseNullNamingTheMember() {
        assertThatThrownBy(() -> SEARCH.indexes((String[]) null)).hasMessage("indexes");
        assertThatThrownBy(() -> SEARCH.indexes("products", null)).hasMessage("indexes[1]");
        assertThatThrownBy(() -> SEARCH.referers((String[]) null)).hasMessage("referers");
        assertThatThrownBy(() -> SEARCH.referers((String) null)).hasMessage("referers[0]");
        assertThatThrownBy(() -> SEARCH.queryParameters(null)).hasMessage("queryParameters");
    }

    @Test
    void theRestrictionsSetStayWhenANullIsRefused() {
        ApiKey restricted = SEARCH.indexes("products").referers("https://shop.example/*");

        assertThatThrownBy(() -> restricted.indexes((String[]) null)).isInstanceOf(NullPointerException.class);

        assertThat(restricted.indexes()).containsExactly("products");
        assertThat(restricted.referers()).containsExactly("https://shop.example/*");
    }
}
