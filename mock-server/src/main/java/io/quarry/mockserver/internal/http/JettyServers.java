package io.quarry.mockserver.internal.http;

import java.net.InetSocketAddress;
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
 * traffic. Handlers run on Jetty's threads, at most as many at once as the front's {@link Workers} allow.
 */
public final class JettyServers {

    /** How long a connection may send nothing (mid-headers, mid-body or between requests) before it is closed. */
    public static final long IDLE_TIMEOUT_MILLIS = 30_000;

    /** The largest request line plus headers; past it the request gets a 431 (or 414 for the line alone). */
    public static final int MAX_REQUEST_HEADER_BYTES = 64 * 1024;

    private JettyServers() {}

    /**
     * {@return the server, not yet started}
     *
     * @param address where to listen
     * @param tls the server TLS context, or {@code null} for plain HTTP
     * @param handler the front
     * @param version the mock server's version, on error answers too
     * @param handlerThreads how many handlers may run at once
     */
    public static Server create(
            InetSocketAddress address, SSLContext tls, Handler handler, String version, int handlerThreads) {
        // handlers run on these threads: room for all of them, plus the acceptor, selector and I/O work
        QueuedThreadPool threads = new QueuedThreadPool(Math.max(64, handlerThreads + 32), 4);
        threads.setName("quarry-mock-server-io");
        threads.setDaemon(true);
        Server server = new Server(threads);
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
            SslContextFactory.Server ssl = new SslContextFactory.Server();
            ssl.setSslContext(tls);
            connector = new ServerConnector(server, 1, 1, new SslConnectionFactory(ssl, "http/1.1"), plain);
        }
        connector.setHost(address.getHostString());
        connector.setPort(address.getPort());
        connector.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
        connector.setAcceptQueueSize(128);
        server.addConnector(connector);
        server.setHandler(handler);
        server.setErrorHandler(new JsonErrorHandler(version));
        server.setStopTimeout(0);
        return server;
    }
}
