package io.quarry.monitoring.model;

import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A lookup in an answer by server, cluster or metric refuses null naming it, rather than answering "none" (no server
 * is named null) or failing with the JVM's message.
 */
class LookupNullsTest {

    @Test
    void aLookupByServerNamesTheMissingServer() {
        assertThatNullPointerException()
                .isThrownBy(() -> new StatusResponse(Map.of()).forServer(null))
                .withMessage("server");
        assertThatNullPointerException()
                .isThrownBy(() -> new IncidentsResponse(Map.of()).forServer(null))
                .withMessage("server");
        assertThatNullPointerException()
                .isThrownBy(() -> new ServerSeries(Map.of()).forServer(null))
                .withMessage("server");
        assertThatNullPointerException()
                .isThrownBy(() -> new ProbeSeries(Map.of()).forServer(null))
                .withMessage("server");
        assertThatNullPointerException()
                .isThrownBy(() -> new Reachability(Map.of()).forServer(null))
                .withMessage("server");
        assertThatNullPointerException()
                .isThrownBy(() -> new Reachability(Map.of()).reachableFromEveryProbe(null))
                .withMessage("server");
    }

    @Test
    void aLookupByClusterOrMetricNamesIt() {
        assertThatNullPointerException()
                .isThrownBy(() -> new ClusterHealthReport(List.of()).cluster(null))
                .withMessage("cluster");
        assertThatNullPointerException()
                .isThrownBy(() -> new InfrastructureMetrics(Map.of()).forMetric(null))
                .withMessage("metric");
    }
}
