package io.quarry.testsupport;

import io.quarry.core.testing.MutableClock;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import java.time.Instant;
import java.util.List;

/**
 * The failover tests' server: three hosts serving one index, {@code books}, with one record, on a clock the test
 * moves (to share with the client, so that a host's down time and a scripted fault's both pass without sleeping).
 */
public final class BooksOnThreeHosts implements AutoCloseable {

    /** The seed: index {@code books} with the record {@code 1}, titled Dune. */
    public static final String SEED =
            "{\"indices\": {\"books\": {\"records\": [{\"objectID\": \"1\", \"title\": \"Dune\"}]}}}";

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    private final MockServer server =
            MockServer.builder().hosts(3).clock(clock).seedJson(SEED).start();

    /** Starts the server. */
    public BooksOnThreeHosts() {}

    /** {@return the server's clock, which the test moves} */
    public MutableClock clock() {
        return clock;
    }

    /** {@return the server} */
    public MockServer server() {
        return server;
    }

    /** {@return the server's hosts, in order} */
    public List<MockHost> hosts() {
        return server.hosts();
    }

    /** {@return how many requests each host received, in order} */
    public List<Long> requestCounts() {
        return requestCounts(server.hosts());
    }

    /**
     * {@return how many requests each host received, in order}
     *
     * @param hosts a server's hosts
     */
    public static List<Long> requestCounts(List<MockHost> hosts) {
        return hosts.stream().map(MockHost::requestCount).toList();
    }

    @Override
    public void close() {
        server.close();
    }
}
