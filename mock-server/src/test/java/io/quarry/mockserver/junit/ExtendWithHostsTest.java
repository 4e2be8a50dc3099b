package io.quarry.mockserver.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.testing.TestClient;
import java.time.Duration;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code @MockServerSettings(hosts = 3)}: one server of three hosts, whose faults one test leaves to none after. */
@ExtendWith(MockServerExtension.class)
@MockServerSettings(hosts = 3)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExtendWithHostsTest {

    @Test
    @Order(1)
    void theServerHasTheHostsAsked(MockServer server) {
        assertThat(server.hosts()).hasSize(3).extracting(MockHost::port).doesNotHaveDuplicates();
        MockHost second = server.hosts().get(1);
        assertThat(new TestClient(server).onHost(second).get("/1/indexes").status())
                .isEqualTo(200);
        second.faults().refuseConnections(Duration.ofHours(1));
        server.hosts().get(2).faults().during(Duration.ofHours(1), Fault.status(503));
        assertThat(second.acceptsConnections()).isFalse();
    }

    @Test
    @Order(2)
    void theNextTestStartsWithEveryHostServingAndNothingCounted(MockServer server) {
        assertThat(server.hosts()).extracting(MockHost::requestCount).containsOnly(0L);
        for (MockHost host : server.hosts()) {
            assertThat(host.acceptsConnections()).isTrue();
            assertThat(new TestClient(server).onHost(host).get("/1/indexes").status())
                    .isEqualTo(200);
        }
    }
}
