package io.quarry.mockserver.testing;

import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A server with several hosts on a clock the test moves, and a client for each host. */
public final class HostsOnOneServer implements AutoCloseable {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    private final MockServer server;
    private final List<MockHost> hosts;

    /**
     * Starts the server.
     *
     * @param count how many hosts
     */
    public HostsOnOneServer(int count) {
        server = MockServer.builder().hosts(count).clock(clock).start();
        hosts = server.hosts();
    }

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
        return hosts;
    }

    /**
     * {@return a client of one host, with the admin key}
     *
     * @param host the host's index
     */
    public TestClient on(int host) {
        return new TestClient(server).onHost(hosts.get(host));
    }

    /**
     * {@return the status of a list of the indices through that host}
     *
     * @param host the host's index
     */
    public int call(int host) {
        return on(host).get("/1/indexes").status();
    }

    /**
     * {@return the answer to come of a write of the record {@code books/1} through the host, sent once the host
     * has received it} It is a PUT, not a GET, which the JDK's client sends again when its connection is closed.
     *
     * @param host the host's index
     * @throws InterruptedException if interrupted while waiting
     */
    public CompletableFuture<HttpResponse<String>> writeReceivedBy(int host) throws InterruptedException {
        long before = hosts.get(host).requestCount();
        TestClient client = on(host);
        CompletableFuture<HttpResponse<String>> answer = client.http()
                .sendAsync(
                        client.request("PUT", "/1/indexes/books/1", "{\"title\": \"Dune\"}")
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        Eventually.waitUntil(
                "the write to reach host " + host, () -> hosts.get(host).requestCount() == before + 1);
        return answer;
    }

    @Override
    public void close() {
        server.close();
    }
}
