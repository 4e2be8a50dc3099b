package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.search.model.SearchQuery;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class SecuredApiKeysTest {

    private static final String PARENT = "2640659426d5107b6e47d75db9cbaef8";

    @Test
    void matchesTheReferenceVector() {
        String key = SecuredApiKeys.generate(
                PARENT,
                SecuredApiKeyRestrictions.of()
                        .restrictIndices("Movies")
                        .validUntil(Instant.ofEpochSecond(2524604400L)));

        assertThat(key)
                .isEqualTo("NjFhZmE0OGEyMTI3OThiODc0OTlkOGM0YjcxYzljY2M2NmU2NDE5ZWY0NDZjMWJhNjA2NzBkMjAwOTI2YWQy"
                        + "ZnJlc3RyaWN0SW5kaWNlcz1Nb3ZpZXMmdmFsaWRVbnRpbD0yNTI0NjA0NDAw");
    }

    @Test
    void sortsNamesAndPercentEncodesValuesWithPercent20() {
        String key = SecuredApiKeys.generate(
                PARENT,
                SecuredApiKeyRestrictions.of()
                        .userToken("user 42")
                        .filters("brand:Acme AND visible:true")
                        .restrictIndices("a", "b")
                        .referers("*.example.com"));

        String decoded = new String(Base64.getDecoder().decode(key), StandardCharsets.UTF_8).substring(64);
        assertThat(decoded)
                .isEqualTo("filters=brand%3AAcme%20AND%20visible%3Atrue&referers=%2A.example.com"
                        + "&restrictIndices=a%2Cb&userToken=user%2042");
        assertThat(SecuredApiKeys.isSignedBy(PARENT, key)).isTrue();
        assertThat(SecuredApiKeys.isSignedBy("another-parent-key", key)).isFalse();
        assertThat(key).doesNotContain(PARENT);
    }

    @Test
    void decodesTheRestrictionsBack() {
        SecuredApiKeyRestrictions sent = SecuredApiKeyRestrictions.of()
                .searchParams(SearchQuery.of().filters("brand:Acme").hitsPerPage(5))
                .validUntil(Instant.ofEpochSecond(2524604400L))
                .restrictIndices("Movies", "Series")
                .restrictSources("192.168.1.0/24")
                .userToken("u1")
                .referers("https://shop.example/*");

        SecuredApiKeyRestrictions read = SecuredApiKeys.decode(SecuredApiKeys.generate(PARENT, sent));

        assertThat(read.validUntil()).contains(Instant.ofEpochSecond(2524604400L));
        assertThat(read.restrictIndices()).containsExactly("Movies", "Series");
        assertThat(read.restrictSources()).contains("192.168.1.0/24");
        assertThat(read.userToken()).contains("u1");
        assertThat(read.referers()).containsExactly("https://shop.example/*");
        assertThat(read.searchParams().get("filters")).contains("brand:Acme");
        assertThat(read.searchParams().get("hitsPerPage")).contains("5");
    }

    @Test
    void remainingValidityCountsFromTheClock() {
        String key = SecuredApiKeys.generate(
                PARENT, SecuredApiKeyRestrictions.of().validUntil(Instant.ofEpochSecond(2_000_000_000L)));
        Clock clock = Clock.fixed(Instant.ofEpochSecond(2_000_000_000L - 90), ZoneOffset.UTC);

        assertThat(SecuredApiKeys.remainingValidity(key, clock)).isEqualTo(Duration.ofSeconds(90));
        assertThat(SecuredApiKeys.remainingValidity(SecuredApiKeys.generate(
                        PARENT, SecuredApiKeyRestrictions.of().validUntil(Instant.ofEpochSecond(1L)))))
                .isNegative();
    }

    @Test
    void readsTheValidUntilOfKeysGeneratedElsewhereAsTheServiceDoes() {
        Clock clock = Clock.fixed(Instant.ofEpochSecond(1_900_000_000L), ZoneOffset.UTC);
        // Date.now() / 1000 in a browser or Node.js backend has a fraction
        for (String validUntil : new String[] {"1900000060.734", " 1900000060", "1.90000006e9", "+1900000060"}) {
            String key = signed("validUntil=" + validUntil.replace(" ", "%20").replace("+", "%2B"));

            assertThat(SecuredApiKeys.remainingValidity(key, clock))
                    .as(validUntil)
                    .isEqualTo(Duration.ofSeconds(60));
        }
        for (String notANumber : new String[] {"NaN", "Infinity", "0x1p40", "1900000060d", "1e"}) {
            assertThatThrownBy(() -> SecuredApiKeys.remainingValidity(signed("validUntil=" + notANumber), clock))
                    .as(notANumber)
                    .isInstanceOf(io.quarry.core.InvalidRequestException.class)
                    .hasMessageContaining("validUntil");
        }
    }

    private static String signed(String query) {
        String fake = "0".repeat(64) + query;
        return Base64.getEncoder().encodeToString(fake.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void restrictionsTheServiceWouldRefuseAreNotSigned() {
        for (String refused :
                new String[] {"::1/128", "10.0.0.0/33", "10.0.0.0 /8", "10.0.0", "256.0.0.1", "10.0.0.0/"}) {
            assertThatThrownBy(() -> SecuredApiKeys.generate(
                            PARENT, SecuredApiKeyRestrictions.of().restrictSources(refused)))
                    .as(refused)
                    .isInstanceOf(io.quarry.core.InvalidRequestException.class)
                    .hasMessageContaining("IPv4 networks");
        }
        assertThatThrownBy(() -> SecuredApiKeys.generate(
                        PARENT,
                        SecuredApiKeyRestrictions.of()
                                .searchParams(SearchQuery.of().param("params", "filters=a%3Ab"))))
                .isInstanceOf(io.quarry.core.InvalidRequestException.class)
                .hasMessageContaining("by name");
        for (String accepted : new String[] {"10.0.0.1", " 10.0.0.0/8 , 192.168.1.0/24", "0.0.0.0/0", "10.0.0.0/8,"}) {
            assertThat(SecuredApiKeys.decode(SecuredApiKeys.generate(
                                    PARENT, SecuredApiKeyRestrictions.of().restrictSources(accepted)))
                            .restrictSources())
                    .as(accepted)
                    .contains(accepted);
        }
    }

    @Test
    void aKeyWhoseHmacIsInUpperCaseHexIsReadAsTheServiceReadsIt() {
        String decoded = new String(
                Base64.getDecoder()
                        .decode(SecuredApiKeys.generate(
                                PARENT, SecuredApiKeyRestrictions.of().validUntil(Instant.ofEpochSecond(2524604400L)))),
                StandardCharsets.UTF_8);
        String upper = Base64.getEncoder()
                .encodeToString((decoded.substring(0, 64).toUpperCase(java.util.Locale.ROOT) + decoded.substring(64))
                        .getBytes(StandardCharsets.UTF_8));

        assertThat(SecuredApiKeys.isSignedBy(PARENT, upper)).isTrue();
        assertThat(SecuredApiKeys.decode(upper).validUntil()).contains(Instant.ofEpochSecond(2524604400L));
    }

    @Test
    void restrictionsSetThroughSearchParamsReadBackOrAreRefusedTyped() {
        SecuredApiKeyRestrictions asInteger =
                SecuredApiKeyRestrictions.of().searchParams(SearchQuery.of().param("validUntil", 1_900_000_000));
        SecuredApiKeyRestrictions asText =
                SecuredApiKeyRestrictions.of().searchParams(SearchQuery.of().param("validUntil", "soon"));

        // it threw a ClassCastException
        assertThat(asInteger.validUntil()).contains(Instant.ofEpochSecond(1_900_000_000L));
        assertThat(SecuredApiKeyRestrictions.of()
                        .searchParams(SearchQuery.of().param("restrictIndices", "a, b"))
                        .restrictIndices())
                .as("read as no restriction before")
                .containsExactly("a", "b");
        assertThatThrownBy(() -> SecuredApiKeys.generate(PARENT, asText))
                .isInstanceOf(io.quarry.core.InvalidRequestException.class)
                .hasMessageContaining("validUntil");
    }

    @Test
    void aSecuredKeyIsNoParentForTheServiceRefusesWhatItSigns() {
        String secured =
                SecuredApiKeys.generate(PARENT, SecuredApiKeyRestrictions.of().filters("a:b"));

        assertThatThrownBy(() -> SecuredApiKeys.generate(secured, SecuredApiKeyRestrictions.of()))
                .isInstanceOf(io.quarry.core.InvalidRequestException.class)
                .hasMessageContaining("itself a secured API key")
                .hasMessageNotContaining(secured);
        assertThat(SecuredApiKeys.generate("bm90IGEga2V5", SecuredApiKeyRestrictions.of()))
                .as("Base64 that decodes to no HMAC is an ordinary key")
                .isNotBlank();
    }

    @Test
    void rejectsKeysWithoutValidUntilOrNotSecured() {
        String key =
                SecuredApiKeys.generate(PARENT, SecuredApiKeyRestrictions.of().filters("a:b"));

        assertThatThrownBy(() -> SecuredApiKeys.remainingValidity(key))
                .isInstanceOf(io.quarry.core.InvalidRequestException.class)
                .hasMessageContaining("validUntil");
        assertThatThrownBy(() -> SecuredApiKeys.decode("not a key!"))
                .isInstanceOf(io.quarry.core.InvalidRequestException.class);
    }

    @Test
    void refusesARestrictionWithASurrogateOutOfItsPairRatherThanSigningAnotherOne() {
        // Java's UTF-8 encoder would sign "brand:Acme?" instead: a key restricted to another filter
        assertThatThrownBy(() -> SecuredApiKeys.generate(
                        PARENT, SecuredApiKeyRestrictions.of().filters("brand:Acme\ud800")))
                .isInstanceOf(io.quarry.core.InvalidRequestException.class)
                .hasMessageContaining("unpaired UTF-16 surrogate at index 10")
                .hasMessageNotContaining(PARENT);
    }

    @Test
    void anyTextThatIsNoSecuredKeyIsRefusedWithTheTypedException() {
        java.util.Random random = new java.util.Random(5);
        String[] parts = {
            "validUntil=",
            "restrictIndices=",
            "userToken=",
            "hitsPerPage=",
            "%",
            "%G",
            "%FF",
            "&",
            "=",
            "99999999999999999",
            "-99999999999999999",
            "12",
            "a",
            ",",
            "\u00e9",
            "+"
        };
        for (int n = 0; n < 2_000; n++) {
            StringBuilder query = new StringBuilder();
            for (int i = random.nextInt(8); i > 0; i--) {
                query.append(parts[random.nextInt(parts.length)]);
            }
            String text = random.nextInt(4) == 0 ? query.toString() : "a".repeat(64) + query;
            String key = random.nextInt(8) == 0
                    ? text
                    : Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
            for (Runnable use : new Runnable[] {
                () -> SecuredApiKeys.decode(key),
                () -> SecuredApiKeys.isSignedBy(PARENT, key),
                () -> SecuredApiKeys.remainingValidity(key)
            }) {
                try {
                    use.run();
                } catch (io.quarry.core.InvalidRequestException refused) {
                    assertThat(refused.getMessage()).as(text).isNotBlank();
                }
            }
        }
    }
}
