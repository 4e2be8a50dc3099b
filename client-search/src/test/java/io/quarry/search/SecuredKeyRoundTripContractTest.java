package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ForbiddenException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Secured keys both ways between the client and the service: random restrictions signed by the client are read back
 * by the client as they were set and enforced by the mock server as the restrictions say; the same restrictions
 * signed in the other forms the service accepts (JSON-array lists, URL-safe Base64, {@code +} turned to spaces)
 * read back the same and are enforced alike. Fixed seed, printed in each failure;
 * {@code -Dquarry.securedkeys.rounds} runs more.
 */
class SecuredKeyRoundTripContractTest {

    private static final long SEED = 20261130L;
    private static final int ROUNDS = Integer.getInteger("quarry.securedkeys.rounds", 8);
    private static final String PARENT = "round-trip-parent-00000000000000";
    private static final List<String> INDICES = List.of("shop-a", "shop-b", "blog");
    private static final List<String> PATTERNS = List.of("shop-a", "shop-*", "blog", "*-b", "none");
    private static final List<String> BRANDS = List.of("Acme", "Bolt");

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final Random random = new Random(SEED);

    @Test
    void whatTheClientSignsTheServiceEnforcesAndWhatTheServiceReadsTheClientReads() {
        seed();
        for (int round = 0; round < ROUNDS; round++) {
            List<String> indices = new ArrayList<>();
            for (int i = random.nextInt(3); i > 0; i--) {
                indices.add(PATTERNS.get(random.nextInt(PATTERNS.size())));
            }
            String brand = random.nextBoolean() ? BRANDS.get(random.nextInt(BRANDS.size())) : null;
            int hitsPerPage = 1 + random.nextInt(3);
            SecuredApiKeyRestrictions restrictions = SecuredApiKeyRestrictions.of()
                    .validUntil(Instant.now().plusSeconds(3600 + random.nextInt(3600)))
                    .userToken("user-" + random.nextInt(100))
                    .searchParams(SearchQuery.of().hitsPerPage(hitsPerPage));
            if (brand != null) {
                restrictions = restrictions.filters("brand:" + brand);
            }
            if (!indices.isEmpty()) {
                // no index named means no restriction: generate refuses an empty list, which reads the same
                restrictions = restrictions.restrictIndices(indices.toArray(String[]::new));
            }
            String where = "seed " + SEED + ", round " + round + ": " + restrictions.toParams();
            String generated = SecuredApiKeys.generate(PARENT, restrictions);
            String otherForm = otherForm(restrictions);

            for (String key : List.of(generated, otherForm)) {
                String which = where + (key.equals(generated) ? ", as generated" : ", as " + formOf(key));
                SecuredApiKeyRestrictions read = SecuredApiKeys.decode(key);
                assertThat(read.restrictIndices()).as(which).isEqualTo(indices);
                assertThat(read.validUntil()).as(which).isEqualTo(restrictions.validUntil());
                assertThat(read.userToken()).as(which).isEqualTo(restrictions.userToken());
                assertThat(read.searchParams().params().get("hitsPerPage"))
                        .as(which)
                        .isEqualTo(Integer.toString(hitsPerPage));
                assertThat(SecuredApiKeys.isSignedBy(PARENT, key)).as(which).isTrue();
                String index = INDICES.get(random.nextInt(INDICES.size()));
                assertEnforced(key, index, indices, brand, hitsPerPage, which + ", search of " + index);
            }
        }
    }

    private static void seed() {
        StringBuilder indices = new StringBuilder();
        for (String index : INDICES) {
            indices.append(indices.isEmpty() ? "" : ",")
                    .append("'")
                    .append(index)
                    .append("':{'settings':{'attributesForFaceting':['brand']},'records':[");
            for (int i = 0; i < 4; i++) {
                indices.append(i == 0 ? "" : ",")
                        .append(String.format(
                                "{'objectID':'%d','name':'item','brand':'%s','price':%d}", i, BRANDS.get(i % 2), i));
            }
            indices.append("]}");
        }
        MOCK.server()
                .seed(("{'keys':[{'value':'" + PARENT + "','acl':['search']}],'indices':{" + indices + "}}")
                        .replace('\'', '"'));
    }

    private static void assertEnforced(
            String key, String index, List<String> patterns, String brand, int hitsPerPage, String where) {
        boolean allowed = patterns.isEmpty() || patterns.stream().anyMatch(p -> matches(p, index));
        try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
            var page = client.index(index).search(SearchQuery.of("").hitsPerPage(10), Product.class);
            assertThat(allowed).as(where + ": answered").isTrue();
            int matching = brand == null ? 4 : 2;
            assertThat(page.nbHits()).as(where).isEqualTo(matching);
            assertThat(page.records()).as(where).hasSize(Math.min(hitsPerPage, matching));
            assertThat(page.records())
                    .as(where)
                    .allMatch(product -> brand == null || product.brand().equals(brand));
        } catch (ForbiddenException refused) {
            assertThat(allowed).as(where + ": refused, " + refused.getMessage()).isFalse();
        }
    }

    /** One {@code *} at most in these patterns: prefix and suffix. */
    private static boolean matches(String pattern, String index) {
        int star = pattern.indexOf('*');
        if (star < 0) {
            return pattern.equals(index);
        }
        return index.startsWith(pattern.substring(0, star)) && index.endsWith(pattern.substring(star + 1));
    }

    /** The same restrictions, lists as JSON arrays, in a Base64 form the client does not write itself. */
    private String otherForm(SecuredApiKeyRestrictions restrictions) {
        List<String> pairs = new ArrayList<>();
        restrictions.toParams().forEach((name, value) -> {
            String text = name.equals("restrictIndices")
                    ? restrictions.restrictIndices().stream()
                            .map(item -> "\"" + item + "\"")
                            .collect(Collectors.joining(",", "[", "]"))
                    : String.valueOf(value);
            pairs.add(
                    name + "=" + URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20"));
        });
        String standard = sign(String.join("&", pairs));
        return random.nextBoolean()
                ? standard.replace('+', '-').replace('/', '_').replace("=", "")
                : standard.replace('+', ' ');
    }

    private static String formOf(String key) {
        Set<String> marks = new TreeSet<>();
        if (key.contains("-") || key.contains("_")) {
            marks.add("URL-safe Base64");
        }
        if (key.contains(" ")) {
            marks.add("spaces for +");
        }
        marks.add("JSON-array restrictIndices");
        return String.join(", ", marks);
    }

    private static String sign(String query) {
        return HandSigned.key(PARENT, query);
    }
}
