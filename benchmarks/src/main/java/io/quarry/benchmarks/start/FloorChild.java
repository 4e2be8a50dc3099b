package io.quarry.benchmarks.start;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The floor: the JDK's own {@link HttpServer} on a free loopback port, answering every request with a small JSON
 * body, and its first answer. Nothing can start faster on this JVM without leaving the JDK.
 */
public final class FloorChild {

    private FloorChild() {}

    /**
     * Starts the server, makes the first request, reports.
     *
     * @param args none
     * @throws IOException if the request fails
     */
    public static void main(String[] args) throws IOException {
        long mainAt = System.currentTimeMillis();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] body = "{\"items\":[],\"nbPages\":1}".getBytes(StandardCharsets.UTF_8);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        FirstAnswer.get(server.getAddress().getPort(), null);
        long answeredAt = System.currentTimeMillis();
        FirstAnswer.report(mainAt, answeredAt);
        System.exit(0);
    }
}
