package io.quarry.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.tck.ObservationContextAssert;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.RequestOptions;
import io.quarry.core.RetryRounds;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.MutableClock;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The mock server's failover recipe, seen in the metrics: a client of three hosts against one server of three hosts,
 * the first refusing connections for a while. The call that fails over counts a failover and a host marked down and
 * names the host that answered; the calls while the host is down count neither; once its down time has passed, the
 * calls are on the first host again.
 */
@Timeout(60)
class FailoverAcrossHostsTest {

    private final BooksOnThreeHosts fixture = new BooksOnThreeHosts();
    private final MutableClock clock = fixture.clock();
    private final MockServer server = fixture.server();
    private final List<MockHost> hosts = fixture.hosts();
    private final TestObservationRegistry registry = TestObservationRegistry.create();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    /** Every event seen: {@code name|contextual name}. */
    private final EventRecorder recorder = new EventRecorder();

    private final List<String> events = recorder.events();

    private final SearchClient client;

    FailoverAcrossHostsTest() {
        registry.observationConfig()
                .observationHandler(new DefaultMeterObservationHandler(meters))
                .observationHandler(recorder);
        client = SearchClient.create(MockServerClients.builder(server, server.adminKey())
                .clock(clock)
                .hostDownTtl(Duration.ofSeconds(10))
                .callObserver(MicrometerCallObserver.of(registry))
                .build());
    }

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    private void search() {
        assertThat(client.index("books")
                        .search(SearchQuery.of("dune"), FreeFormRecord.class)
                        .nbHits())
                .isEqualTo(1);
    }

    private double counter(String name) {
        return meters.get(name).counter().count();
    }

    /** {@return the last call observed} */
    private Observation.Context lastCall() {
        AtomicReference<List<Observation.Context>> seen = new AtomicReference<>();
        TestObservationRegistryAssert.assertThat(registry).hasHandledContextsThatSatisfy(seen::set);
        List<Observation.Context> calls = seen.get();
        return calls.get(calls.size() - 1);
    }

    /** {@return the port of the host that answered the last call} */
    private String lastServerPort() {
        return lastCall().getHighCardinalityKeyValue("server.port").getValue();
    }

    private static String port(MockHost host) {
        return Integer.toString(host.port());
    }

    @Test
    void aSearchThatEveryHostFailedOnceShowsItsSecondRoundAsAnEventAndACount() {
        hosts.forEach(host -> host.faults().next(1, Fault.status(503)));
        RetryRounds quick = RetryRounds.forOutages().waits(Duration.ofMillis(10), Duration.ofMillis(20));

        assertThat(client.index("books")
                        .withOptions(RequestOptions.builder().retryRounds(quick).build())
                        .search(SearchQuery.of("dune"), FreeFormRecord.class)
                        .nbHits())
                .isEqualTo(1);

        assertThat(counter("quarry.client.call.rounds")).isEqualTo(1);
        assertThat(events)
                .filteredOn(event -> event.startsWith("rounds|"))
                .singleElement()
                .satisfies(event -> assertThat(event).matches("rounds\\|round 2 after \\d+ ms: every host failed"));
        ObservationContextAssert.assertThat(lastCall())
                .hasLowCardinalityKeyValue("quarry.outcome", "SUCCESS")
                .hasHighCardinalityKeyValue("quarry.tries", "4");
    }

    @Test
    void aHostRefusingConnectionsShowsAsOneFailoverAndOneHostDown() throws InterruptedException {
        hosts.get(0).faults().refuseConnections(Duration.ofSeconds(30));

        search();
        assertThat(counter("quarry.client.call.failovers")).isEqualTo(1);
        assertThat(counter("quarry.client.call.hosts.down")).isEqualTo(1);
        assertThat(counter("quarry.client.call.retries")).isEqualTo(1);
        ObservationContextAssert.assertThat(lastCall())
                .hasContextualNameEqualTo("search.search")
                .hasLowCardinalityKeyValue("quarry.outcome", "SUCCESS")
                .hasLowCardinalityKeyValue("quarry.status_class", "2xx")
                .hasHighCardinalityKeyValue("server.address", "127.0.0.1")
                .hasHighCardinalityKeyValue("server.port", port(hosts.get(1)))
                .hasHighCardinalityKeyValue("quarry.tries", "2")
                .hasHighCardinalityKeyValue("http.response.status_code", "200");
        String refused = "127.0.0.1:" + port(hosts.get(0));
        String next = "127.0.0.1:" + port(hosts.get(1));
        assertThat(events)
                .containsExactly(
                        "hosts.down|host down: " + refused + " after try 1 (ConnectException)",
                        "retries|retry 2 on " + next,
                        "failovers|failover from " + refused + " to " + next);

        search();
        assertThat(counter("quarry.client.call.failovers"))
                .as("the host marked down is left out: one try, on the next host")
                .isEqualTo(1);
        assertThat(lastServerPort()).isEqualTo(port(hosts.get(1)));

        clock.advance(Duration.ofSeconds(30));
        Eventually.waitUntil("host 0 to listen again", () -> hosts.get(0).acceptsConnections());
        search();
        assertThat(counter("quarry.client.call.failovers")).isEqualTo(1);
        assertThat(meters.get("quarry.client.call").timer().count()).isEqualTo(3);
        assertThat(lastServerPort()).isEqualTo(port(hosts.get(0)));
    }
}
