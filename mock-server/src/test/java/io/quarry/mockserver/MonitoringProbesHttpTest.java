package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What the probes measure: a point per minute of the last 24 hours for every server and cluster, worked or idle;
 * the same series for the same seed and clock, others for another seed; moved by the work a cluster served in a
 * minute and by the statuses scripted during it. Servers run on a clock the test holds, so minutes are exact.
 */
class MonitoringProbesHttpTest {

    private static final int MINUTES = 1440;
    private static final long MINUTE = 60_000;
    /** Half a minute in, so that no step of the test lands on a minute's edge. */
    private static final Instant START = Instant.parse("2026-03-10T10:00:30Z");

    private final MutableClock clock = new MutableClock(START);
    private final List<MockServer> servers = new ArrayList<>();

    private TestClient server(long seed) {
        MockServer server =
                MockServer.builder().clock(clock).monitoringSeed(seed).start();
        servers.add(server);
        return new TestClient(server);
    }

    @AfterEach
    void close() {
        servers.forEach(MockServer::close);
    }

    private static Map<Long, Long> points(JsonNode series) {
        Map<Long, Long> points = new LinkedHashMap<>();
        series.forEach(
                point -> points.put(point.get("t").asLong(), point.get("v").asLong()));
        return points;
    }

    private static Map<Long, Long> latency(TestClient client, String name) {
        return points(client.get("/1/latency/" + name).requireOk().body().at("/metrics/latency/" + name));
    }

    private static Map<Long, Long> indexing(TestClient client, String name) {
        return points(client.get("/1/indexing/" + name).requireOk().body().at("/metrics/indexing/" + name));
    }

    private static Map<String, Map<Long, Long>> byProbe(TestClient client, String name, String which) {
        JsonNode probes = client.get("/1/latency/" + name + "/probes/" + which)
                .requireOk()
                .body()
                .at("/metrics/latency_by_probes/" + name);
        Map<String, Map<Long, Long>> series = new LinkedHashMap<>();
        probes.properties().forEach(probe -> series.put(probe.getKey(), points(probe.getValue())));
        return series;
    }

    private long minute() {
        return clock.millis() - Math.floorMod(clock.millis(), MINUTE);
    }

    @Test
    void everyServerAndClusterHasAPointPerMinuteOfTheLastDayWithoutAnyWork() {
        TestClient client = server(MockServer.DEFAULT_MONITORING_SEED);
        for (String name : List.of("mock-cluster-1", "mock-cluster-2", "mock-cluster-2-3", "mock-cluster-2-dsn-1")) {
            Map<Long, Long> latency = latency(client, name);
            assertThat(latency).as(name).hasSize(MINUTES);
            List<Long> times = new ArrayList<>(latency.keySet());
            assertThat(times.get(MINUTES - 1)).isEqualTo(minute());
            for (int m = 0; m < MINUTES; m++) {
                assertThat(times.get(m)).isEqualTo(minute() - (MINUTES - 1 - m) * MINUTE);
            }
            assertThat(latency.values()).allSatisfy(v -> assertThat(v).isBetween(2L, 12L));
            assertThat(indexing(client, name).values())
                    .hasSize(MINUTES)
                    .allSatisfy(v -> assertThat(v).isBetween(8L, 31L));
        }
        // a server's latency is the average of its relevant probes'; the other probes are farther
        Map<String, Map<Long, Long>> relevant = byProbe(client, "mock-cluster-2-1", "relevant");
        Map<String, Map<Long, Long>> others = byProbe(client, "mock-cluster-2-1", "others");
        assertThat(relevant).containsOnlyKeys("paris", "frankfurt");
        assertThat(others).containsOnlyKeys("new-york", "singapore");
        Map<Long, Long> latency = latency(client, "mock-cluster-2-1");
        latency.forEach((t, v) -> {
            assertThat(v)
                    .isEqualTo(Math.round((relevant.get("paris").get(t)
                                    + relevant.get("frankfurt").get(t))
                            / 2.0));
            assertThat(others.get("new-york").get(t))
                    .isGreaterThan(relevant.get("paris").get(t));
            assertThat(others.get("singapore").get(t))
                    .isGreaterThan(relevant.get("frankfurt").get(t));
        });
        assertThat(client.get("/1/reachability/mock-cluster-2,mock-cluster-1-1/probes")
                        .requireOk()
                        .body()
                        .toString())
                .doesNotContain("false");
    }

