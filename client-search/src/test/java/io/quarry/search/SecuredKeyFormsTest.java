package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import io.quarry.search.model.SearchQuery;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Secured keys made elsewhere, in the forms the service reads, read back as the service reads them. */
class SecuredKeyFormsTest {

    private static final String PARENT = "2640659426d5107b6e47d75db9cbaef8";

    /** Its standard Base64 holds both {@code +} and {@code /} (and padding), which URL-safe Base64 spells otherwise. */
    private static final String QUERY =
            "restrictIndices=%5B%22a%22%2C%22b%22%5D&validUntil=2524604400&userToken=u~~~??>>0";

    @Test
    void urlSafeBase64ReadsAsTheStandardAlphabet() {
        String standard = sign(QUERY);
        assertThat(standard).contains("+").contains("/");
        String urlSafe = standard.replace('+', '-').replace('/', '_').replace("=", "");

        assertThat(SecuredApiKeys.decode(urlSafe)).isEqualTo(SecuredApiKeys.decode(standard));
        assertThat(SecuredApiKeys.isSignedBy(PARENT, urlSafe)).isTrue();
        assertThat(SecuredApiKeys.decode(urlSafe).validUntil()).contains(Instant.ofEpochSecond(2524604400L));
    }

    @Test
    void aKeyWhosePlusSignsWereUrlDecodedToSpacesStillReads() {
        String standard = sign(QUERY);

        assertThat(SecuredApiKeys.decode(" " + standard.replace('+', ' ') + " "))
                .isEqualTo(SecuredApiKeys.decode(standard));
    }

    @Test
    void listRestrictionsReadAsJsonArraysOrCommaSeparated() {
        SecuredApiKeyRestrictions fromArrays = SecuredApiKeys.decode(sign("restrictIndices=%5B%22a%22%2C%202%5D"
                + "&referers=%5B%22https%3A%2F%2Fx.example%2F*%22%5D"
                + "&restrictSources=%5B%2210.0.0.0%2F8%22%2C%22127.0.0.1%22%5D"));
        SecuredApiKeyRestrictions fromText =
                SecuredApiKeys.decode(sign("restrictIndices=%20a%20%2C%2C2%2C&referers=https%3A%2F%2Fx.example%2F*"));

        assertThat(fromArrays.restrictIndices()).containsExactly("a", "2");
        assertThat(fromArrays.referers()).containsExactly("https://x.example/*");
        assertThat(fromArrays.restrictSources()).contains("10.0.0.0/8,127.0.0.1");
        assertThat(fromText.restrictIndices()).containsExactly("a", "2");
        assertThat(fromText.referers()).containsExactly("https://x.example/*");
    }

    @Test
    void aListRestrictionTheServiceRefusesIsRefusedTyped() {
        for (String list : List.of("%5B%7B%7D%5D", "%5Bnull%5D", "%5B%5B%22a%22%5D%5D", "%5B%22a%22")) {
            String key = sign("restrictIndices=" + list);
            assertThatThrownBy(() -> SecuredApiKeys.decode(key))
                    .as(list)
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("restrictIndices");
        }
        SecuredApiKeyRestrictions objectInList =
                SecuredApiKeyRestrictions.of().searchParams(SearchQuery.of().param("restrictIndices", "[{}]"));
        assertThatThrownBy(() -> SecuredApiKeys.generate(PARENT, objectInList))
                .isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void aParameterGivenTwiceIsRefusedAsTheServiceRefusesIt() {
        String key = sign("restrictIndices=a&restrictIndices=");

        assertThatThrownBy(() -> SecuredApiKeys.decode(key))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("given twice");
    }

    @Test
    void aListSetAsJsonTextThroughSearchParamsReadsItsItems() {
        SecuredApiKeyRestrictions restrictions =
                SecuredApiKeyRestrictions.of().searchParams(SearchQuery.of().param("restrictIndices", "[\"a\",\"b\"]"));

        assertThat(restrictions.restrictIndices()).containsExactly("a", "b");
    }

    @Test
    @Timeout(60) // a hang guard: a scan that backtracked would not end
    void longAndDeepListsAreReadOrRefusedInTimeLinearInTheirLength() {
        String manyItems = "restrictIndices=" + "a%2C%20%2C".repeat(20_000);
        String deep = "restrictIndices=" + "%5B".repeat(20_000);

        assertThat(SecuredApiKeys.decode(sign(manyItems)).restrictIndices()).hasSize(20_000);
        assertThatThrownBy(() -> SecuredApiKeys.decode(sign(deep))).isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void aKeyThatIsNoUtf8TextIsNoSecuredKey() {
        byte[] bytes = ("0".repeat(64) + "userToken=").getBytes(StandardCharsets.US_ASCII);
        byte[] withInvalid = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        withInvalid[bytes.length] = (byte) 0xFF;

        assertThatThrownBy(() -> SecuredApiKeys.decode(Base64.getEncoder().encodeToString(withInvalid)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("not a secured API key");
    }

    private static String sign(String query) {
        return HandSigned.key(PARENT, query);
    }
}
