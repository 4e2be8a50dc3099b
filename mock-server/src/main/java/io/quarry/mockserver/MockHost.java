package io.quarry.mockserver;

import io.quarry.mockserver.internal.http.hosts.HostState;
import java.net.URI;

/**
 * One host of a {@link MockServer}: a port of its own serving the same application (indices, keys, tasks) as the
 * server's other hosts, so that a client configured with several hosts (read, write, fallbacks) sees distinct
 * hosts, and a fault can be scripted for one of them ({@link #faults()}). The first host's URL is
 * {@link MockServer#url()}. Thread-safe.
 *
 * <pre>{@code
 * try (MockServer server = MockServer.builder().hosts(3).start()) {
 *     MockHost second = server.hosts().get(1);
 *     second.url();                 // e.g. http://127.0.0.1:53124
 *     second.faults().refuseConnections(Duration.ofSeconds(30));
 *     second.requestCount();        // the requests it received
 * }
 * }</pre>
 */
public final class MockHost {

    private final HostState state;
    private final String url;
    private final HostFaults faults;

    MockHost(HostState state, String url) {
        this.state = state;
        this.url = url;
        this.faults = new HostFaults(state);
    }

    /** {@return the host's position among the server's hosts, from 0 (the host of {@link MockServer#url()})} */
    public int index() {
        return state.index();
    }

    /** {@return the host's base URL, e.g. {@code http://127.0.0.1:53124}, without a trailing slash} */
    public String url() {
        return url;
    }

    /** {@return the host's base URL as a URI} */
    public URI uri() {
        return URI.create(url);
    }

    /** {@return the port the host listens on; the same while it refuses connections} */
    public int port() {
        return state.port();
    }

    /**
     * {@return the faults scripted for this host only: refused connections, a status for a while or for the next
     *     requests, held requests; cleared by {@link MockServer#reset()}}
     */
    public HostFaults faults() {
        return faults;
    }

    /**
     * {@return how many requests reached this host since the server started or was last reset, faulted and held
     *     ones included, the control endpoints' left out: which host a client's calls went to}
     */
    public long requestCount() {
        return state.requests();
    }

    /** {@return whether the host accepts connections now: false while it refuses them} */
    public boolean acceptsConnections() {
        return state.accepting();
    }

    @Override
    public String toString() {
        return "MockHost[" + state.index() + ", " + url + "]";
    }
}