    @Test
    void theSameSeedAndClockGiveTheSameSeriesAnotherSeedOthers() {
        TestClient one = server(7);
        TestClient twin = server(7);
        TestClient other = server(8);
        for (String path : List.of(
                "/1/latency/mock-cluster-1,mock-cluster-2-2",
                "/1/indexing/mock-cluster-2",
                "/1/latency/mock-cluster-1-3/probes/relevant",
                "/1/latency/mock-cluster-1-3/probes/others",
                "/1/reachability/mock-cluster-1/probes")) {
            assertThat(one.get(path).requireOk().body())
                    .as(path)
                    .isEqualTo(twin.get(path).requireOk().body());
        }
        assertThat(latency(one, "mock-cluster-1")).isNotEqualTo(latency(other, "mock-cluster-1"));
        assertThat(indexing(one, "mock-cluster-1")).isNotEqualTo(indexing(other, "mock-cluster-1"));
        // series differ from server to server too
        assertThat(latency(one, "mock-cluster-1-1")).isNotEqualTo(latency(one, "mock-cluster-1-2"));
    }

    @Test
    void workRaisesTheMinuteItWasServedInOfTheClusterThatServedIt() {
        TestClient worked = server(3);
        TestClient idle = server(3);
        long served = minute();
        worked.put("/1/indexes/items/1", jq("{'name':'shoe'}")).requireOk();
        for (int i = 0; i < 3; i++) {
            worked.post("/1/indexes/items/query", jq("{'query':'shoe'}")).requireOk();
        }
        clock.advance(Duration.ofMinutes(1));
        for (String name : List.of("mock-cluster-1", "mock-cluster-1-2", "mock-cluster-1-dsn-1")) {
            Map<Long, Long> raised = latency(worked, name);
            Map<Long, Long> before = latency(idle, name);
            assertThat(raised.get(served)).as(name).isGreaterThan(before.get(served));
            raised.remove(served);
            before.remove(served);
            assertThat(raised).as(name).isEqualTo(before);
            Map<Long, Long> raisedIndexing = indexing(worked, name);
            Map<Long, Long> idleIndexing = indexing(idle, name);
            assertThat(raisedIndexing.get(served)).isGreaterThan(idleIndexing.get(served));
            raisedIndexing.remove(served);
            idleIndexing.remove(served);
            assertThat(raisedIndexing).isEqualTo(idleIndexing);
        }
        // the other cluster served nothing
        assertThat(latency(worked, "mock-cluster-2")).isEqualTo(latency(idle, "mock-cluster-2"));

        // a request naming a user of the other cluster is served there
        worked.send(worked.request("POST", "/1/clusters/mapping", jq("{'cluster':'mock-cluster-2'}"))
                        .header("X-Service-User-ID", "user-2")
                        .build())
                .requireOk();
        worked.send(worked.request("POST", "/1/indexes/items/query", jq("{'query':'shoe'}"))
                        .header("X-Service-User-ID", "user-2")
                        .build())
                .requireOk();
        assertThat(latency(worked, "mock-cluster-2").get(minute()))
                .isGreaterThan(latency(idle, "mock-cluster-2").get(minute()));
        assertThat(latency(worked, "mock-cluster-1").get(minute()))
                .isEqualTo(latency(idle, "mock-cluster-1").get(minute()));
    }

    @Test
    void anOutageHasNoPointsForTheMinutesItLastedAndCutsTheProbesOff() {
        TestClient faulty = server(5);
        TestClient healthy = server(5);
        long first = minute();
        faulty.post(
                        "/_mock/monitoring/incidents",
                        jq("{'server':'mock-cluster-1-2','title':'Down','body':'','status':'major_outage'}"))
                .requireOk();
        assertThat(faulty.get("/1/reachability/mock-cluster-1-2,mock-cluster-1/probes")
                        .requireOk()
                        .body()
                        .toString())
                .doesNotContain("true");
        clock.advance(Duration.ofMinutes(2));
        faulty.post("/_mock/monitoring/status", jq("{'server':'mock-cluster-1-2','status':'operational'}"))
                .requireOk();
        clock.advance(Duration.ofMinutes(2));

        Map<Long, Long> down = latency(faulty, "mock-cluster-1-2");
        Map<Long, Long> up = latency(healthy, "mock-cluster-1-2");
        List<Long> outage = List.of(first, first + MINUTE, first + 2 * MINUTE);
        assertThat(down).hasSize(MINUTES - 3).doesNotContainKeys(outage.toArray(new Long[0]));
        outage.forEach(up::remove);
        assertThat(down).isEqualTo(up);
        assertThat(indexing(faulty, "mock-cluster-1-2")).hasSize(MINUTES - 3);
        // the cluster still answers through its other servers
        assertThat(latency(faulty, "mock-cluster-1")).hasSize(MINUTES);
        assertThat(faulty.get("/1/reachability/mock-cluster-1-2/probes")
                        .requireOk()
                        .body()
                        .toString())
                .doesNotContain("false");
    }

