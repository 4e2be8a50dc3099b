package io.quarry.mockserver.testing;

import io.quarry.mockserver.MockServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Sends a small request every 100 ms on a fresh client while a test attacks the server, and records each one that
 * failed or took more than a second: the server must keep answering throughout.
 */
public final class Canary implements AutoCloseable {

    /** The longest a canary request may take. */
    public static final Duration LIMIT = Duration.ofSeconds(1);

    private final MockServer server;
    private final HttpClient http;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<String> problems = new ArrayList<>();
    private final Thread thread;
    private int answered;
    private long slowestMillis;

    private Canary(MockServer server) {
        this.server = server;
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(LIMIT);
        if (server.isHttps()) {
            builder.sslContext(server.trustMaterial().sslContext());
        }
        this.http = builder.build();
        this.thread = new Thread(this::loop, "canary");
        thread.setDaemon(true);
    }

    /**
     * @param server the server to watch
     * @return a running canary
     */
    public static Canary start(MockServer server) {
        Canary canary = new Canary(server);
        canary.thread.start();
        return canary;
    }

    private void loop() {
        while (running.get()) {
            long started = System.nanoTime();
            try {
                HttpResponse<String> response = http.send(
                        HttpRequest.newBuilder(URI.create(server.url() + "/1/indexes"))
                                .timeout(LIMIT)
                                .header("X-Service-Application-Id", server.applicationId())
                                .header("X-Service-API-Key", server.adminKey())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                long millis = (System.nanoTime() - started) / 1_000_000;
                synchronized (this) {
                    answered++;
                    slowestMillis = Math.max(slowestMillis, millis);
                    if (response.statusCode() != 200) {
                        problems.add("status " + response.statusCode());
                    } else if (millis > LIMIT.toMillis()) {
                        problems.add("took " + millis + " ms");
                    }
                }
            } catch (Exception e) {
                synchronized (this) {
                    problems.add(e.getClass().getSimpleName() + " after " + (System.nanoTime() - started) / 1_000_000
                            + " ms");
                }
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** @return the failed or slow canary requests so far */
    public synchronized List<String> problems() {
        return new ArrayList<>(problems);
    }

    /** @return how many canary requests were answered */
    public synchronized int answered() {
        return answered;
    }

    /** @return the slowest answer, in milliseconds */
    public synchronized long slowestMillis() {
        return slowestMillis;
    }

    @Override
    public void close() {
        running.set(false);
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
