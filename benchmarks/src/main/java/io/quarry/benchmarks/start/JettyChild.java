package io.quarry.benchmarks.start;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty 12 bare, as the mock server runs it (one connector on a free loopback port, Jetty's cache-line property set
 * so that it starts no MBean server) with one handler answering every request with a small JSON body, and its first
 * answer: the part of the mock server's start that is Jetty's own, with none of the mock server's code.
 */
public final class JettyChild {

    private JettyChild() {}

    /**
     * Starts Jetty, makes the first request, reports.
     *
     * @param args none
     * @throws Exception if Jetty cannot start or the request fails
     */
    public static void main(String[] args) throws Exception {
        long mainAt = System.currentTimeMillis();
        // as the mock server does (JettyCacheLines): the value Jetty would compute with compressed oops
        System.setProperty("org.eclipse.jetty.util.referencesPerCacheLine", "16");
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server, 1, 1);
        connector.setHost(InetAddress.getLoopbackAddress().getHostAddress());
        connector.setPort(0);
        server.addConnector(connector);
        ByteBuffer body = ByteBuffer.wrap("{\"items\":[],\"nbPages\":1}".getBytes(StandardCharsets.UTF_8));
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
                response.write(true, body.slice(), callback);
                return true;
            }
        });
        server.start();
        try {
            FirstAnswer.get(connector.getLocalPort(), null);
        } catch (IOException e) {
            server.stop();
            throw e;
        }
        long answeredAt = System.currentTimeMillis();
        FirstAnswer.report(mainAt, answeredAt);
        System.exit(0);
    }
}