    @Test
    void aDegradedServerIsSlowerAndAPartialOutageCutsSomeProbesOff() {
        TestClient faulty = server(9);
        TestClient healthy = server(9);
        long degraded = minute();
        faulty.post(
                        "/_mock/monitoring/incidents",
                        jq("{'server':'mock-cluster-2','title':'Slow','body':'','status':'degraded_performance'}"))
                .requireOk();
        assertThat(latency(faulty, "mock-cluster-2-1").get(degraded))
                .isGreaterThan(latency(healthy, "mock-cluster-2-1").get(degraded));
        assertThat(indexing(faulty, "mock-cluster-2").get(degraded))
                .isGreaterThan(indexing(healthy, "mock-cluster-2").get(degraded));
        assertThat(latency(faulty, "mock-cluster-1")).isEqualTo(latency(healthy, "mock-cluster-1"));

        clock.advance(Duration.ofMinutes(1));
        long partial = minute();
        faulty.post("/_mock/monitoring/status", jq("{'server':'mock-cluster-2-1','status':'partial_outage'}"))
                .requireOk();
        JsonNode reach = faulty.get("/1/reachability/mock-cluster-2-1/probes")
                .requireOk()
                .body()
                .get("mock-cluster-2-1");
        List<String> cut = new ArrayList<>();
        reach.properties().forEach(probe -> {
            if (!probe.getValue().asBoolean()) {
                cut.add(probe.getKey());
            }
        });
        assertThat(cut).isNotEmpty().hasSizeLessThan(4);
        Map<String, Map<Long, Long>> probes = new LinkedHashMap<>(byProbe(faulty, "mock-cluster-2-1", "relevant"));
        probes.putAll(byProbe(faulty, "mock-cluster-2-1", "others"));
        probes.forEach((probe, points) ->
                assertThat(points.containsKey(partial)).as(probe).isEqualTo(!cut.contains(probe)));
    }

    @Test
    void eachRouteCountsAsTheKindOfWorkItDeclares() {
        TestClient worked = server(11);
        TestClient idle = server(11);
        long now = minute();
        worked.post("/1/keys", jq("{'acl':['search']}")).requireOk();
        worked.post(
                        "/1/dictionaries/stopwords/batch",
                        jq("{'requests':[{'action':'addEntry','body':{'objectID':'a','language':'en','word':'a'}}]}"))
                .requireOk();
        worked.get("/1/indexes").requireOk();
        assertThat(indexing(worked, "mock-cluster-1"))
                .as("keys, dictionaries and reads are not indexing")
                .isEqualTo(indexing(idle, "mock-cluster-1"));
        assertThat(latency(worked, "mock-cluster-1")).isEqualTo(latency(idle, "mock-cluster-1"));

        worked.put("/1/indexes/items/settings", jq("{'attributesForFaceting':['searchable(brand)']}"))
                .requireOk();
        assertThat(indexing(worked, "mock-cluster-1").get(now))
                .as("settings are indexing")
                .isGreaterThan(indexing(idle, "mock-cluster-1").get(now));
        assertThat(latency(worked, "mock-cluster-1")).isEqualTo(latency(idle, "mock-cluster-1"));
        worked.post("/1/indexes/items/facets/brand/query", jq("{'facetQuery':'a'}"))
                .requireOk();
        assertThat(latency(worked, "mock-cluster-1").get(now))
                .as("a facet value search is a search")
                .isGreaterThan(latency(idle, "mock-cluster-1").get(now));
    }
}
