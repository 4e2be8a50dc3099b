package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.GarbageCollectorMXBean;
import com.sun.management.GcInfo;
import io.quarry.mockserver.internal.json.Json;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The mock server's memory under a steady mixed workload at full speed: 8 threads on loopback search (most with
 * click analytics, some as keystroke series, some finding nothing, with filters and analytics tags), send click
 * and conversion events, overwrite and partially update a fixed set of records, save settings, create, delete
 * and restore API keys, and read analytics, usage, monitoring and records. Every 10 seconds the heap is measured
 * right after a full collection (what the collection left, as the JVM reports it). After the first minute the
 * heap must stay flat (the largest sample within 10% of the smallest) and under 256 MB, and at the end analytics
 * must answer exactly what was sent.
 *
 * <p>Opt-in: runs with {@code -Dquarry.memory.soak.seconds=N} (the soak profile, {@code -Psoak}, runs 600); it
 * prints a {@code memory soak:} line with the figures, and with {@code -Dquarry.memory.soak.histogram=true} the
 * largest classes of the heap at the end.
 */
@EnabledIfSystemProperty(named = "quarry.memory.soak.seconds", matches = "[1-9][0-9]*")
// Alone: it weighs the JVM's heap, which other classes' servers would fill.
@Isolated
class MemorySoakTest {

    private static final int THREADS = 8;
    private static final int RECORDS = 1000;
    private static final int USERS_PER_THREAD = 25;
    private static final long LIMIT_BYTES = 256L * 1024 * 1024;
    private static final Duration WARM_UP = Duration.ofMinutes(1);
    private static final String INDEX = "products";
    /** No word is a prefix of another, so only the deliberate keystroke series are keystrokes. */
    private static final List<String> WORDS = List.of(
            "shoe",
            "boot",
            "sandal",
            "jacket",
            "coat",
            "scarf",
            "glove",
            "hat",
            "cap",
            "sock",
            "shirt",
            "dress",
            "skirt",
            "jeans",
            "belt",
            "watch",
            "ring",
            "necklace",
            "bracelet",
            "wallet",
            "purse",
            "backpack",
            "umbrella",
            "towel",
            "pillow",
            "blanket",
            "lamp",
            "chair",
            "table",
            "desk",
            "mirror",
            "clock",
            "vase",
            "plate",
            "bowl",
            "cup",
            "mug",
            "kettle",
            "toaster",
            "blender");
    /** Words no record holds: searches that find nothing. */
    private static final List<String> NOTHING = List.of("zyxwv", "qqqzz", "vvwwx");

    private static final List<String> BRANDS = List.of("acme", "globex", "initech", "umbrella", "stark");
    private static final List<List<String>> TAGS = List.of(List.of(), List.of("mobile"), List.of("web", "fr"));

    private final long seconds = Long.getLong("quarry.memory.soak.seconds");
    private final long sampleSeconds = Long.getLong("quarry.memory.soak.sampleSeconds", 10);

    /** What was sent, for the expected analytics answers. */
    private final Map<String, LongAdder> finalSearches = new ConcurrentHashMap<>();

    private final Map<String, LongAdder> clicks = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> conversions = new ConcurrentHashMap<>();
    private final Set<String> users = ConcurrentHashMap.newKeySet();
    /** The words of counted searches that found nothing (filters can leave any word without results). */
    private final Set<String> foundNothing = ConcurrentHashMap.newKeySet();
    /** Keystroke series whose searches may have come more than 5 s apart on a loaded machine. */
    private final LongAdder uncertainSeries = new LongAdder();

    private final LongAdder requests = new LongAdder();
    private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();

