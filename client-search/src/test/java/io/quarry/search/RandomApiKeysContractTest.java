package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.ForbiddenException;
import io.quarry.core.NotFoundException;
import io.quarry.core.RateLimitException;
import io.quarry.core.RequestOptions;
import io.quarry.core.testing.MutableClock;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Random API keys made through the client: each reads back exactly as it was sent, through update, delete and
 * restore, and does what it says: its index and referer patterns (against a regular-expression reference), its
 * hit cap and forced parameters, its hourly budget and its validity, on the server's clock (no sleeping). The seed
 * is in every failure message.
 */
@Timeout(60)
class RandomApiKeysContractTest {

    private static final long SEED = 20_261_129L;
    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    @AutoClose
    private final SearchClient admin = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final Random random = new Random(SEED);
    private final RandomKeys keys = new RandomKeys(random);

    @Test
    void keysReadBackExactlyThroughUpdateDeleteAndRestore() {
        for (int round = 0; round < 25; round++) {
            String context = "seed " + SEED + ", round " + round;
            ApiKey sent = keys.parameters();
            String key = admin.apiKeys().add(sent).key();
            assertReadsBack(admin.apiKeys().waitForApiKey(key, ApiKeyChange.ADD, null, FAST), sent, context);
            assertThat(admin.apiKeys().list().keys())
                    .as(context)
                    .filteredOn(info -> key.equals(info.value()))
                    .singleElement()
                    .satisfies(listed -> assertReadsBack(listed, sent, context));

            ApiKey changed = keys.parameters();
            admin.apiKeys().update(key, changed);
            assertReadsBack(admin.apiKeys().waitForApiKey(key, ApiKeyChange.UPDATE, changed, FAST), changed, context);

            admin.apiKeys().delete(key);
            assertThatThrownBy(() -> admin.apiKeys().get(key)).as(context).isInstanceOf(NotFoundException.class);
            try (SearchClient user = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
                assertThatThrownBy(() -> user.index("items").search(SearchQuery.of(), Product.class))
                        .as("%s: a deleted key is refused at once", context)
                        .isInstanceOf(ForbiddenException.class);
            }
            admin.apiKeys().restore(key);
            assertReadsBack(admin.apiKeys().get(key), changed, context);
        }
    }

    @Test
    void indexAndRefererPatternsAllowWhatTheirReferenceAllows() {
        for (int round = 0; round < 15; round++) {
            List<String> indexes = List.of(keys.indexPatterns());
            List<String> referers = List.of(keys.refererPatterns());
            ApiKey sent = ApiKey.of(Acl.SEARCH)
                    .indexes(indexes.toArray(String[]::new))
                    .referers(referers.toArray(String[]::new));
            String key = admin.apiKeys().add(sent).key();
            try (SearchClient user = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
                for (int probe = 0; probe < 8; probe++) {
                    String indexName = keys.indexName();
                    String referer = random.nextInt(8) == 0 ? null : keys.referer();
                    boolean allowed = RandomKeys.allows(indexes, indexName)
                            && (referers.isEmpty() || referer != null && RandomKeys.allows(referers, referer));
                    RequestOptions options = referer == null
                            ? RequestOptions.of()
                            : RequestOptions.builder()
                                    .header("Referer", referer)
                                    .build();
                    Throwable refusal = refusal(
                            () -> user.index(indexName).withOptions(options).search(SearchQuery.of(), Product.class));
                    assertThat(refusal instanceof ForbiddenException)
                            .as(
                                    "seed %d, round %d: indexes %s, referers %s, index [%s], referer [%s]",
                                    SEED, round, indexes, referers, indexName, referer)
                            .isEqualTo(!allowed);
                }
            }
        }
    }

