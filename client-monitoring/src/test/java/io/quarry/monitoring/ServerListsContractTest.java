package io.quarry.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.InvalidRequestException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.monitoring.model.ClusterHealthReport;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Random {@code {servers}} lists against the mock server: known names, repeated, mixed with odd ones (spaces,
 * separators of URLs, other scripts, long). Every answer names exactly the distinct names asked, or the call fails
 * with a typed error.
 */
class ServerListsContractTest {

    private static final long SEED = 0x5E4_7E45L;

    private static final List<String> KNOWN =
            List.of("mock-cluster-1", "mock-cluster-2", "mock-cluster-1-1", "mock-cluster-1-dsn-1", "mock-cluster-2-3");

    private static final List<String> ODD = List.of(
            " mock-cluster-1",
            "mock-cluster-1 ",
            "\tmock-cluster-2",
            "MOCK-CLUSTER-1",
            "mock-cluster-1/probes",
            "a/../mock-cluster-1",
            "mock-cluster-1?x=1",
            "mock-cluster-1#top",
            "mock-cluster-1;x",
            "100%",
            "%2C",
            "クラスタ",
            "x".repeat(2000));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final MonitoringClient monitoring =
            MonitoringClient.create(MockServerClients.monitoringConfig(MOCK.server()));

    @Test
    void anAnswerNamesExactlyTheNamesAskedOrTheCallIsABadRequest() {
        Random random = new Random(SEED);
        for (int i = 0; i < 60; i++) {
            List<String> names = randomList(random);
            boolean allKnown = KNOWN.containsAll(names);
            String context = "seed " + SEED + ", case " + i + ": " + names;
            List<String> distinct = List.copyOf(new LinkedHashSet<>(names));

            if (allKnown) {
                assertThat(monitoring.status(names).status()).as(context).containsOnlyKeys(distinct);
                assertThat(monitoring.incidents(names).incidents()).as(context).containsOnlyKeys(distinct);
                assertThat(monitoring.latency(names).byServer()).as(context).containsOnlyKeys(distinct);
                assertThat(monitoring.reachability(names).byServer())
                        .as(context)
                        .containsOnlyKeys(distinct);
            } else {
                assertThatThrownBy(() -> monitoring.status(names)).as(context).isInstanceOf(BadRequestException.class);
                assertThatThrownBy(() -> monitoring.indexingTime(names))
                        .as(context)
                        .isInstanceOf(BadRequestException.class);
            }
        }
    }

    @Test
    void aClusterAskedWithSpacesIsNotReportedAsAnotherOne() {
        assertThatThrownBy(() -> monitoring.clusterHealth(List.of(" mock-cluster-1")))
                .isInstanceOf(BadRequestException.class);
        ClusterHealthReport report = monitoring.clusterHealth(List.of("mock-cluster-1"));
        assertThat(report.allOperational()).isTrue();
    }

    @Test
    void emptyBlankAndCommaNamesAreRefusedBeforeAnyCall() {
        for (List<String> names : List.of(List.<String>of(), List.of(""), List.of(" "), List.of("a,b"))) {
            assertThatThrownBy(() -> monitoring.status(names))
                    .as("%s", names)
                    .isInstanceOf(InvalidRequestException.class);
        }
    }

    private static List<String> randomList(Random random) {
        int size = 1 + random.nextInt(6);
        List<String> names = new ArrayList<>();
        for (int n = 0; n < size; n++) {
            names.add(
                    random.nextInt(8) == 0
                            ? ODD.get(random.nextInt(ODD.size()))
                            : KNOWN.get(random.nextInt(KNOWN.size())));
        }
        return names;
    }
}
