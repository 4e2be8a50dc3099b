package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.monitoring.MonitoringClient;
import io.quarry.monitoring.model.ClusterHealthReport;
import io.quarry.search.SearchClient;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClientsExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The monitoring example finds every cluster of the application and reports each healthy, with its latency. */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
class MonitoringExampleTest {

    @Test
    void reportsEveryClusterOperational(SearchClient search, MonitoringClient monitoring) {
        // Some traffic; the probes measure every cluster's latency whether it served requests or not.
        search.index("shop").saveObject("1", Map.of("name", "lamp"));
        search.index("shop").search(SearchQuery.of("lamp"), Map.class);

        ClusterHealthReport report = MonitoringExample.checkClusters(monitoring);

        assertThat(report.allOperational()).isTrue();
        assertThat(MonitoringExample.describe(report))
                .hasSize(report.clusters().size())
                .isNotEmpty()
                .allMatch(line ->
                        line.matches("\\S+: operational, 0 incidents, (average latency \\d+ ms|no latency yet)"))
                .allMatch(line -> line.contains("average latency"));
    }
}
