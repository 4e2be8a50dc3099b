package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Host;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerSettings;
import io.quarry.testsupport.MockServerClientsExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code @MockServerSettings(hosts = 3)}: the injected client has the server's three hosts, in order. */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
@MockServerSettings(hosts = 3)
class MultiHostInjectedClientContractTest {

    @Test
    void theInjectedClientCallsEveryHostOfTheServerInOrder(MockServer server, SearchClient client) {
        assertThat(client.config().hosts())
                .containsExactlyElementsOf(
                        server.hosts().stream().map(host -> Host.of(host.url())).toList());

        server.hosts().get(0).faults().during(Duration.ofMinutes(1), Fault.status(503));
        server.hosts().get(1).faults().refuseConnections(Duration.ofMinutes(1));

        assertThat(client.listIndices().items()).isEmpty();
        assertThat(server.hosts()).extracting(MockHost::requestCount).containsExactly(1L, 0L, 1L);
    }
}
