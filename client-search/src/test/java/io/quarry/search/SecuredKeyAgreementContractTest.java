package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ForbiddenException;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The client and the service agree on which secured keys are well-formed: a random {@code restrictSources} the
 * client refuses to sign is one the service refuses, and the reverse; a random {@code validUntil} the client cannot
 * read back is one the service never honours (but one past an {@code Instant}'s range, which the client cannot
 * express). Fixed seed, printed in each failure; {@code -Dquarry.securedkeys.rounds} runs more.
 */
class SecuredKeyAgreementContractTest {

    private static final long SEED = 20261129L;
    private static final int ROUNDS = Integer.getInteger("quarry.securedkeys.rounds", 30);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String[] SOURCE_PIECES = {
        "127.0.0.1", "10.0.0.0", "/8", "/32", "/33", "/", ",", " ", "::1", "256", ".", "1", "0.0.0.0/0", "/08"
    };
    private static final String[] VALID_UNTIL_PIECES = {
        "4102444800", "1", ".", "5", "e", "9", "-", "+", " ", "NaN", "Infinity", "0x1p40", "d", "0"
    };

    private final Random random = new Random(SEED);

    @Test
    void aKeyTheClientSignsOrReadsIsOneTheServiceReadsAlike() {
        SearchClient admin = SearchClient.create(MockServerClients.config(MOCK.server()));
        String parent = admin.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
        admin.close();
        for (int round = 0; round < ROUNDS; round++) {
            String sources = text(SOURCE_PIECES);
            String where = "seed " + SEED + ", round " + round + ", restrictSources '" + sources + "'";
            boolean clientSigns = clientSigns(parent, sources);
            String refusal = serviceRefusal(sign(parent, "restrictSources=" + encoded(sources)));
            assertThat(refusal.contains("Invalid secured API key"))
                    .as(where + ": the service says " + refusal)
                    .isEqualTo(!clientSigns);

            String validUntil = text(VALID_UNTIL_PIECES);
            String key = sign(parent, "validUntil=" + encoded(validUntil));
            where = "seed " + SEED + ", round " + round + ", validUntil '" + validUntil + "'";
            refusal = serviceRefusal(key);
            if (clientReads(key)) {
                assertThat(refusal).as(where + ": read by the client").doesNotContain("Invalid secured API key");
            } else if (!clientRefusal(key).contains("no instant")) {
                // past an Instant's range the client cannot say when the key expires; the service holds it valid
                assertThat(refusal).as(where + ": refused by the client").isNotEmpty();
            }
        }
    }

    @Test
    void aJsonArrayOfSourcesIsSignedOnlyWhenTheServiceReadsEachItem() {
        SearchClient admin = SearchClient.create(MockServerClients.config(MOCK.server()));
        String parent = admin.apiKeys().add(ApiKey.of(Acl.SEARCH)).key();
        admin.close();
        // the client signed any array, so a key holding an IPv6 network failed every call it was used for
        for (String sources : new String[] {
            "[\"127.0.0.1\"]",
            "[\" 127.0.0.0/8 \", \"10.0.0.0/8\"]",
            "[\"127.0.0.1\", \"::1\"]",
            "[\"\"]",
            "[7]",
            "[\"10.0.0.0/33\"]",
            "[]"
        }) {
            String refusal = serviceRefusal(sign(parent, "restrictSources=" + encoded(sources)));
            assertThat(clientSigns(parent, sources))
                    .as(sources + ": the service says '" + refusal + "'")
                    .isEqualTo(!refusal.contains("Invalid secured API key"));
        }
    }

    private String text(String[] pieces) {
        StringBuilder text = new StringBuilder();
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
            text.append(pieces[random.nextInt(pieces.length)]);
        }
        return text.toString();
    }

    private static boolean clientSigns(String parent, String sources) {
        try {
            SecuredApiKeys.generate(parent, SecuredApiKeyRestrictions.of().restrictSources(sources));
            return true;
        } catch (InvalidRequestException refused) {
            return false;
        }
    }

    private static boolean clientReads(String key) {
        return clientRefusal(key).isEmpty();
    }

    private static String clientRefusal(String key) {
        try {
            SecuredApiKeys.remainingValidity(key, Clock.systemUTC());
            return "";
        } catch (InvalidRequestException refused) {
            return refused.getMessage();
        }
    }

    /** {@return the service's message refusing the key, or "" when it lets the search through to the index} */
    private static String serviceRefusal(String key) {
        try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
            client.index("items").search(SearchQuery.of(""), Product.class);
            return "";
        } catch (NotFoundException noSuchIndex) {
            return "";
        } catch (ForbiddenException refused) {
            return refused.getMessage();
        }
    }

    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Signed here, not by the client, which refuses some of these. */
    private static String sign(String parent, String query) {
        return HandSigned.key(parent, query);
    }
}
