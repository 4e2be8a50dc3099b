package io.quarry.mockserver.internal.http;

import java.net.InetSocketAddress;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * Builds the embedded Jetty server. Jetty parses request lines and headers without a thread per connection, so
 * stalled or garbage connections hold no thread; they are closed after {@link #IDLE_TIMEOUT_MILLIS} without
 * traffic. Handlers run at most as many at once as the front's {@link Workers} allow, on the workers' virtual
 * threads when they have them, otherwise on Jetty's threads.
 *
 * <p>Jetty itself stays on platform threads even where it could read and handle each request on a virtual thread
 * (its thread pool's virtual-threads executor): a virtual thread runs until it blocks, so a few CPU-heavy handlers
 * on every carrier thread would hold back the front's own answers too. Measured on 2 cores, JDK 25, 8 heavy
 * searches at once (about 50 ms each): a refused key's 403 took 64 to 709 ms (median of each round) with Jetty on
 * virtual threads, 4 to 8 ms with Jetty on its platform threads and the handlers on virtual ones.
 */
public final class JettyServers {

    /** How long a connection may send nothing (mid-headers, mid-body or between requests) before it is closed. */
    public static final long IDLE_TIMEOUT_MILLIS = 30_000;

    /** The largest request line plus headers; past it the request gets a 431 (or 414 for the line alone). */
    public static final int MAX_REQUEST_HEADER_BYTES = 64 * 1024;

    private JettyServers() {}

    /** {@return a connector of the server (one host), not yet added to it} */
    private static ServerConnector connector(Server server, InetSocketAddress address, SSLContext tls) {
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        http.setRequestHeaderSize(MAX_REQUEST_HEADER_BYTES);
        // Index names, record IDs and keys travel percent-encoded in the path; the router decodes each segment.
        http.setUriCompliance(UriCompliance.UNSAFE);
        http.setHttpCompliance(HttpCompliance.RFC7230);
        ConnectionFactory plain = new HttpConnectionFactory(http);
        ServerConnector connector;
        if (tls == null) {
            connector = new ServerConnector(server, 1, 1, plain);
        } else {
            // a factory of its own per connector: stopping one connector (a host refusing connections) stops it
            SslContextFactory.Server ssl = new SslContextFactory.Server();
            ssl.setSslContext(tls);
            connector = new ServerConnector(server, 1, 1, new SslConnectionFactory(ssl, "http/1.1"), plain);
        }
        connector.setHost(address.getHostString());
        connector.setPort(address.getPort());
        connector.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
        connector.setAcceptQueueSize(128);
        return connector;
    }

    /**
     * {@return the server, not yet started, with one connector (one host) per address, all serving the handler}
     *
     * @param addresses where to listen, one address per host, at least one
     * @param tls the server TLS context, or {@code null} for plain HTTP
     * @param handler the front
     * @param version the mock server's version, on error answers too
     * @param workers the front's workers: how many handlers may run at once, and on which threads
     */
    public static Server create(
            List<InetSocketAddress> addresses, SSLContext tls, Handler handler, String version, Workers workers) {
        // Jetty's own work (accepting, parsing, the front up to the workers' queue, body reading) runs on these
        // platform threads, time-sliced by the OS, so it goes on while handlers use every core; handlers run on them
        // too (the thread that read a request runs it when a turn is free), unless the workers have virtual threads
        int handlersHere = workers.virtual() ? 0 : workers.threads();
        // each connector leases an acceptor and a selector thread
        int leased = 2 * addresses.size();
        QueuedThreadPool threads = new QueuedThreadPool(Math.max(64, handlersHere + 32) + leased, 4);
        threads.setName("quarry-mock-server-io");
        threads.setDaemon(true);
        Server server = new Server(threads);
        for (InetSocketAddress address : addresses) {
            server.addConnector(connector(server, address, tls));
        }
        server.setHandler(handler);
        server.setErrorHandler(new JsonErrorHandler(version));
        server.setStopTimeout(0);
        return server;
    }
}
