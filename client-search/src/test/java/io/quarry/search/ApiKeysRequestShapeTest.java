package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.DeserializationException;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.search.model.ApiKeyResponse;
import io.quarry.search.model.ListApiKeysResponse;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.WireMockClients;
import java.time.Instant;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Request and answer shapes of the API key endpoints and waitForApiKey, pinned with WireMock. */
class ApiKeysRequestShapeTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    @Test
    void createsAGlobalKeyWithItsParameters() {
        WM.stubFor(post("/1/keys").willReturn(okJson("{\"key\":\"k1\",\"createdAt\":\"2026-01-01T00:00:00.000Z\"}")));

        ApiKeyResponse created = client.apiKeys()
                .add(ApiKey.of(Acl.SEARCH, Acl.BROWSE)
                        .description("front")
                        .indexes("products*")
                        .maxHitsPerQuery(50)
                        .maxQueriesPerIPPerHour(100)
                        .queryParameters(SearchQuery.of().filters("brand:Acme"))
                        .referers("*.example.com")
                        .validity(3600));

        assertThat(created.key()).isEqualTo("k1");
        assertThat(created.createdAt()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(created.toString()).doesNotContain("k1");
        WM.verify(postRequestedFor(urlEqualTo("/1/keys"))
                .withHeader("X-Service-Application-Id", equalTo(WireMockClients.APP_ID))
                .withHeader("X-Service-API-Key", equalTo(WireMockClients.API_KEY))
                .withRequestBody(equalToJson("{\"acl\":[\"search\",\"browse\"],\"description\":\"front\","
                        + "\"indexes\":[\"products*\"],\"maxHitsPerQuery\":50,\"maxQueriesPerIPPerHour\":100,"
                        + "\"queryParameters\":\"filters=brand%3AAcme\",\"referers\":[\"*.example.com\"],"
                        + "\"validity\":3600}")));
    }

    @Test
    void aValidityThatIsNoJsonIntegerFailsTheReadNamingIt() {
        for (String validity : new String[] {"7.5", "\"3600\"", "true"}) {
            WM.stubFor(get("/1/keys/k1")
                    .willReturn(okJson("{\"value\":\"k1\",\"acl\":[\"search\"],\"validity\":" + validity + "}")));

            assertThatThrownBy(() -> client.apiKeys().get("k1"))
                    .as(validity)
                    .isInstanceOf(DeserializationException.class)
                    .hasMessageNotContaining("k1")
                    .extracting(e -> ((DeserializationException) e).jsonPath())
                    .isEqualTo("$.validity");
        }
    }

    @Test
    void updatesListsReadsDeletesAndRestoresGlobalKeys() {
        WM.stubFor(put("/1/keys/k1").willReturn(okJson("{\"key\":\"k1\",\"updatedAt\":\"2026-01-02T00:00:00Z\"}")));
        WM.stubFor(get("/1/keys")
                .willReturn(okJson("{\"keys\":[{\"value\":\"k1\",\"createdAt\":1700000000,"
                        + "\"acl\":[\"search\"],\"validity\":0,\"description\":\"d\",\"indexes\":[\"products\"]}]}")));
        WM.stubFor(get("/1/keys/k1").willReturn(okJson("{\"value\":\"k1\",\"acl\":[\"search\"],\"validity\":0}")));
        WM.stubFor(delete("/1/keys/k1").willReturn(okJson("{\"deletedAt\":\"2026-01-03T00:00:00Z\"}")));
        WM.stubFor(post("/1/keys/k1/restore")
                .willReturn(okJson("{\"key\":\"k1\",\"createdAt\":\"2026-01-04T00:00:00Z\"}")));

        assertThat(client.apiKeys().update("k1", ApiKey.of(Acl.SEARCH)).updatedAt())
                .isEqualTo(Instant.parse("2026-01-02T00:00:00Z"));
        ListApiKeysResponse keys = client.apiKeys().list();
        assertThat(keys.keys()).singleElement().satisfies(k -> {
            assertThat(k.createdAt()).isEqualTo(Instant.ofEpochSecond(1_700_000_000L));
            assertThat(k.indexes()).containsExactly("products");
            assertThat(k.toString()).doesNotContain("k1");
        });
        assertThat(client.apiKeys().get("k1").acl()).extracting(Acl::name).containsExactly("search");
        assertThat(client.apiKeys().deleteAsync("k1").join().deletedAt())
                .isEqualTo(Instant.parse("2026-01-03T00:00:00Z"));
        assertThat(client.apiKeys().restore("k1").createdAt()).isEqualTo(Instant.parse("2026-01-04T00:00:00Z"));

        WM.verify(putRequestedFor(urlEqualTo("/1/keys/k1")).withRequestBody(equalToJson("{\"acl\":[\"search\"]}")));
        WM.verify(deleteRequestedFor(urlEqualTo("/1/keys/k1")));
        WM.verify(postRequestedFor(urlEqualTo("/1/keys/k1/restore")));
    }

    @Test
    void managesIndexKeys() {
        WM.stubFor(post("/1/indexes/products/keys")
                .willReturn(okJson("{\"key\":\"ik\",\"createdAt\":\"2026-01-05T00:00:00.000Z\"}")));
        WM.stubFor(put("/1/indexes/products/keys/ik")
                .willReturn(okJson("{\"key\":\"ik\",\"updatedAt\":\"2026-01-06T00:00:00.000Z\"}")));
        WM.stubFor(get("/1/indexes/products/keys")
                .willReturn(okJson("{\"keys\":[{\"value\":\"ik\",\"acl\":[\"search\"]}]}")));
        WM.stubFor(get("/1/indexes/*/keys")
                .willReturn(okJson("{\"keys\":[{\"value\":\"ik\",\"acl\":[\"search\"],\"index\":\"products\"}]}")));
        WM.stubFor(get("/1/indexes/products/keys/ik")
                .willReturn(okJson("{\"value\":\"ik\",\"acl\":[\"search\"],\"validity\":0,\"description\":\"idx\"}")));
        WM.stubFor(delete("/1/indexes/products/keys/ik")
                .willReturn(okJson("{\"deletedAt\":\"2026-01-07T00:00:00.000Z\"}")));
        SearchIndex index = client.index("products");

        assertThat(index.apiKeys().add(ApiKey.of(Acl.SEARCH)).key()).isEqualTo("ik");
        assertThat(index.apiKeys()
                        .update("ik", ApiKey.of(Acl.SEARCH, Acl.BROWSE))
                        .updatedAt())
                .isEqualTo(Instant.parse("2026-01-06T00:00:00Z"));
        assertThat(index.apiKeys().list().keys()).hasSize(1);
        assertThat(client.apiKeys().listOfAllIndices().keys().get(0).index()).isEqualTo("products");
        assertThat(index.apiKeys().get("ik").description()).isEqualTo("idx");
        assertThat(index.apiKeys().delete("ik").deletedAt()).isEqualTo(Instant.parse("2026-01-07T00:00:00Z"));

        WM.verify(postRequestedFor(urlEqualTo("/1/indexes/products/keys"))
                .withRequestBody(equalToJson("{\"acl\":[\"search\"]}")));
        WM.verify(putRequestedFor(urlEqualTo("/1/indexes/products/keys/ik"))
                .withRequestBody(equalToJson("{\"acl\":[\"search\",\"browse\"]}")));
        WM.verify(getRequestedFor(urlEqualTo("/1/indexes/*/keys")));
        WM.verify(deleteRequestedFor(urlEqualTo("/1/indexes/products/keys/ik")));
    }

    @Test
    void waitsForAnAddedKeyUntilItIsReadable() {
        WM.stubFor(get("/1/keys/new")
                .inScenario("add")
                .whenScenarioStateIs(STARTED)
                .willReturn(aResponse().withStatus(404).withBody("{\"message\":\"Key does not exist\",\"status\":404}"))
                .willSetStateTo("propagated"));
        WM.stubFor(get("/1/keys/new")
                .inScenario("add")
                .whenScenarioStateIs("propagated")
                .willReturn(okJson("{\"value\":\"new\",\"acl\":[\"search\"]}")));

        ApiKeyInfo info = client.apiKeys().waitForApiKey("new", ApiKeyChange.ADD, null, FAST);

        assertThat(info.acl()).extracting(Acl::name).containsExactly("search");
        WM.verify(2, getRequestedFor(urlEqualTo("/1/keys/new")));
    }

    @Test
    void rightsThisVersionDoesNotKnowReadAndWriteUnchanged() {
        WM.stubFor(get("/1/keys/k9").willReturn(okJson("{\"value\":\"k9\",\"acl\":[\"search\",\"futureRight\"]}")));
        WM.stubFor(post("/1/keys").willReturn(okJson("{\"key\":\"k10\",\"createdAt\":\"2026-01-01T00:00:00Z\"}")));

        ApiKeyInfo info = client.apiKeys().get("k9");
        assertThat(info.acl()).containsExactly(Acl.SEARCH, Acl.of("futureRight"));
        client.apiKeys().add(ApiKey.of(info.acl().toArray(Acl[]::new)));

        WM.verify(postRequestedFor(urlEqualTo("/1/keys"))
                .withRequestBody(equalToJson("{\"acl\":[\"search\",\"futureRight\"]}")));
    }

    @Test
    void waitsForAnUpdateUntilTheFieldsMatch() {
        WM.stubFor(get("/1/keys/k")
                .inScenario("update")
                .whenScenarioStateIs(STARTED)
                .willReturn(okJson("{\"value\":\"k\",\"acl\":[\"search\"],\"description\":\"old\"}"))
                .willSetStateTo("updated"));
        WM.stubFor(get("/1/keys/k")
                .inScenario("update")
                .whenScenarioStateIs("updated")
                .willReturn(okJson("{\"value\":\"k\",\"acl\":[\"browse\",\"search\"],\"description\":\"new\"}")));

        ApiKeyInfo info = client.apiKeys()
                .waitForApiKeyAsync(
                        "k",
                        ApiKeyChange.UPDATE,
                        ApiKey.of(Acl.SEARCH, Acl.BROWSE).description("new"),
                        FAST)
                .join();

        assertThat(info.description()).isEqualTo("new");
        WM.verify(2, getRequestedFor(urlEqualTo("/1/keys/k")));
    }

    @Test
    void anUpdatedValidityMatchesTheSecondsLeft() {
        WM.stubFor(get("/1/keys/k")
                .inScenario("validity")
                .whenScenarioStateIs(STARTED)
                .willReturn(okJson("{\"value\":\"k\",\"acl\":[\"search\"],\"validity\":0}"))
                .willSetStateTo("updated"));
        WM.stubFor(get("/1/keys/k")
                .inScenario("validity")
                .whenScenarioStateIs("updated")
                .willReturn(okJson("{\"value\":\"k\",\"acl\":[\"search\"],\"validity\":3599}")));

        ApiKeyInfo info = client.apiKeys()
                .waitForApiKey("k", ApiKeyChange.UPDATE, ApiKey.of(Acl.SEARCH).validity(3600), FAST);

        assertThat(info.validity()).isEqualTo(3599);
        WM.verify(2, getRequestedFor(urlEqualTo("/1/keys/k")));
    }

    @Test
    void waitsForADeletionUntil404() {
        WM.stubFor(get("/1/keys/gone")
                .inScenario("delete")
                .whenScenarioStateIs(STARTED)
                .willReturn(okJson("{\"value\":\"gone\",\"acl\":[]}"))
                .willSetStateTo("deleted"));
        WM.stubFor(get("/1/keys/gone")
                .inScenario("delete")
                .whenScenarioStateIs("deleted")
                .willReturn(aResponse().withStatus(404).withBody("{\"message\":\"Key does not exist\"}")));

        assertThat(client.apiKeys().waitForApiKey("gone", ApiKeyChange.DELETE, null, FAST))
                .isNull();
        assertThat(client.apiKeys()
                        .waitForApiKeyAsync("gone", ApiKeyChange.DELETE, null, FAST)
                        .join())
                .isNull();
    }
}
