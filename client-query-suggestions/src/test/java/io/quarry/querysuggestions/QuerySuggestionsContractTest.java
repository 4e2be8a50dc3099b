package io.quarry.querysuggestions;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.core.Region;
import io.quarry.core.UnauthorizedException;
import io.quarry.core.UnprocessableEntityException;
import io.quarry.core.WaitTimeoutException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.querysuggestions.model.BuildLogLevel;
import io.quarry.querysuggestions.model.BuildLogLine;
import io.quarry.querysuggestions.model.BuildStatus;
import io.quarry.querysuggestions.model.FacetAmount;
import io.quarry.querysuggestions.model.QuerySuggestionsConfig;
import io.quarry.querysuggestions.model.SourceIndex;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every query-suggestions endpoint through the client against the mock server, builds included. */
class QuerySuggestionsContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final QuerySuggestionsClient client =
            QuerySuggestionsClient.create(MockServerClients.config(MOCK.server()), Region.US);

    private final RawHttp raw = new RawHttp(MOCK.server());

    @BeforeEach
    void seedProductsAndSearches() {
        raw.send("PUT", "/1/indexes/products/settings", "{'attributesForFaceting':['brand']}");
        String[] names = {
            "red running shoes",
            "blue running shoes",
            "running shoes",
            "trail running shoes",
            "road running shoes",
            "hiking boots",
            "hiking boots",
            "hiking boots",
            "hiking boots",
            "hiking boots"
        };
        for (int i = 0; i < names.length; i++) {
            raw.send(
                    "PUT",
                    "/1/indexes/products/" + i,
                    "{'name':'" + names[i] + "','brand':'" + (i % 3 == 0 ? "Zeta" : "Acme") + "'}");
        }
        raw.search("products", "running shoes", 4);
        raw.search("products", "hiking boots", 2);
        raw.search("products", "xyzzy", 3);
    }

    private static QuerySuggestionsConfig config() {
        return QuerySuggestionsConfig.of(
                        "products_suggestions",
                        SourceIndex.of("products").minHits(2).facets(FacetAmount.of("brand", 2)))
                .exclude("cheap")
                .languages("en");
    }

    @Test
    void aBuildFillsTheSuggestionsIndexWhichCanThenBeSearched() {
        Instant before = Instant.now();
        assertThat(client.createConfig(config()).message())
                .isEqualTo("Configuration was created, and a new indexing job has been scheduled.");

        BuildStatus built = client.waitForBuild("products_suggestions", before, FAST);

        assertThat(built.indexName()).isEqualTo("products_suggestions");
        assertThat(built.running()).isFalse();
        assertThat(built.lastBuiltAt()).isNotNull();
        assertThat(built.lastSuccessfulBuiltAt()).isEqualTo(built.lastBuiltAt());
        assertThat(built.lastSuccessfulBuildDuration()).isNotNull();
        assertThat(built.lastSuccessfulBuildDuration().isNegative()).isFalse();
        String hits = raw.send("POST", "/1/indexes/products_suggestions/query", "{'query':'runn'}");
        assertThat(hits)
                .contains("\"query\":\"running shoes\"")
                .contains("\"popularity\":4")
                .contains("\"exact_matches\":{\"brand\":[")
                .doesNotContain("xyzzy");
        String all = raw.send("POST", "/1/indexes/products_suggestions/query", "{'query':''}");
        assertThat(all).contains("\"nbHits\":2");
    }

    @Test
    void theBuildLogHasEveryLine() {
        client.createConfig(config());

        List<BuildLogLine> log = client.getBuildLog("products_suggestions");

        assertThat(log).hasSizeGreaterThan(4);
        assertThat(log).allSatisfy(line -> {
            assertThat(line.timestamp()).isNotNull();
            assertThat(line.level().isKnown()).isTrue();
            assertThat(line.message()).isNotBlank();
        });
        assertThat(log.get(0).contextLevel()).isZero();
        assertThat(log).anySatisfy(line -> {
            assertThat(line.level()).isEqualTo(BuildLogLevel.SKIP);
            assertThat(line.message()).contains("xyzzy");
            assertThat(line.contextLevel()).isEqualTo(3);
        });
        assertThat(log.get(log.size() - 1).message()).startsWith("Build finished");
        assertThat(client.getBuildLogAsync("products_suggestions").join()).isEqualTo(log);
    }

    @Test
    void configurationsAreReadListedReplacedAndDeleted() {
        client.createConfig(config());

        QuerySuggestionsConfig read = client.getConfig("products_suggestions");
        assertThat(read.indexName()).isEqualTo("products_suggestions");
        assertThat(read.languages()).containsExactly("en");
        assertThat(read.exclude()).containsExactly("cheap");
        SourceIndex source = read.sourceIndices().get(0);
        assertThat(source.indexName()).isEqualTo("products");
        assertThat(source.minHits()).isEqualTo(2); // read back as minHit
        assertThat(source.minLetters()).isZero(); // the service's default: no minimum
        assertThat(source.replicas()).isFalse(); // read back in each source index
        assertThat(source.facets()).containsExactly(FacetAmount.of("brand", 2));
        assertThat(source.analyticsTags()).isEmpty();

        Instant before = Instant.now();
        assertThat(client.replaceConfig(read.exclude("hiking")).message())
                .isEqualTo("Configuration was updated, and a new indexing job has been scheduled.");
        client.waitForBuild("products_suggestions", before, FAST);
        assertThat(client.getConfig("products_suggestions").exclude()).containsExactly("hiking");
        assertThat(raw.send("POST", "/1/indexes/products_suggestions/query", "{'query':''}"))
                .contains("\"nbHits\":1");

        client.replaceConfig(QuerySuggestionsConfig.of("second", SourceIndex.of("products")));
        assertThat(client.listConfigs())
                .extracting(QuerySuggestionsConfig::indexName)
                .containsExactly("products_suggestions", "second");
        assertThat(client.listConfigsAsync().join()).hasSize(2);

        assertThat(client.deleteConfig("products_suggestions").message()).isNotBlank();
        assertThatThrownBy(() -> client.getConfig("products_suggestions")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> client.getConfigStatus("products_suggestions")).isInstanceOf(NotFoundException.class);
        // the suggestions index stays
        assertThat(raw.send("POST", "/1/indexes/products_suggestions/query", "{'query':''}"))
                .contains("\"nbHits\":1");
    }

    @Test
    void asyncFormsAndWaitingForTheNextBuild() {
        Instant before = Instant.now();
        client.createConfigAsync(config()).join();
        BuildStatus status =
                client.waitForBuildAsync("products_suggestions", before, FAST).join();
        assertThat(status.running()).isFalse();
        assertThat(client.getConfigStatusAsync("products_suggestions").join().lastBuiltAt())
                .isEqualTo(status.lastBuiltAt());
        assertThat(client.getConfigAsync("products_suggestions").join().indexName())
                .isEqualTo("products_suggestions");
        assertThat(client.deleteConfigAsync("products_suggestions").join().status())
                .isEqualTo(200);
    }

    @Test
    void waitingForABuildThatNeverComesTimesOut() {
        client.createConfig(config());
        Instant later = Instant.now().plusSeconds(3600);
        assertThatThrownBy(() -> client.waitForBuild("products_suggestions", later, FAST.withMaxAttempts(3)))
                .isInstanceOf(WaitTimeoutException.class);
    }

    @Test
    void errors() {
        client.createConfig(config());
        assertThatThrownBy(() -> client.createConfig(config()))
                .isInstanceOf(UnprocessableEntityException.class)
                .hasMessageContaining("Configuration already exists for index: products_suggestions");
        assertThatThrownBy(() -> client.getBuildLog("nope")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> client.deleteConfig("nope")).isInstanceOf(NotFoundException.class);

        QuerySuggestionsConfig noSource = new QuerySuggestionsConfig("x", List.of(), null, null);
        assertThatThrownBy(() -> client.createConfig(noSource)).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> client.createConfigAsync(noSource).join())
                .isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> client.replaceConfig(noSource)).isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void onlyTheAdminKeyIsAccepted() {
        String body = raw.send("POST", "/1/keys", "{'acl':['search','analytics','editSettings']}");
        String key = body.replaceAll(".*\"key\":\"([^\"]+)\".*", "$1");
        try (QuerySuggestionsClient other =
                QuerySuggestionsClient.create(MockServerClients.config(MOCK.server(), key), Region.US)) {
            assertThatThrownBy(other::listConfigs).isInstanceOf(UnauthorizedException.class);
        }
    }
}
