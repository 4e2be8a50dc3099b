package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.IndexInfo;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A primary with a sorting replica, through the SDK against the mock server: records saved through the primary are
 * searched in the replica's order, the link reads back on both sides and in the index list, unlinking leaves an
 * ordinary index, and refused links and writes arrive as {@link BadRequestException}.
 */
class ReplicasContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex primary = client.index("products");
    private final SearchIndex byPrice = client.index("products_price_desc");

    @BeforeEach
    void primaryWithASortingReplica() {
        primary.waitForTask(
                primary.setSettings(IndexSettings.of().replicas(byPrice.name())).taskID(), FAST);
        byPrice.waitForTask(
                byPrice.setSettings(IndexSettings.of().customRanking("desc(price)"))
                        .taskID(),
                FAST);
        primary.saveObjects(
                List.of(
                        new Product("p1", "Phone", "Acme", 300),
                        new Product("p2", "Cable", "Acme", 5),
                        new Product("p3", "Laptop", "Acme", 900)),
                BatchOptions.of().waitingForTasks());
    }

    private List<String> idsIn(SearchIndex index) {
        return index.search(SearchQuery.of(""), Product.class).records().stream()
                .map(Product::objectID)
                .toList();
    }

    @Test
    void recordsSavedThroughThePrimaryAreSearchedInTheReplicasOrder() {
        assertThat(idsIn(byPrice)).containsExactly("p3", "p1", "p2");
        assertThat(byPrice.getSettings().get("primary")).contains(primary.name());
        assertThat(primary.getSettings().getStrings("replicas")).containsExactly(byPrice.name());
        List<IndexInfo> listed = client.listIndices().items();
        assertThat(listed)
                .filteredOn(info -> info.name().equals(byPrice.name()))
                .singleElement()
                .extracting(IndexInfo::primary)
                .isEqualTo(primary.name());
        assertThat(listed)
                .filteredOn(info -> info.name().equals(primary.name()))
                .singleElement()
                .extracting(IndexInfo::replicas)
                .isEqualTo(List.of(byPrice.name()));
    }

    @Test
    void replacingThePrimarysRecordsReachesTheReplica() {
        primary.replaceAllObjects(
                List.of(new Product("n1", "Mouse", "Acme", 20), new Product("n2", "Desk", "Acme", 150)),
                BatchOptions.of().waitingForTasks());
        assertThat(idsIn(byPrice)).containsExactly("n2", "n1");
        assertThat(primary.getSettings().getStrings("replicas")).containsExactly(byPrice.name());
    }

    @Test
    void forwardedSettingsLeaveTheLinkAlone() {
        primary.waitForTask(
                primary.forwardingToReplicas()
                        .setSettings(IndexSettings.of().searchableAttributes("name"))
                        .taskID(),
                FAST);
        assertThat(byPrice.getSettings().getStrings("searchableAttributes")).containsExactly("name");
        assertThat(byPrice.getSettings().get("primary")).contains(primary.name());
        assertThat(idsIn(byPrice)).containsExactly("p3", "p1", "p2");
    }

    @Test
    void anUnlinkedReplicaIsAnOrdinaryIndexKeepingItsRecords() {
        primary.waitForTask(primary.setSettings(IndexSettings.of().replicas()).taskID(), FAST);
        assertThat(byPrice.getSettings().get("primary")).isEmpty();
        byPrice.waitForTask(
                byPrice.saveObject("own", new Product("own", "Pen", "Acme", 1)).taskID(), FAST);
        primary.waitForTask(
                primary.saveObject("p4", new Product("p4", "Tablet", "Acme", 400))
                        .taskID(),
                FAST);
        assertThat(idsIn(byPrice)).containsExactly("p3", "p1", "p2", "own");
    }

    @Test
    void refusedLinksAndWritesArriveAsBadRequests() {
        assertThatThrownBy(() -> primary.setSettings(IndexSettings.of().replicas(primary.name())))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("cannot be its own replica");
        assertThatThrownBy(() ->
                        client.index("other").setSettings(IndexSettings.of().replicas(byPrice.name())))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("already a replica of " + primary.name());
        assertThatThrownBy(() -> byPrice.setSettings(IndexSettings.of().replicas("deeper")))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("a replica cannot have replicas");
        assertThatThrownBy(() -> byPrice.saveObject("x", new Product("x", "Bag", "Acme", 2)))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("write them to " + primary.name());
        assertThatThrownBy(byPrice::delete)
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("remove it from the replicas of " + primary.name() + " first");
        assertThat(idsIn(byPrice)).containsExactly("p3", "p1", "p2");
    }
}