    @Test
    void heapStaysFlatAndAnalyticsStayExact() throws Exception {
        for (String word : WORDS) {
            for (String other : WORDS) {
                assertThat(other.equals(word) || other.startsWith(word))
                        .as(word + " / " + other)
                        .isEqualTo(other.equals(word));
            }
        }
        try (MockServer server = MockServer.builder().start()) {
            Client admin = new Client(server, server.adminKey());
            seed(admin);
            List<long[]> samples = new CopyOnWriteArrayList<>();
            long started = System.nanoTime();
            long deadline = started + TimeUnit.SECONDS.toNanos(seconds);
            ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
            sampler.scheduleAtFixedRate(
                    () -> samples.add(new long[] {System.nanoTime() - started, heapAfterFullGc()}),
                    0,
                    sampleSeconds,
                    TimeUnit.SECONDS);
            ExecutorService workers = Executors.newFixedThreadPool(THREADS + 1);
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                running.add(workers.submit(() -> work(server, thread, deadline)));
            }
            running.add(workers.submit(() -> readAnalytics(admin, deadline)));
            for (Future<?> future : running) {
                future.get();
            }
            workers.shutdown();
            sampler.shutdown();
            assertThat(sampler.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
            samples.add(new long[] {System.nanoTime() - started, heapAfterFullGc()});
            double elapsed = (System.nanoTime() - started) / 1e9;
            Map<String, Long> unanswered = unansweredCloses(admin);

            List<Long> afterWarmUp = new ArrayList<>();
            for (long[] sample : samples) {
                if (sample[0] >= WARM_UP.toNanos()) {
                    afterWarmUp.add(sample[1]);
                }
            }
            long max = samples.stream().mapToLong(s -> s[1]).max().orElseThrow();
            long min = afterWarmUp.stream().mapToLong(Long::longValue).min().orElse(0);
            long maxAfter =
                    afterWarmUp.stream().mapToLong(Long::longValue).max().orElse(0);
            System.out.printf(
                    Locale.ROOT,
                    "memory soak: %d requests in %.0f s (%.0f/s), %d threads, statuses %s; heap after full GC:"
                            + " start %.1f MB, after 1 min min %.1f MB max %.1f MB, end %.1f MB; samples %s;"
                            + " connections closed without an answer %s%n",
                    requests.sum(),
                    elapsed,
                    requests.sum() / elapsed,
                    THREADS,
                    new TreeMap<>(statuses),
                    megabytes(samples.get(0)[1]),
                    megabytes(min),
                    megabytes(maxAfter),
                    megabytes(samples.get(samples.size() - 1)[1]),
                    samples.stream().map(s -> Math.round(megabytes(s[1]))).toList(),
                    unanswered);

            if (Boolean.getBoolean("quarry.memory.soak.histogram")) {
                System.out.println(histogram(30));
            }
            assertThat(failures).as("unexpected answers").isEmpty();
            checkAnalytics(admin);
            assertThat(max).as("heap after a full collection").isLessThan(LIMIT_BYTES);
            if (afterWarmUp.size() >= 2) {
                assertThat((double) maxAfter)
                        .as(
                                "largest heap after the first minute, against the smallest (MB): %s",
                                afterWarmUp.stream()
                                        .map(b -> Math.round(megabytes(b)))
                                        .toList())
                        .isLessThanOrEqualTo(min * 1.10);
            }
        }
    }

    private void seed(Client admin) {
        ArrayNode requests = Json.array();
        for (int i = 0; i < RECORDS; i++) {
            requests.addObject().put("action", "updateObject").set("body", record(i, new Random(i)));
        }
        ObjectNode batch = Json.object();
        batch.set("requests", requests);
        admin.require("POST", "/1/indexes/" + INDEX + "/batch", batch.toString());
        admin.require("PUT", "/1/indexes/" + INDEX + "/settings", settings(0));
    }

    private static ObjectNode record(int i, Random random) {
        ObjectNode record = Json.object();
        record.put("objectID", "p" + i);
        record.put("name", WORDS.get(i % WORDS.size()) + " " + WORDS.get(random.nextInt(WORDS.size())));
        record.put("brand", BRANDS.get(i % BRANDS.size()));
        record.put("price", 1 + random.nextInt(200));
        record.put("stock", random.nextInt(50));
        record.put("description", "A fine " + WORDS.get(random.nextInt(WORDS.size())) + " for every day");
        return record;
    }

    private static String settings(int variant) {
        return "{\"attributesForFaceting\":[\"brand\"],\"searchableAttributes\":[\"name\",\"description\"],"
                + "\"customRanking\":[\"" + (variant % 2 == 0 ? "desc" : "asc") + "(stock)\"]}";
    }

