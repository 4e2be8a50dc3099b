package io.quarry.mockserver.testing;

import io.quarry.mockserver.MockServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Sends a small request 100 ms after the last one was answered, on a fresh client, while a test attacks the
 * server, and records each one that failed or took longer than {@link #LIMIT}: the server must keep answering
 * throughout.
 * It starts once the server has answered a first request; a test calls {@link #waitForAnAnswer()} once its
 * attack is over, so at least one canary request is known to have been checked after it.
 */
public final class Canary implements AutoCloseable {

    /**
     * The longest a canary request may take. It tells a wedged server (an attack holding what every request needs)
     * from a busy one, not a fast one from a slow one: on a 2-core machine running other builds a healthy answer
     * has taken 1.5 s.
     */
    public static final Duration LIMIT = Duration.ofSeconds(3);

    /** The pause between one canary request's end and the next one's start. */
    private static final Duration PAUSE = Duration.ofMillis(100);

    private final MockServer server;
    private final HttpClient http;
    private final List<String> problems = new ArrayList<>();
    private final ScheduledExecutorService sender;
    private int started;
    private int ended;
    private int answered;
    private long slowestMillis;

    private Canary(MockServer server) {
        this.server = server;
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(LIMIT);
        if (server.isHttps()) {
            builder.sslContext(server.trustMaterial().sslContext());
        }
        this.http = builder.build();
        this.sender = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "canary");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Starts a canary once the server has answered its first request, before the attack: that one sets up the
     * canary's client and connection, so it must succeed but is not held to the limit.
     *
     * @param server the server to watch
     * @return a running canary
     */
    public static Canary start(MockServer server) {
        Canary canary = new Canary(server);
        canary.warmUp();
        canary.sender.scheduleWithFixedDelay(canary::sendOne, 0, PAUSE.toMillis(), TimeUnit.MILLISECONDS);
        return canary;
    }

    private void warmUp() {
        try {
            HttpResponse<String> response =
                    http.send(request(Eventually.DEFAULT_LIMIT), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("the canary's first request, before the attack, got " + response.statusCode());
            }
        } catch (java.io.IOException e) {
            throw new AssertionError("the canary's first request, before the attack, failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while the canary started", e);
        }
    }

    private HttpRequest request(Duration timeout) {
        return HttpRequest.newBuilder(URI.create(server.url() + "/1/indexes"))
                .timeout(timeout)
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", server.adminKey())
                .build();
    }

    private void sendOne() {
        synchronized (this) {
            started++;
        }
        long begun = System.nanoTime();
        try {
            HttpResponse<String> response = http.send(request(LIMIT), HttpResponse.BodyHandlers.ofString());
            long millis = (System.nanoTime() - begun) / 1_000_000;
            synchronized (this) {
                answered++;
                slowestMillis = Math.max(slowestMillis, millis);
                if (response.statusCode() != 200) {
                    problems.add("status " + response.statusCode());
                } else if (millis > LIMIT.toMillis()) {
                    problems.add("took " + millis + " ms");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closing: this request does not count
        } catch (Exception e) {
            synchronized (this) {
                problems.add(
                        e.getClass().getSimpleName() + " after " + (System.nanoTime() - begun) / 1_000_000 + " ms");
            }
        } finally {
            synchronized (this) {
                ended++;
            }
        }
    }

    /**
     * Waits until a canary request that started after this call has ended: answered, or among the {@link
     * #problems()} when it failed or took too long.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void waitForAnAnswer() throws InterruptedException {
        int startedBefore;
        synchronized (this) {
            startedBefore = started;
        }
        // requests run one after another: the next one to start is number startedBefore + 1
        Eventually.waitUntil("a canary request sent now to end", () -> ended() > startedBefore);
    }

    private synchronized int ended() {
        return ended;
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
        sender.shutdownNow();
        try {
            sender.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
