package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.LoopbackHttp;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A client keeps the connections its concurrent calls opened, so the next burst of as many calls opens none (OkHttp's
 * own default pool keeps 5, and closed the others as their calls ended).
 */
class ConnectionReuseTest {

    private static final int AT_ONCE = 12;
    private static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");

    private HttpServer server;
    /** Each request's client port: a connection. */
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    /** Holds every answer until the whole burst has arrived, so the burst's calls are all in flight at once. */
    private final AtomicReference<CountDownLatch> burst = new AtomicReference<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(Executors.newFixedThreadPool(AT_ONCE + 4));
        server.createContext("/", exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            exchange.getRequestBody().readAllBytes();
            CountDownLatch all = burst.get();
            all.countDown();
            try {
                all.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void burstOfCalls(ApiClient api) {
        burst.set(new CountDownLatch(AT_ONCE));
        List<CompletableFuture<Map<String, Object>>> calls = new ArrayList<>();
        for (int i = 0; i < AT_ONCE; i++) {
            calls.add(api.request(SEARCH).path("indexName", "i").body(Map.of()).executeAsync(new TypeRef<>() {}));
        }
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
    }

    private ClientConfig.Builder config() {
        return ClientConfig.builder("APP", "key")
                .hosts(Host.of("http://127.0.0.1:" + server.getAddress().getPort()))
                .allowInsecureHttp();
    }

    @Test
    void aSecondBurstReusesEveryConnectionOfTheFirst() {
        try (ApiClient api = ApiClient.create(config().build(), LoopbackHttp.MODULE)) {
            burstOfCalls(api);
            assertThat(clientPorts).hasSize(AT_ONCE);
            burstOfCalls(api);
            assertThat(clientPorts).hasSize(AT_ONCE);
        }
    }

    @Test
    void aCallersClientKeepsItsOwnPool() throws InterruptedException {
        OkHttpClient callers = new OkHttpClient(); // OkHttp's default pool: 5 idle connections
        try (ApiClient api = ApiClient.create(config().httpClient(callers).build(), LoopbackHttp.MODULE)) {
            burstOfCalls(api);
            // the pool closes the connections beyond its 5 on its own thread, soon after they became idle
            Eventually.waitUntil(
                    "the pool to close the idle connections beyond its 5",
                    () -> callers.connectionPool().idleConnectionCount() <= 5);
            assertThat(callers.connectionPool().idleConnectionCount()).isEqualTo(5);
        }
    }
}