    /** One load thread: its own users, so its keystroke series are its own. */
    private void work(MockServer server, int thread, long deadline) {
        Client admin = new Client(server, server.adminKey());
        Client usage = new Client(server, server.usageKey());
        Random random = new Random(thread);
        while (System.nanoTime() < deadline) {
            int pick = random.nextInt(100);
            String user = "u" + thread + "-" + random.nextInt(USERS_PER_THREAD);
            if (pick < 45) {
                search(admin, random, user);
            } else if (pick < 60) {
                int id = random.nextInt(RECORDS);
                admin.send(
                        "PUT",
                        "/1/indexes/" + INDEX + "/p" + id,
                        record(id, random).toString(),
                        200);
            } else if (pick < 70) {
                admin.send(
                        "POST",
                        "/1/indexes/" + INDEX + "/p" + random.nextInt(RECORDS) + "/partial",
                        "{\"stock\":" + random.nextInt(50) + ",\"views\":{\"_operation\":\"Increment\",\"value\":1}}",
                        200);
            } else if (pick < 73) {
                admin.send("PUT", "/1/indexes/" + INDEX + "/settings", settings(random.nextInt(2)), 200);
            } else if (pick < 78) {
                keys(admin, random);
            } else if (pick < 85) {
                LocalDate today = LocalDate.now(ZoneOffset.UTC);
                usage.send(
                        "GET",
                        "/1/usage/total_operations?startDate=" + today.minusDays(1) + "T00:00:00Z&endDate="
                                + today.plusDays(1) + "T00:00:00Z",
                        null,
                        200);
            } else if (pick < 90) {
                admin.send("GET", "/1/latency/mock-cluster-1", null, 200);
            } else {
                admin.send("GET", "/1/indexes/" + INDEX + "/p" + random.nextInt(RECORDS), null, 200);
            }
        }
    }

    private void search(Client admin, Random random, String user) {
        boolean nothing = random.nextInt(100) < 5;
        String word = nothing ? NOTHING.get(random.nextInt(NOTHING.size())) : WORDS.get(random.nextInt(WORDS.size()));
        boolean series = random.nextInt(100) < 10;
        long seriesStart = System.nanoTime();
        if (series) {
            // a keystroke series: the word less two letters, less one, then the word; only the word counts
            searchOnce(admin, user, word.substring(0, word.length() - 2), false, List.of(), null);
            searchOnce(admin, user, word.substring(0, word.length() - 1), false, List.of(), null);
        }
        boolean tracked = random.nextInt(100) < 70;
        List<String> tags = TAGS.get(random.nextInt(TAGS.size()));
        String filters = switch (random.nextInt(4)) {
            case 0 -> "brand:" + BRANDS.get(random.nextInt(BRANDS.size()));
            case 1 -> "price > " + random.nextInt(100);
            default -> null;
        };
        JsonNode result = searchOnce(admin, user, word, tracked, tags, filters);
        if (series && System.nanoTime() - seriesStart > TimeUnit.SECONDS.toNanos(4)) {
            // the server's times of the series lie within this span: past 5 s, a shorter query may count too
            uncertainSeries.increment();
        }
        if (result == null) {
            return;
        }
        finalSearches.computeIfAbsent(word, w -> new LongAdder()).increment();
        users.add(user);
        if (result.path("nbHits").asLong() == 0) {
            foundNothing.add(word);
        }
        JsonNode hits = result.path("hits");
        if (tracked && !hits.isEmpty() && random.nextInt(100) < 50) {
            int position = random.nextInt(Math.min(3, hits.size()));
            String objectID = hits.get(position).path("objectID").asString();
            String queryID = result.path("queryID").asString();
            boolean converted = random.nextInt(100) < 20;
            StringBuilder events = new StringBuilder("{\"events\":[");
            events.append(event("click", user, queryID, objectID, position + 1));
            if (converted) {
                events.append(',').append(event("conversion", user, queryID, objectID, 0));
            }
            events.append("]}");
            if (admin.send("POST", "/1/events", events.toString(), 200) != null) {
                clicks.computeIfAbsent(word, w -> new LongAdder()).increment();
                if (converted) {
                    conversions.computeIfAbsent(word, w -> new LongAdder()).increment();
                }
            }
        }
    }

