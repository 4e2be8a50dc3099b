package io.quarry.mockserver.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executor;

/** A web site on loopback for crawler tests: the JDK's HTTP server on a free port, answering HTML. */
public final class LoopbackSite {

    private LoopbackSite() {}

    /**
     * {@return a started site; stop it with {@code stop(0)}}
     *
     * @param executor the threads that answer (a handler may block on the test), or {@code null} for the server's
     *     own thread
     * @param handler answers every path
     */
    public static HttpServer start(Executor executor, HttpHandler handler) {
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            http.setExecutor(executor);
            http.createContext("/", handler);
            http.start();
            return http;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Answers an HTML page.
     *
     * @param exchange the exchange
     * @param status the status
     * @param html the page
     * @throws IOException when the answer cannot be written
     */
    public static void html(HttpExchange exchange, int status, String html) throws IOException {
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
