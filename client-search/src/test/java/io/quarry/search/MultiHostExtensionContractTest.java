package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.MutableClock;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Failover through the JUnit extension: a server of three hosts on a clock the test moves, shared with the client,
 * so that a host's down time passes without sleeping. Each test starts with every host serving and nothing counted.
 */
@Timeout(60)
class MultiHostExtensionContractTest {

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));

    private static final Duration DOWN_TIME = Duration.ofSeconds(30);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.hosts(3).clock(CLOCK))
            .build();

    private SearchClient client;
    private List<MockHost> hosts;

    @BeforeEach
    void connect() {
        MockServer server = MOCK.server();
        server.seed(BooksOnThreeHosts.SEED);
        hosts = server.hosts();
        client = SearchClient.create(MockServerClients.builder(server, server.adminKey())
                .clock(CLOCK)
                .hostDownTtl(Duration.ofSeconds(10))
                .build());
    }

    @AfterEach
    void close() {
        client.close();
    }

    private long search() {
        return client.index("books")
                .search(SearchQuery.of("dune"), FreeFormRecord.class)
                .nbHits();
    }

    @Test
    void aRefusingHostMovesTheCallsToTheNextHostUntilItsDownTimeHasPassed() throws InterruptedException {
        hosts.get(0).faults().refuseConnections(DOWN_TIME);

        assertThat(search()).isEqualTo(1);
        assertThat(search()).isEqualTo(1);
        assertThat(BooksOnThreeHosts.requestCounts(hosts)).containsExactly(0L, 2L, 0L);

        CLOCK.advance(DOWN_TIME);
        Eventually.waitUntil("host 0 to listen again", () -> hosts.get(0).acceptsConnections());
        assertThat(search()).isEqualTo(1);
        assertThat(BooksOnThreeHosts.requestCounts(hosts)).containsExactly(1L, 2L, 0L);
    }

    @Test
    void twoFailingHostsLeaveTheCallsToTheThird() {
        hosts.get(0).faults().during(DOWN_TIME, Fault.status(503));
        hosts.get(1).faults().refuseConnections(DOWN_TIME);

        assertThat(search()).isEqualTo(1);
        assertThat(BooksOnThreeHosts.requestCounts(hosts)).containsExactly(1L, 0L, 1L);

        CLOCK.advance(DOWN_TIME);
        assertThat(search()).isEqualTo(1);
        assertThat(BooksOnThreeHosts.requestCounts(hosts)).containsExactly(2L, 0L, 1L);
    }
}