    private static String event(String type, String user, String queryID, String objectID, int position) {
        return "{\"eventType\":\"" + type + "\",\"eventName\":\"product " + type + "\",\"index\":\"" + INDEX
                + "\",\"userToken\":\"" + user + "\",\"queryID\":\"" + queryID + "\",\"objectIDs\":[\"" + objectID
                + "\"]" + (position > 0 ? ",\"positions\":[" + position + "]" : "") + "}";
    }

    private JsonNode searchOnce(
            Client admin, String user, String query, boolean tracked, List<String> tags, String filters) {
        ObjectNode body = Json.object();
        body.put("query", query);
        body.put("userToken", user);
        body.put("clickAnalytics", tracked);
        if (!tags.isEmpty()) {
            tags.forEach(body.putArray("analyticsTags")::add);
        }
        if (filters != null) {
            body.put("filters", filters);
        }
        return admin.send("POST", "/1/indexes/" + INDEX + "/query", body.toString(), 200);
    }

    private void keys(Client admin, Random random) {
        JsonNode created = admin.send("POST", "/1/keys", "{\"acl\":[\"search\"],\"description\":\"soak\"}", 200);
        if (created == null) {
            return;
        }
        String key = created.path("key").asString();
        admin.send("DELETE", "/1/keys/" + key, null, 200);
        if (random.nextInt(10) == 0) {
            admin.send("POST", "/1/keys/" + key + "/restore", null, 200);
            admin.send("DELETE", "/1/keys/" + key, null, 200);
        }
    }

    /** Analytics reads, about one a second: under the limit of 100 a minute, leaving room for the final checks. */
    private void readAnalytics(Client admin, long deadline) {
        List<String> paths = List.of(
                "/2/searches?clickAnalytics=true&limit=100",
                "/2/searches/count",
                "/2/users/count",
                "/2/hits?clickAnalytics=true",
                "/2/searches/noResults",
                "/2/searches/noClickRate",
                "/2/filters",
                "/2/filters/brand");
        ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor();
        AtomicLong next = new AtomicLong();
        try {
            while (System.nanoTime() < deadline) {
                String path = paths.get((int) (next.getAndIncrement() % paths.size()));
                admin.send("GET", path + (path.contains("?") ? "&" : "?") + "index=" + INDEX, null, 200);
                ticks.schedule(() -> {}, 1, TimeUnit.SECONDS).get();
            }
        } catch (Exception e) {
            failures.add("analytics reader: " + e);
        } finally {
            ticks.shutdown();
        }
    }

    /** {@return the connections the server closed without an answer since it started, by reason} */
    private static Map<String, Long> unansweredCloses(Client admin) {
        Map<String, Long> byReason = new TreeMap<>();
        admin.require("GET", "/_mock/hosts", null)
                .path("hosts")
                .get(0)
                .path("closedWithoutAnswer")
                .properties()
                .forEach(reason ->
                        byReason.put(reason.getKey(), reason.getValue().asLong()));
        return byReason;
    }

