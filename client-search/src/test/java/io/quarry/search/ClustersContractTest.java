package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.ClusterSummary;
import io.quarry.search.model.ListUserIdsQuery;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.UserIdQuery;
import io.quarry.search.model.UserIdSearchResponse;
import io.quarry.search.model.UserMapping;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every multi-cluster endpoint and calls for a mapped user, against the mock server (two clusters). */
class ClustersContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String ONE = "mock-cluster-1";
    private static final String TWO = "mock-cluster-2";

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final Clusters clusters = client.clusters();

    @Test
    void assignsReadsListsSearchesAndRemovesUsers() {
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertThat(clusters.list().clusters())
                .extracting(ClusterSummary::clusterName)
                .containsExactly(ONE, TWO);

        assertThat(clusters.assignUserId("u1", ONE).createdAt()).isBetween(start, Instant.now());
        assertThat(clusters.batchAssignUserIds(TWO, List.of("u2", "u3")).createdAt())
                .isBetween(start, Instant.now());

        assertThat(clusters.getUserId("u1").clusterName()).isEqualTo(ONE);
        assertThat(clusters.listUserIds(ListUserIdsQuery.of()).userIDs())
                .extracting(UserMapping::userID)
                .containsExactlyInAnyOrder("u1", "u2", "u3");
        assertThat(clusters.list().clusters())
                .extracting(ClusterSummary::nbUserIDs)
                .containsExactly(1L, 2L);

        UserIdSearchResponse found = clusters.searchUserIds(UserIdQuery.of("u").cluster(TWO));
        assertThat(found.hits()).extracting(UserMapping::userID).containsExactlyInAnyOrder("u2", "u3");
        assertThat(found.updatedAt()).isBetween(start, Instant.now());
        List<Map<String, List<UserMapping>>> top = clusters.getTopUserIds().topUsers();
        assertThat(top).flatExtracting(Map::keySet).containsExactlyInAnyOrder(ONE, TWO);
        assertThat(clusters.pendingMappingsByCluster().pending()).isFalse();

        assertThat(clusters.removeUserId("u3").deletedAt()).isBetween(start, Instant.now());
        assertThatThrownBy(() -> clusters.getUserId("u3")).isInstanceOf(NotFoundException.class);
        assertThat(clusters.browseUserIds().stream().map(UserMapping::userID)).containsExactlyInAnyOrder("u1", "u2");
    }

    @Test
    void pagesThroughMoreThanOnePageOfUsers() {
        List<String> users = java.util.stream.IntStream.range(0, 1001)
                .mapToObj(i -> "user-" + i)
                .toList();
        clusters.batchAssignUserIds(ONE, users);

        assertThat(clusters.browseUserIds().stream().count()).isEqualTo(1001);
        assertThat(clusters.browseUserIdsAsync().join()).hasSize(1001);
        assertThat(clusters.listUserIds(ListUserIdsQuery.of().page(1)).userIDs())
                .hasSize(1);
        assertThat(clusters.listUserIdsAsync(ListUserIdsQuery.of().page(1).hitsPerPage(600))
                        .join()
                        .userIDs())
                .hasSize(401);
    }

    @Test
    void callsForAMappedUserCarryItsHeader() {
        clusters.assignUserId("u1", ONE);
        SearchIndex forU1 = client.withOptions(SearchClient.userOptions("u1")).index("products");
        forU1.waitForTask(
                forU1.saveObject("p1", new Product("p1", "Phone", "Acme", 1)).taskID(), FAST);
        assertThat(forU1.search(SearchQuery.of("phone"), Product.class).nbHits())
                .isEqualTo(1);

        assertThatThrownBy(() -> client.withOptions(SearchClient.userOptions("nobody"))
                        .index("products")
                        .search(SearchQuery.of("phone"), Product.class))
                .isInstanceOf(BadRequestException.class);
    }

    @Test
    void asynchronousForms() {
        clusters.assignUserIdAsync("u1", ONE).join();
        clusters.batchAssignUserIdsAsync(TWO, List.of("u2")).join();
        assertThat(clusters.getUserIdAsync("u2").join().clusterName()).isEqualTo(TWO);
        assertThat(clusters.listAsync().join().clusters()).hasSize(2);
        assertThat(clusters.listUserIdsAsync(ListUserIdsQuery.of().hitsPerPage(10))
                        .join()
                        .userIDs())
                .hasSize(2);
        assertThat(clusters.searchUserIdsAsync(UserIdQuery.of("u1")).join().hits())
                .hasSize(1);
        assertThat(clusters.getTopUserIdsAsync().join().topUsers()).isNotEmpty();
        assertThat(clusters.hasPendingMappingsAsync().join().pending()).isFalse();
        clusters.removeUserIdAsync("u2").join();
        assertThat(clusters.listUserIds(ListUserIdsQuery.of()).userIDs())
                .extracting(UserMapping::userID)
                .containsExactly("u1");
    }
}
