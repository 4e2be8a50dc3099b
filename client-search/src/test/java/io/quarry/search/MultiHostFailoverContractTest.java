package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.CallType;
import io.quarry.core.ClientConfig;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.MutableClock;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client of three hosts against one embedded mock server of three hosts: a fault scripted for one host moves the
 * calls to the next host, and once its down time has passed on the clock the server and the client share, the host
 * is used again. Which host answered is read from each host's request count.
 */
@Timeout(60)
class MultiHostFailoverContractTest {

    /** How long the client leaves a failed host out. */
    private static final Duration HOST_DOWN_TTL = Duration.ofSeconds(10);

    /** How long a scripted fault lasts: past the client's down time, so the fault decides when the host is back. */
    private static final Duration DOWN_TIME = Duration.ofSeconds(30);

    private final BooksOnThreeHosts fixture = new BooksOnThreeHosts();
    private final MutableClock clock = fixture.clock();
    private final MockServer server = fixture.server();
    private final List<MockHost> hosts = fixture.hosts();
    private SearchClient client;

    @AfterEach
    void close() {
        if (client != null) {
            client.close();
        }
        server.close();
    }

    /** Every host serves reads and writes, tried in order. */
    private SearchClient threeEqualHosts() {
        return SearchClient.create(MockServerClients.builder(server, server.adminKey())
                .clock(clock)
                .hostDownTtl(HOST_DOWN_TTL)
                .build());
    }

    private long search() {
        return client.index("books")
                .search(SearchQuery.of("dune"), FreeFormRecord.class)
                .nbHits();
    }

    @Test
    void aHostThatRefusesConnectionsIsLeftForTheNextUntilItsDownTimeHasPassed() throws InterruptedException {
        client = threeEqualHosts();
        assertThat(client.config().hosts())
                .extracting(Host::port)
                .containsExactly(
                        hosts.get(0).port(), hosts.get(1).port(), hosts.get(2).port());
        assertThat(search()).isEqualTo(1);
        assertThat(fixture.requestCounts()).containsExactly(1L, 0L, 0L);

        hosts.get(0).faults().refuseConnections(DOWN_TIME);

        assertThat(search()).as("refused by host 0, answered by host 1").isEqualTo(1);
        assertThat(fixture.requestCounts()).containsExactly(1L, 1L, 0L);
        assertThat(search()).as("host 0 is left out while down").isEqualTo(1);
        assertThat(fixture.requestCounts()).containsExactly(1L, 2L, 0L);

        clock.advance(DOWN_TIME);
        Eventually.waitUntil("host 0 to listen again", () -> hosts.get(0).acceptsConnections());

        assertThat(search()).as("host 0 answers again").isEqualTo(1);
        assertThat(fixture.requestCounts()).containsExactly(2L, 2L, 0L);
    }

    @Test
    void aHostAnswering503ForAWhileSendsEachCallToTheNextHostUntilItIsOver() {
        client = threeEqualHosts();
        hosts.get(0).faults().during(DOWN_TIME, Fault.status(503));

        assertThat(search()).as("503 from host 0, answered by host 1").isEqualTo(1);
        assertThat(fixture.requestCounts()).containsExactly(1L, 1L, 0L);

        clock.advance(HOST_DOWN_TTL);
        assertThat(search())
                .as("tried again after the client's down time, still 503")
                .isEqualTo(1);
        assertThat(fixture.requestCounts()).containsExactly(2L, 2L, 0L);

        clock.advance(DOWN_TIME);
        assertThat(search()).as("host 0 answers again").isEqualTo(1);
        assertThat(fixture.requestCounts()).containsExactly(3L, 2L, 0L);
    }

    /** As the service's hosts: a read host, a write host and a fallback for both. */
    private SearchClient readWriteAndFallbackHosts() {
        return SearchClient.create(ClientConfig.builder(server.applicationId(), server.adminKey())
                .hosts(
                        Host.of(hosts.get(0).url(), CallType.READ),
                        Host.of(hosts.get(1).url(), CallType.WRITE),
                        Host.of(hosts.get(2).url()))
                .clock(clock)
                .hostDownTtl(HOST_DOWN_TTL)
                .logLevel(LogLevel.NONE)
                .build());
    }

    @Test
    void withReadWriteAndFallbackHostsARefusingReadHostSendsSearchesToTheFallback() throws InterruptedException {
        client = readWriteAndFallbackHosts();
        hosts.get(0).faults().refuseConnections(DOWN_TIME);

        assertThat(search()).isEqualTo(1);
        assertThat(fixture.requestCounts())
                .as("refused by the read host, answered by the fallback")
                .containsExactly(0L, 0L, 1L);

        clock.advance(DOWN_TIME);
        Eventually.waitUntil("the read host to listen again", () -> hosts.get(0).acceptsConnections());
        assertThat(search()).isEqualTo(1);
        assertThat(fixture.requestCounts()).as("back on the read host").containsExactly(1L, 0L, 1L);
    }

    @Test
    void withReadWriteAndFallbackHostsAFailingWriteHostSendsWritesToTheFallback() {
        client = readWriteAndFallbackHosts();
        SearchIndex books = client.index("books");
        hosts.get(1).faults().during(DOWN_TIME, Fault.status(503));

        books.saveObject("2", Map.of("title", "Emma"));
        assertThat(fixture.requestCounts())
                .as("503 from the write host, written through the fallback")
                .containsExactly(0L, 1L, 1L);
        assertThat(search()).as("reads stay on the read host").isEqualTo(1);
        assertThat(fixture.requestCounts()).containsExactly(1L, 1L, 1L);

        clock.advance(DOWN_TIME);
        books.saveObject("3", Map.of("title", "Ulysses"));
        assertThat(fixture.requestCounts()).as("the write host is back").containsExactly(1L, 2L, 1L);
        assertThat(books.getObject("2", FreeFormRecord.class)).isNotNull();
    }
}