    private void checkAnalytics(Client admin) {
        long sent = finalSearches.values().stream().mapToLong(LongAdder::sum).sum();
        long uncertain = uncertainSeries.sum();
        JsonNode count = admin.require("GET", "/2/searches/count?index=" + INDEX, null);
        assertThat(count.path("count").asLong()).isBetween(sent, sent + 2 * uncertain);

        Map<String, Long> expected = new TreeMap<>();
        finalSearches.forEach((word, n) -> expected.put(word, n.sum()));
        Map<String, Long> counted = new TreeMap<>();
        Map<String, Long> clicked = new TreeMap<>();
        Map<String, Long> converted = new TreeMap<>();
        for (JsonNode row : admin.require("GET", "/2/searches?index=" + INDEX + "&clickAnalytics=true&limit=1000", null)
                .path("searches")) {
            String query = row.path("search").asString();
            counted.put(query, row.path("count").asLong());
            clicked.put(query, row.path("clickCount").asLong());
            converted.put(query, row.path("conversionCount").asLong());
        }
        if (uncertain == 0) {
            assertThat(counted).isEqualTo(expected);
        }
        Map<String, Long> expectedClicks = new TreeMap<>();
        clicks.forEach((word, n) -> expectedClicks.put(word, n.sum()));
        Map<String, Long> expectedConversions = new TreeMap<>();
        conversions.forEach((word, n) -> expectedConversions.put(word, n.sum()));
        clicked.values().removeIf(n -> n == 0);
        converted.values().removeIf(n -> n == 0);
        assertThat(clicked).isEqualTo(expectedClicks);
        assertThat(converted).isEqualTo(expectedConversions);

        assertThat(admin.require("GET", "/2/users/count?index=" + INDEX, null)
                        .path("count")
                        .asLong())
                .isEqualTo(users.size());
        Set<String> noResults = new HashSet<>();
        admin.require("GET", "/2/searches/noResults?index=" + INDEX + "&limit=100", null)
                .path("searches")
                .forEach(row -> noResults.add(row.path("search").asString()));
        assertThat(noResults)
                .containsAll(foundNothing.stream().filter(NOTHING::contains).toList());
        if (uncertain == 0) {
            assertThat(noResults).isEqualTo(foundNothing);
        }
    }

    /**
     * {@return the heap the JVM reports right after the full collection this call asks for, in bytes}: the least
     * heap left by the collections that ran meanwhile (a young collection of the load may end after it)
     */
    private static long heapAfterFullGc() {
        List<GarbageCollectorMXBean> collectors = new ArrayList<>();
        List<Long> counts = new ArrayList<>();
        for (java.lang.management.GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (bean instanceof GarbageCollectorMXBean collector) {
                collectors.add(collector);
                counts.add(collector.getCollectionCount());
            }
        }
        System.gc();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < collectors.size(); i++) {
            GarbageCollectorMXBean collector = collectors.get(i);
            GcInfo info = collector.getLastGcInfo();
            if (collector.getCollectionCount() != counts.get(i) && info != null) {
                used = Math.min(
                        used,
                        info.getMemoryUsageAfterGc().values().stream()
                                .mapToLong(MemoryUsage::getUsed)
                                .sum());
            }
        }
        return used == Long.MAX_VALUE
                ? ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()
                : used;
    }

    /** {@return the first lines of the JVM's class histogram (what the heap holds, by class)} */
    private static String histogram(int lines) throws Exception {
        Object text = ManagementFactory.getPlatformMBeanServer()
                .invoke(
                        new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "gcClassHistogram",
                        new Object[] {null},
                        new String[] {String[].class.getName()});
        return String.join("\n", List.of(text.toString().split("\n")).subList(0, lines));
    }

    private static double megabytes(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }

    /** A JDK HTTP client with one key, that counts answers and records unexpected ones. */
    private final class Client {

        private final HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        private final String url;
        private final String appId;
        private final String key;

        Client(MockServer server, String key) {
            this.url = server.url();
            this.appId = server.applicationId();
            this.key = key;
        }

        /** {@return the JSON answer, or {@code null} (recorded as a failure) when the status is not expected} */
        JsonNode send(String method, String path, String body, int expected) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(url + path))
                    .timeout(Duration.ofSeconds(60))
                    .header("X-Service-Application-Id", appId)
                    .header("X-Service-API-Key", key)
                    .header("Content-Type", "application/json")
                    .method(
                            method,
                            body == null
                                    ? HttpRequest.BodyPublishers.noBody()
                                    : HttpRequest.BodyPublishers.ofString(body))
                    .build();
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                requests.increment();
                statuses.computeIfAbsent(response.statusCode(), s -> new LongAdder())
                        .increment();
                if (response.statusCode() != expected) {
                    if (failures.size() < 20) {
                        failures.add(method + " " + path + ": " + response.statusCode() + " " + response.body());
                    }
                    return null;
                }
                return response.body().isEmpty() ? Json.object() : Json.parse(response.body());
            } catch (IOException e) {
                failures.add(method + " " + path + ": " + e);
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        JsonNode require(String method, String path, String body) {
            JsonNode answer = send(method, path, body, 200);
            assertThat(answer).as(method + " " + path + ": " + failures).isNotNull();
            return answer;
        }
    }
}
