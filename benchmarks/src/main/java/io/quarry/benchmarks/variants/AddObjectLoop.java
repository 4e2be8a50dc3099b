package io.quarry.benchmarks.variants;

import com.sun.net.httpserver.HttpServer;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * Time per {@code addObject} in a loop on one pooled connection, against a JDK server on the loopback: the figure of
 * a write not safe to repeat, which the transport may check its pooled connection before sending (see the client
 * core's reliability notes). Run once per build, each in a JVM of its own, taking turns:
 * {@code java -cp VARIANT_JARS:benchmarks.jar io.quarry.benchmarks.variants.AddObjectLoop}. Prints the median of
 * eight rounds of 2,000 calls after three warm-up rounds, with their range.
 */
public final class AddObjectLoop {

    private static final int CALLS = 2_000;
    private static final int ROUNDS = 8;
    private static final int WARMUP_ROUNDS = 3;

    private AddObjectLoop() {}

    /**
     * Runs the loop.
     *
     * @param args none
     * @throws IOException if the server cannot start
     */
    public static void main(String[] args) throws IOException {
        // the JDK server writes head and body apart: without this each answer waits for a delayed ACK
        System.setProperty("sun.net.httpserver.nodelay", "true");
        byte[] answer = "{\"taskID\":1,\"objectID\":\"x\",\"createdAt\":\"2026-01-01T00:00:00Z\"}"
                .getBytes(StandardCharsets.UTF_8);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(201, answer.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(answer);
            }
        });
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        try (SearchClient client = SearchClient.create(ClientConfig.builder("BENCHAPP", "bench-key-not-a-secret")
                .hosts(Host.of(url))
                .build())) {
            SearchIndex index = client.index("products");
            Map<String, Object> record = Map.of("name", "wireless mouse", "price", 20);
            double[] micros = new double[ROUNDS];
            for (int round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
                long start = System.nanoTime();
                for (int i = 0; i < CALLS; i++) {
                    index.addObject(record);
                }
                if (round >= 0) {
                    micros[round] = (System.nanoTime() - start) / 1000.0 / CALLS;
                }
            }
            Arrays.sort(micros);
            System.out.printf(
                    "addObject loop: median %.1f us/call (%.1f-%.1f)%n",
                    (micros[ROUNDS / 2 - 1] + micros[ROUNDS / 2]) / 2, micros[0], micros[ROUNDS - 1]);
        } finally {
            server.stop(0);
        }
    }
}
