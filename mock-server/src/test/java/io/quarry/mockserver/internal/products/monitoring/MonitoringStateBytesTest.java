package io.quarry.mockserver.internal.products.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What monitoring's control endpoints leave behind is bounded in bytes, not only in count: incidents and server
 * names are the caller's text, up to 10,000 characters each.
 */
class MonitoringStateBytesTest {

    private static final String LONG = "x".repeat(10_000);

    @Test
    void incidentsOfLongTextsKeepFourMegabytes() {
        Incidents incidents = new Incidents(Clock.systemUTC());
        for (int i = 0; i < Incidents.MAX_INCIDENTS; i++) {
            incidents.add("s", "title " + i + LONG, "body" + LONG, "major_outage");
        }
        assertThat(incidents.bytes()).isLessThanOrEqualTo(Incidents.MAX_BYTES);
        List<Incidents.Incident> kept = incidents.of(List.of("s"));
        assertThat(kept).hasSizeLessThan(Incidents.MAX_INCIDENTS);
        assertThat(kept.get(kept.size() - 1).title()).startsWith("title " + (Incidents.MAX_INCIDENTS - 1));
    }

    @Test
    void statusChangesHoldTheNamesOfTheCurrentInventoryOnce() {
        Inventory inventory = new Inventory(List.of("c"), Clock.systemUTC());
        for (int round = 0; round < 50; round++) {
            String server = "server-" + round % 2 + LONG;
            inventory.replace(
                    List.of(new Inventory.Server(server, "eu", false, "c", "PRODUCTION", Inventory.CLUSTER_TYPE)),
                    null);
            // each request brings its own copy of the name
            inventory.setStatus(new String(server), "major_outage");
            inventory.setStatus(new String(server), "operational");
        }
        String current = inventory.servers().get(0).name();
        List<String> names = inventory.changedNames();
        assertThat(names).isNotEmpty().allSatisfy(name -> assertThat(name).isSameAs(current));
    }
}
