package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.search.model.ListUserIdsQuery;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.UserIdQuery;
import io.quarry.search.model.UserIdSearchResponse;
import io.quarry.search.model.UserMapping;
import io.quarry.testsupport.WireMockClients;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The nine multi-cluster endpoints, the user header and user iteration, against WireMock. */
class ClustersRequestShapeTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    private static final String ENTRY = "{\"userID\":\"u1\",\"clusterName\":\"c1\",\"nbRecords\":42,\"dataSize\":100}";

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    @Test
    void assignsUsersWithTheUserHeader() {
        WM.stubFor(post("/1/clusters/mapping").willReturn(okJson("{\"createdAt\":\"2026-01-05T00:00:00.000Z\"}")));
        WM.stubFor(
                post("/1/clusters/mapping/batch").willReturn(okJson("{\"createdAt\":\"2026-01-06T00:00:00.000Z\"}")));

        assertThat(client.clusters().assignUserId("u1", "c1").createdAt())
                .isEqualTo(Instant.parse("2026-01-05T00:00:00Z"));
        assertThat(client.clusters()
                        .batchAssignUserIds("c2", List.of("u2", "u3"))
                        .createdAt())
                .isEqualTo(Instant.parse("2026-01-06T00:00:00Z"));

        WM.verify(postRequestedFor(urlEqualTo("/1/clusters/mapping"))
                .withHeader(SearchClient.USER_ID_HEADER, equalTo("u1"))
                .withRequestBody(equalToJson("{\"cluster\":\"c1\"}")));
        WM.verify(postRequestedFor(urlEqualTo("/1/clusters/mapping/batch"))
                .withRequestBody(equalToJson("{\"cluster\":\"c2\",\"users\":[\"u2\",\"u3\"]}")));
    }

    @Test
    void readsListsSearchesAndRemovesUsers() {
        WM.stubFor(get("/1/clusters/mapping/top").willReturn(okJson("{\"topUsers\":[{\"c1\":[" + ENTRY + "]}]}")));
        WM.stubFor(get("/1/clusters/mapping/u1").willReturn(okJson(ENTRY)));
        WM.stubFor(
                get("/1/clusters")
                        .willReturn(
                                okJson(
                                        "{\"clusters\":[{\"clusterName\":\"c1\",\"nbRecords\":42,\"nbUserIDs\":1,\"dataSize\":100}]}")));
        WM.stubFor(get(urlPathEqualTo("/1/clusters/mapping"))
                .willReturn(okJson("{\"userIDs\":[" + ENTRY + "],\"page\":0}")));
        WM.stubFor(delete("/1/clusters/mapping/u1").willReturn(okJson("{\"deletedAt\":\"2026-01-07T00:00:00.000Z\"}")));
        WM.stubFor(post("/1/clusters/mapping/search")
                .willReturn(okJson("{\"hits\":[{\"userID\":\"u1\","
                        + "\"clusterName\":\"c1\",\"nbRecords\":42,\"dataSize\":100,\"objectID\":\"u1\","
                        + "\"_highlightResult\":{\"userID\":{\"value\":\"<em>u1</em>\",\"matchLevel\":\"full\"}}}],"
                        + "\"nbHits\":1,\"page\":0,\"hitsPerPage\":20,\"updatedAt\":1700000000}")));
        WM.stubFor(get(urlPathEqualTo("/1/clusters/mapping/pending"))
                .willReturn(okJson("{\"pending\":true,\"clusters\":{\"c1\":[\"u9\"]}}")));

        assertThat(client.clusters().getTopUserIds().topUsers().get(0).get("c1"))
                .extracting(UserMapping::nbRecords)
                .containsExactly(42L);
        assertThat(client.clusters().getUserId("u1").clusterName()).isEqualTo("c1");
        assertThat(client.clusters().list().clusters().get(0).nbUserIDs()).isEqualTo(1);
        assertThat(client.clusters().listUserIds(ListUserIdsQuery.of()).userIDs())
                .hasSize(1);
        assertThat(client.clusters().removeUserIdAsync("u1").join().deletedAt())
                .isEqualTo(Instant.parse("2026-01-07T00:00:00Z"));
        UserIdSearchResponse found = client.clusters()
                .searchUserIds(UserIdQuery.of("u").cluster("c1").hitsPerPage(20));
        assertThat(found.hits())
                .singleElement()
                .satisfies(m -> assertThat(m.objectID()).isEqualTo("u1"));
        assertThat(found.updatedAt()).isEqualTo(Instant.ofEpochSecond(1_700_000_000L));
        assertThat(client.clusters().pendingMappingsByCluster().clusters()).containsKey("c1");

        WM.verify(getRequestedFor(urlEqualTo("/1/clusters/mapping?page=0&hitsPerPage=1000")));
        WM.verify(deleteRequestedFor(urlEqualTo("/1/clusters/mapping/u1")));
        WM.verify(postRequestedFor(urlEqualTo("/1/clusters/mapping/search"))
                .withRequestBody(equalToJson("{\"query\":\"u\",\"cluster\":\"c1\",\"hitsPerPage\":20}")));
        WM.verify(getRequestedFor(urlEqualTo("/1/clusters/mapping/pending?getClusters=true")));
    }

    @Test
    void iteratesOverEveryUserPage() {
        StringBuilder full = new StringBuilder("{\"userIDs\":[");
        for (int i = 0; i < 1000; i++) {
            full.append(i == 0 ? "" : ",").append(ENTRY.replace("u1", "u" + i));
        }
        full.append("]}");
        WM.stubFor(get("/1/clusters/mapping?page=0&hitsPerPage=1000").willReturn(okJson(full.toString())));
        WM.stubFor(get("/1/clusters/mapping?page=1&hitsPerPage=1000")
                .willReturn(okJson("{\"userIDs\":[" + ENTRY.replace("u1", "last") + "]}")));

        assertThat(client.clusters().browseUserIds().stream().count()).isEqualTo(1001);
        assertThat(client.clusters().browseUserIdsAsync().join())
                .last()
                .extracting(UserMapping::userID)
                .isEqualTo("last");
    }

    @Test
    void aUserViewSendsTheHeaderOnEveryCall() {
        WM.stubFor(post("/1/indexes/products/query").willReturn(okJson("{\"hits\":[],\"nbHits\":0}")));

        client.withOptions(SearchClient.userOptions("u7"))
                .index("products")
                .search(SearchQuery.of("x"), UserMapping.class);
        client.index("products").search(SearchQuery.of("y"), UserMapping.class);

        WM.verify(postRequestedFor(urlEqualTo("/1/indexes/products/query"))
                .withHeader(SearchClient.USER_ID_HEADER, equalTo("u7"))
                .withRequestBody(equalToJson("{\"query\":\"x\"}")));
        WM.verify(postRequestedFor(urlEqualTo("/1/indexes/products/query"))
                .withHeader(SearchClient.USER_ID_HEADER, absent())
                .withRequestBody(equalToJson("{\"query\":\"y\"}")));
    }
}