    @Test
    void hitCapForcedParametersBudgetAndValidityApply() {
        SearchIndex items = admin.index("items");
        items.saveObjects(
                IntStream.range(0, 8)
                        .mapToObj(i -> new Product("p" + i, "item " + i, "Acme", i))
                        .toList(),
                BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        for (int round = 0; round < 6; round++) {
            String context = "seed " + SEED + ", round " + round;
            int maxHits = random.nextInt(5); // 0: no cap
            int forcedHitsPerPage = random.nextInt(10); // 0: none forced
            int budget = 1 + random.nextInt(3);
            int validity = 3_601 + random.nextInt(1_000); // past the hour the budget needs to come back
            ApiKey sent = ApiKey.of(Acl.SEARCH)
                    .maxHitsPerQuery(maxHits)
                    .maxQueriesPerIPPerHour(budget)
                    .validity(validity);
            if (forcedHitsPerPage > 0) {
                sent = sent.queryParameters(SearchQuery.of().hitsPerPage(forcedHitsPerPage));
            }
            String key = admin.apiKeys().add(sent).key();
            try (SearchClient user = SearchClient.create(MockServerClients.config(MOCK.server(), key))) {
                SearchIndex asUser = user.index("items");
                int asked = 1 + random.nextInt(10);
                int expected = forcedHitsPerPage > 0 ? forcedHitsPerPage : asked;
                expected = maxHits > 0 ? Math.min(expected, maxHits) : expected;
                for (int call = 0; call < budget; call++) {
                    var page = asUser.search(SearchQuery.of().hitsPerPage(asked), Product.class);
                    assertThat(page.hitsPerPage()).as(context).isEqualTo(expected);
                    assertThat(page.records()).as(context).hasSize(Math.min(8, expected));
                }
                assertThatThrownBy(() -> asUser.search(SearchQuery.of(), Product.class))
                        .as("%s: past a budget of %d", context, budget)
                        .isInstanceOf(RateLimitException.class);

                CLOCK.advance(Duration.ofHours(1));
                assertThat(asUser.search(SearchQuery.of(), Product.class).nbHits())
                        .as("%s: a new hour, a new budget", context)
                        .isEqualTo(8);
                assertThat(admin.apiKeys().get(key).validity()).as(context).isEqualTo(validity - 3_600);

                CLOCK.advance(Duration.ofSeconds(validity - 3_600));
                assertThatThrownBy(() -> asUser.search(SearchQuery.of(), Product.class))
                        .as("%s: expired", context)
                        .isInstanceOf(ForbiddenException.class);
                assertThatThrownBy(() -> admin.apiKeys().get(key)).as(context).isInstanceOf(NotFoundException.class);
            }
        }
    }

    @Test
    void aSecuredKeyIsBoundByItsParentsPatternsAndFollowsItsParentsLife() {
        for (int round = 0; round < 8; round++) {
            List<String> indexes = List.of(keys.indexPatterns());
            List<String> restricted = List.of(keys.indexPatterns());
            String parent = admin.apiKeys()
                    .add(ApiKey.of(Acl.SEARCH).indexes(indexes.toArray(String[]::new)))
                    .key();
            // no index named means no restriction: generate refuses an empty list, which reads the same
            String secured = SecuredApiKeys.generate(
                    parent,
                    restricted.isEmpty()
                            ? SecuredApiKeyRestrictions.of()
                            : SecuredApiKeyRestrictions.of().restrictIndices(restricted.toArray(String[]::new)));
            try (SearchClient user = SearchClient.create(MockServerClients.config(MOCK.server(), secured))) {
                String indexName = keys.indexName();
                boolean allowed = RandomKeys.allows(indexes, indexName) && RandomKeys.allows(restricted, indexName);
                String context = String.format(
                        "seed %d, round %d: parent %s, secured %s, index [%s]",
                        SEED, round, indexes, restricted, indexName);
                Runnable search = () -> user.index(indexName).search(SearchQuery.of(), Product.class);
                assertThat(refusal(search) instanceof ForbiddenException)
                        .as(context)
                        .isEqualTo(!allowed);

                admin.apiKeys().delete(parent);
                assertThat(refusal(search)).as("%s: parent deleted", context).isInstanceOf(ForbiddenException.class);
                admin.apiKeys().restore(parent);
                assertThat(refusal(search) instanceof ForbiddenException)
                        .as("%s: parent restored", context)
                        .isEqualTo(!allowed);
            }
        }
    }

    @Test
    void parametersOutOfRangeAreRefusedWithABadRequestAndNoKeyIsMade() {
        List<ApiKey> refused = List.of(
                ApiKey.of(Acl.SEARCH).validity(-1),
                ApiKey.of(Acl.SEARCH).maxHitsPerQuery(-1),
                ApiKey.of(Acl.SEARCH).maxQueriesPerIPPerHour(Integer.MIN_VALUE),
                ApiKey.of(Acl.of("fly")),
                // forced parameters that are no URL encoding
                new ApiKey(List.of(Acl.SEARCH), null, null, null, null, "filters=%zz", null, null));
        for (ApiKey key : refused) {
            assertThatThrownBy(() -> admin.apiKeys().add(key)).as("%s", key).isInstanceOf(BadRequestException.class);
        }
        assertThat(admin.apiKeys().list().keys()).isEmpty();
        assertThatThrownBy(() -> Acl.of(" "))
                .as("refused before any call")
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** {@return what a call threw: null when it succeeded or found no index, as an allowed call may} */
    private static Throwable refusal(Runnable call) {
        try {
            call.run();
            return null;
        } catch (NotFoundException e) {
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }

    /** Every member reads back as sent, or as its default when it was not sent. */
    private static void assertReadsBack(ApiKeyInfo read, ApiKey sent, String context) {
        assertThat(read.acl())
                .as(context)
                .extracting(Acl::name)
                .containsExactlyElementsOf(sent.acl().stream().map(Acl::name).toList());
        assertThat(read.description()).as(context).isEqualTo(Objects.requireNonNullElse(sent.description(), ""));
        assertThat(read.indexes())
                .as(context)
                .isEqualTo(sent.indexes() == null || sent.indexes().isEmpty() ? null : sent.indexes());
        assertThat(read.referers()).as(context).isEqualTo(Objects.requireNonNullElse(sent.referers(), List.of()));
        assertThat(read.maxHitsPerQuery()).as(context).isEqualTo(Objects.requireNonNullElse(sent.maxHitsPerQuery(), 0));
        assertThat(read.maxQueriesPerIPPerHour())
                .as(context)
                .isEqualTo(Objects.requireNonNullElse(sent.maxQueriesPerIPPerHour(), 0));
        assertThat(read.queryParameters())
                .as(context)
                .isEqualTo(Objects.requireNonNullElse(sent.queryParameters(), ""));
        // the clock stands still between the write and the read: the seconds left are the validity sent
        assertThat(read.validity()).as(context).isEqualTo(Objects.requireNonNullElse(sent.validity(), 0));
        assertThat(read.createdAt()).as(context).isEqualTo(CLOCK.instant().truncatedTo(ChronoUnit.SECONDS));
    }
}
