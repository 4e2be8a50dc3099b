package io.quarry.benchmarks.front;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Paired load figures of two mock server jars, started in turn (the order swapped every round) as {@code java -jar
 * JAR --port 0}:
 *
 * <pre>
 * java -cp benchmarks.jar io.quarry.benchmarks.front.FrontThroughput --jars A-all.jar,B-all.jar \
 *     [--rounds 4] [--seconds 4] [--java /path/to/bin/java]
 * </pre>
 *
 * <p>Each start gets 2,000 records, then: searches per second from 1 client, then from 8 (each a thread with
 * blocking calls on one shared HTTP/1.1 client); then, while 8 clients run heavy searches (1,000 hits with every
 * facet), 40 requests with a wrong key, one every 20 ms, and the median and 90th percentile of their 403's time.
 */
public final class FrontThroughput {

    private static final String APP_ID = "QUARRYMOCK";
    private static final String ADMIN_KEY = "mock-admin-key";
    private static final int RECORDS = 2_000;

    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String url;

    private FrontThroughput(String url) {
        this.url = url;
    }

    /**
     * Runs the rounds and prints one line per jar and round.
     *
     * @param args see the class description
     * @throws Exception if a server cannot start or a call fails
     */
    public static void main(String[] args) throws Exception {
        List<String> jars = null;
        int rounds = 4;
        int seconds = 4;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--jars" -> jars = List.of(args[++i].split(","));
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                case "--java" -> java = args[++i];
                default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
            }
        }
        if (jars == null || jars.size() != 2) {
            throw new IllegalArgumentException("--jars A,B names the two jars to compare");
        }
        for (int round = 0; round < rounds; round++) {
            List<String> order = new ArrayList<>(jars);
            if (round % 2 == 1) {
                Collections.reverse(order);
            }
            for (String jar : order) {
                Process server = new ProcessBuilder(java, "-jar", jar, "--port", "0")
                        .redirectErrorStream(true)
                        .start();
                try {
                    FrontThroughput run = new FrontThroughput(awaitUrl(server));
                    System.out.println(
                            "round " + round + " " + Path.of(jar).getFileName() + " " + run.measure(seconds));
                } finally {
                    server.destroy();
                    server.waitFor();
                }
            }
        }
    }

    private static String awaitUrl(Process server) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            if (line.startsWith("listening on ")) {
                return line.substring("listening on ".length());
            }
        }
        throw new IOException("the server ended before it listened");
    }

    private String measure(int seconds) throws Exception {
        StringBuilder batch = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < RECORDS; i++) {
            batch.append(i == 0 ? "" : ",")
                    .append("{\"action\":\"addObject\",\"body\":{\"objectID\":\"r")
                    .append(i)
                    .append("\",\"name\":\"item ")
                    .append(i)
                    .append(" red green blue ")
                    .append(i % 17)
                    .append("\",\"brand\":\"b")
                    .append(i % 40)
                    .append("\",\"price\":")
                    .append(i)
                    .append("}}");
        }
        send("POST", "/1/indexes/bench/batch", batch.append("]}").toString(), ADMIN_KEY);
        searchesPerSecond(1, 2);
        double one = searchesPerSecond(1, seconds);
        double eight = searchesPerSecond(8, seconds);
        List<Long> refusals = refusalsUnderLoad();
        return String.format(
                "1client=%.0f/s 8clients=%.0f/s refusal403 p50=%dus p90=%dus",
                one, eight, refusals.get(refusals.size() / 2), refusals.get(refusals.size() * 9 / 10));
    }

    private double searchesPerSecond(int clients, int seconds) throws InterruptedException {
        AtomicLong count = new AtomicLong();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int first = c;
            Thread thread = new Thread(() -> {
                for (int q = first; System.nanoTime() < end; q++) {
                    send("POST", "/1/indexes/bench/query", "{\"query\":\"item " + (q % RECORDS) + " red\"}", ADMIN_KEY);
                    count.incrementAndGet();
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return count.get() / (double) seconds;
    }

    /** {@return the sorted times, in microseconds, of 40 refused calls made while 8 clients search heavily} */
    private List<Long> refusalsUnderLoad() throws InterruptedException {
        ExecutorService heavy = Executors.newFixedThreadPool(8);
        AtomicBoolean stop = new AtomicBoolean();
        for (int i = 0; i < 8; i++) {
            heavy.execute(() -> {
                while (!stop.get()) {
                    send(
                            "POST",
                            "/1/indexes/bench/query",
                            "{\"query\":\"\",\"hitsPerPage\":1000,\"facets\":[\"*\"]}",
                            ADMIN_KEY);
                }
            });
        }
        Thread.sleep(500);
        List<Long> micros = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long start = System.nanoTime();
            send("GET", "/1/indexes", null, "wrong-key");
            micros.add(TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start));
            Thread.sleep(20);
        }
        stop.set(true);
        heavy.shutdown();
        heavy.awaitTermination(30, TimeUnit.SECONDS);
        Collections.sort(micros);
        return micros;
    }

    private int send(String method, String path, String body, String key) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + path))
                .header("X-Service-Application-Id", APP_ID)
                .header("X-Service-API-Key", key)
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
