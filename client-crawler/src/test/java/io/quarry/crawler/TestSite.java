package io.quarry.crawler;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

/** A small web site on loopback for the crawler to crawl: pages by path, changeable while it runs. */
final class TestSite implements AutoCloseable {

    private final Map<String, String> pages = new ConcurrentHashMap<>();
    private final HttpServer server;
    /** Counted down when the site closes: a held request is answered then. */
    private final CountDownLatch closed = new CountDownLatch(1);

    private volatile boolean holding;

    TestSite() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            if (holding) {
                awaitClose();
            }
            String page = pages.get(exchange.getRequestURI().getPath());
            byte[] body = (page == null ? "not found" : page).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", page == null ? "text/plain" : "text/html; charset=utf-8");
            exchange.sendResponseHeaders(page == null ? 404 : 200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    /** @return the site's base URL, without a trailing slash */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Serves an HTML page at a path. */
    TestSite page(String path, String title, String body) {
        pages.put(
                path,
                "<html><head><title>" + title + "</title>"
                        + "<meta name=\"description\" content=\"About " + title + "\"></head><body>" + body
                        + "</body></html>");
        return this;
    }

    /** Serves a body as is at a path. */
    TestSite raw(String path, String body) {
        pages.put(path, body);
        return this;
    }

    /**
     * Answers no request until the site closes; as one thread serves the site, the requests after the first wait
     * too. A crawl of the site stays pending while each fetch runs to its timeout.
     */
    TestSite holdRequests() {
        holding = true;
        return this;
    }

    private void awaitClose() {
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops serving a path (it answers 404). */
    void remove(String path) {
        pages.remove(path);
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
    }
}
