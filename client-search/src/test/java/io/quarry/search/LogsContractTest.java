package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.NotFoundException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.LogEntry;
import io.quarry.search.model.LogsQuery;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** getLogs against the mock server: entries, filters by type and index, paging, and no key in them. */
class LogsContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    @BeforeEach
    void seed() {
        SearchIndex products = client.index("products");
        products.waitForTask(
                products.saveObject("p1", new Product("p1", "Phone", "Acme", 1)).taskID(), FAST);
        products.search(SearchQuery.of("phone"), Product.class);
        client.index("other")
                .waitForTask(
                        client.index("other")
                                .saveObject("o1", new Product("o1", "Lamp", "Bolt", 2))
                                .taskID(),
                        FAST);
        assertThatThrownBy(() -> products.getObject("missing", Product.class)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void readsTheLatestCallsWithoutTheKey() {
        List<LogEntry> logs = client.getLogs(LogsQuery.of().length(100)).logs();

        assertThat(logs).isNotEmpty().allSatisfy(entry -> {
            assertThat(entry.timestamp()).isBeforeOrEqualTo(Instant.now());
            assertThat(entry.method()).isNotBlank();
            assertThat(entry.url()).startsWith("/1/");
            assertThat(entry.queryHeaders()).doesNotContain(MOCK.server().adminKey());
        });
        assertThat(logs).extracting(LogEntry::url).anyMatch(url -> url.startsWith("/1/indexes/products/query"));
    }

    @Test
    void filtersByTypeAndIndexAndPages() {
        assertThat(client.getLogs(LogsQuery.of().type("query").length(100)).logs())
                .extracting(LogEntry::method)
                .contains("POST")
                .doesNotContain("PUT");
        assertThat(client.getLogs(LogsQuery.of().type("build").length(100)).logs())
                .isNotEmpty()
                .allSatisfy(entry -> assertThat(entry.method()).isEqualTo("PUT"));
        assertThat(client.getLogs(LogsQuery.of().type("error").length(100)).logs())
                .isNotEmpty()
                .allSatisfy(entry -> assertThat(entry.answerCode()).startsWith("4"));
        assertThat(client.getLogs(LogsQuery.of().indexName("other").length(100)).logs())
                .isNotEmpty()
                .allSatisfy(entry -> assertThat(entry.index()).isEqualTo("other"));
        assertThat(client.getLogs(LogsQuery.of().length(1)).logs()).hasSize(1);
        assertThat(client.getLogsAsync(LogsQuery.of().offset(1).length(2))
                        .join()
                        .logs())
                .hasSize(2);
    }
}
