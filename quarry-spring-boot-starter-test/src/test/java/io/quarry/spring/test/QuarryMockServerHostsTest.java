package io.quarry.spring.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Host;
import io.quarry.core.testing.MutableClock;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import io.quarry.spring.QuarryAutoConfiguration;
import io.quarry.spring.QuarryClientConfigCustomizer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * {@code @QuarryMockServer(hosts = 3)}: the auto-configured client gets the server's three hosts, a fault scripted
 * for one host moves its calls to the next, and once the fault is over and the client's down time has passed (on a
 * clock the test moves) the host is used again.
 */
@SpringJUnitConfig(QuarryMockServerHostsTest.Application.class)
@QuarryMockServer(hosts = 3)
class QuarryMockServerHostsTest {

    private static final MutableClock CLIENT_CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));

    private static final Duration HOST_DOWN_TTL = Duration.ofSeconds(10);

    @Autowired
    MockServer server;

    @Autowired
    SearchClient search;

    private List<Long> requestCounts() {
        return server.hosts().stream().map(MockHost::requestCount).toList();
    }

    @Test
    void theClientCallsEveryHostOfTheServerInOrder() {
        assertThat(server.hosts()).hasSize(3);
        assertThat(search.config().hosts())
                .containsExactlyElementsOf(
                        server.hosts().stream().map(host -> Host.of(host.url())).toList());
    }

    @Test
    void aRefusingHostMovesTheCallsToTheNextHostUntilItIsBackAndItsDownTimeHasPassed() {
        server.hosts().get(0).faults().refuseConnections(Duration.ofMinutes(5));

        assertThat(search.listIndices().items()).isEmpty();
        assertThat(search.listIndices().items()).isEmpty();
        assertThat(requestCounts()).containsExactly(0L, 2L, 0L);

        server.hosts().get(0).faults().clear();
        CLIENT_CLOCK.advance(HOST_DOWN_TTL);
        assertThat(search.listIndices().items()).isEmpty();
        assertThat(requestCounts()).containsExactly(1L, 2L, 0L);
    }

    @Test
    void aHostAnswering503SendsTheCallToTheNextHost() {
        server.hosts().get(0).faults().during(Duration.ofMinutes(5), Fault.status(503));

        assertThat(search.listIndices().items()).isEmpty();
        assertThat(requestCounts()).containsExactly(1L, 1L, 0L);

        server.hosts().get(0).faults().clear();
        CLIENT_CLOCK.advance(HOST_DOWN_TTL);
        assertThat(search.listIndices().items()).isEmpty();
        assertThat(requestCounts()).containsExactly(2L, 1L, 0L);
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(QuarryAutoConfiguration.class)
    static class Application {

        /** The client's host states on a clock the test moves, so a host's down time passes without sleeping. */
        @Bean
        QuarryClientConfigCustomizer hostDownTimeOnTheTestsClock() {
            return builder -> builder.clock(CLIENT_CLOCK).hostDownTtl(HOST_DOWN_TTL);
        }
    }
}
