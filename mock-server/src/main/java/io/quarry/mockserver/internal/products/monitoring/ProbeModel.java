package io.quarry.mockserver.internal.products.monitoring;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the probes measure, minute by minute over the last 24 hours (1440 points, the last one the current
 * minute), for every server and cluster whether or not it served requests. Each value is derived from a seed and
 * the minute, so the same seed and clock give the same series, and moved by what really happened:
 *
 * <ul>
 *   <li>a probe's latency to a server is the server's idle search time (2 to 6 ms, fixed per server) plus a
 *       jitter of 0 to 2 ms per minute, plus what the server's cluster served in that minute (the average time of
 *       its searches rounded up to the millisecond, plus 1 ms per 100 searches), that sum multiplied by 3 while the
 *       server's status is {@code degraded_performance} and by 5 while {@code partial_outage}, plus the network
 *       time to the probe (1 to 4 ms for a probe of the server's region, 60 to 239 ms for another);
 *   <li>a server's latency is the average of its relevant probes' (all probes' when none is relevant), a
 *       cluster's the average of its servers';
 *   <li>indexing time is likewise the idle time of a write (8 to 27 ms per server, plus 0 to 4 ms per minute)
 *       plus what the cluster's writes took in that minute, multiplied alike;
 *   <li>a minute in which a server was in {@code major_outage} has no point (no probe got an answer), nor has a
 *       probe's minute while the server was in {@code partial_outage} and that probe is one of those that cannot
 *       reach it (a fixed part of the probes per server, at least one, never all when there are several);
 *       reachability now follows the same rule.
 * </ul>
 *
 * A minute's status is the worst the server had during it. Averages are rounded to the millisecond.
 */
final class ProbeModel {

    static final long MINUTE_MILLIS = 60_000;
    static final int MINUTES = 1440;
    /** No point in this minute. */
    static final long NONE = -1;

    private static final int DEGRADED = Inventory.STATUSES.indexOf("degraded_performance");
    private static final int PARTIAL = Inventory.STATUSES.indexOf("partial_outage");
    private static final int MAJOR = Inventory.STATUSES.indexOf("major_outage");

    private final long seed;
    private final Clock clock;
    private final Inventory inventory;
    private final WorkSeries searches;
    private final WorkSeries writes;

    ProbeModel(long seed, Clock clock, Inventory inventory, WorkSeries searches, WorkSeries writes) {
        this.seed = seed;
        this.clock = clock;
        this.inventory = inventory;
        this.searches = searches;
        this.writes = writes;
    }

    /** The span of the series: its first minute and the current time. */
    record Span(long firstMinute, long nowMillis) {
        static Span endingNow(long nowMillis) {
            long current = nowMillis - Math.floorMod(nowMillis, MINUTE_MILLIS);
            return new Span(current - (MINUTES - 1) * MINUTE_MILLIS, nowMillis);
        }

        long minute(int m) {
            return firstMinute + m * MINUTE_MILLIS;
        }
    }

    Span span() {
        return Span.endingNow(clock.millis());
    }

    /**
     * {@return the latency of a server or cluster per minute ({@link #NONE} for no point)}
     *
     * @param name a server or cluster name
     * @param span the span
     */
    long[] latency(String name, Span span) {
        List<long[]> perServer = new ArrayList<>();
        for (Inventory.Server server : inventory.serversOf(name)) {
            List<Inventory.Probe> probes = probes(server, true);
            if (probes.isEmpty()) {
                probes = inventory.probes();
            }
            Served served = served(server, span);
            List<long[]> perProbe = new ArrayList<>();
            for (Inventory.Probe probe : probes) {
                perProbe.add(probeLatency(server, probe, served, span));
            }
            perServer.add(average(perProbe));
        }
        return average(perServer);
    }

    /**
     * {@return per probe (the relevant ones, or the others), the latency it measures of a server or cluster}
     *
     * @param name a server or cluster name
     * @param relevant whether the probes of the name's regions, or the others
     * @param span the span
     */
    Map<String, long[]> latencyByProbe(String name, boolean relevant, Span span) {
        Set<String> regions = inventory.regionsOf(name);
        List<Inventory.Server> servers = inventory.serversOf(name);
        List<Served> served =
                servers.stream().map(server -> served(server, span)).toList();
        Map<String, long[]> byProbe = new LinkedHashMap<>();
        for (Inventory.Probe probe : inventory.probes()) {
            if (probe.regions().stream().anyMatch(regions::contains) != relevant) {
                continue;
            }
            List<long[]> perServer = new ArrayList<>();
            for (int i = 0; i < servers.size(); i++) {
                perServer.add(probeLatency(servers.get(i), probe, served.get(i), span));
            }
            byProbe.put(probe.name(), average(perServer));
        }
        return byProbe;
    }

    /**
     * {@return the indexing time of a server or cluster per minute ({@link #NONE} for no point)}
     *
     * @param name a server or cluster name
     * @param span the span
     */
    long[] indexing(String name, Span span) {
        List<long[]> perServer = new ArrayList<>();
        for (Inventory.Server server : inventory.serversOf(name)) {
            int[] status = inventory.worstStatusPerMinute(server.name(), span.firstMinute(), MINUTES, span.nowMillis());
            long[] work = writes.addedMillis(server.cluster(), span.firstMinute(), MINUTES);
            long idle = 8 + mix("indexing", server.name(), "", 0) % 20;
            long jitterKey = key("indexing-jitter", server.name(), "");
            long[] values = new long[MINUTES];
            for (int m = 0; m < MINUTES; m++) {
                values[m] = status[m] == MAJOR
                        ? NONE
                        : (idle + atMinute(jitterKey, span.minute(m)) % 5 + work[m]) * factor(status[m]);
            }
            perServer.add(values);
        }
        return average(perServer);
    }

    /**
     * {@return whether each probe reaches a server or cluster now}
     *
     * @param name a server or cluster name
     */
    Map<String, Boolean> reachability(String name) {
        int status = Inventory.STATUSES.indexOf(inventory.status(name));
        Map<String, Boolean> byProbe = new LinkedHashMap<>();
        List<Inventory.Probe> probes = inventory.probes();
        Set<String> cut = cutOff(name, probes);
        for (Inventory.Probe probe : probes) {
            byProbe.put(probe.name(), status != MAJOR && !(status == PARTIAL && cut.contains(probe.name())));
        }
        return byProbe;
    }

    /**
     * What a server went through in each minute of a span (its worst status, the searches it served) and the
     * probes a partial outage cuts off: read once per server, whichever probes then measure it.
     */
    private record Served(int[] status, long[] work, Set<String> cutOff) {}

    private Served served(Inventory.Server server, Span span) {
        return new Served(
                inventory.worstStatusPerMinute(server.name(), span.firstMinute(), MINUTES, span.nowMillis()),
                searches.addedMillis(server.cluster(), span.firstMinute(), MINUTES),
                cutOff(server.name(), inventory.probes()));
    }

    private long[] probeLatency(Inventory.Server server, Inventory.Probe probe, Served served, Span span) {
        int[] status = served.status();
        long[] work = served.work();
        boolean relevant = probe.regions().contains(server.region());
        long idle = 2 + mix("latency", server.name(), "", 0) % 5;
        long network = relevant
                ? 1 + mix("network", server.name(), probe.name(), 0) % 4
                : 60 + mix("network", server.name(), probe.name(), 0) % 180;
        boolean cutOff = served.cutOff().contains(probe.name());
        long jitterKey = key("jitter", server.name(), probe.name());
        long[] values = new long[MINUTES];
        for (int m = 0; m < MINUTES; m++) {
            if (status[m] == MAJOR || status[m] == PARTIAL && cutOff) {
                values[m] = NONE;
            } else {
                long jitter = atMinute(jitterKey, span.minute(m)) % 3;
                values[m] = (idle + jitter + work[m]) * factor(status[m]) + network;
            }
        }
        return values;
    }

    /** {@return the probes of the server's region, or the others} */
    private List<Inventory.Probe> probes(Inventory.Server server, boolean relevant) {
        List<Inventory.Probe> found = new ArrayList<>();
        for (Inventory.Probe probe : inventory.probes()) {
            if (probe.regions().contains(server.region()) == relevant) {
                found.add(probe);
            }
        }
        return found;
    }

    /** {@return the names of the probes a partial outage of the name cuts off} */
    private Set<String> cutOff(String name, List<Inventory.Probe> probes) {
        Set<String> cut = new HashSet<>();
        if (probes.size() == 1) {
            cut.add(probes.get(0).name());
            return cut;
        }
        long[] hashes = new long[probes.size()];
        long least = Long.MAX_VALUE;
        long most = Long.MIN_VALUE;
        int even = 0;
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = mix("reach", name, probes.get(i).name(), 0);
            least = Math.min(least, hashes[i]);
            most = Math.max(most, hashes[i]);
            even += (hashes[i] & 1) == 0 ? 1 : 0;
        }
        for (int i = 0; i < hashes.length; i++) {
            // the even hashes are cut off, but at least one probe and never all of them
            boolean isCut =
                    even == 0 ? hashes[i] == least : even == hashes.length ? hashes[i] != most : (hashes[i] & 1) == 0;
            if (isCut) {
                cut.add(probes.get(i).name());
            }
        }
        return cut;
    }

    private static long factor(int status) {
        return status == DEGRADED ? 3 : status == PARTIAL ? 5 : 1;
    }

    /** {@return the rounded average per minute of the series that have a point then, {@link #NONE} if none has} */
    private static long[] average(List<long[]> series) {
        long[] average = new long[MINUTES];
        for (int m = 0; m < MINUTES; m++) {
            long sum = 0;
            int count = 0;
            for (long[] values : series) {
                if (values[m] != NONE) {
                    sum += values[m];
                    count++;
                }
            }
            average[m] = count == 0 ? NONE : Math.round(sum / (double) count);
        }
        return average;
    }

    /** {@return a non-negative number fixed by the seed and the inputs: the same inputs always give the same} */
    private long mix(String what, String name, String probe, long minute) {
        return atMinute(key(what, name, probe), minute);
    }

    /** {@return what {@link #mix} makes of its texts, so a series hashes them once rather than once a minute} */
    private long key(String what, String name, String probe) {
        long h = seed;
        h = splitMix(h ^ text(what));
        h = splitMix(h ^ text(name));
        return splitMix(h ^ text(probe));
    }

    private static long atMinute(long key, long minute) {
        return splitMix(key ^ minute) >>> 1;
    }

    private static long text(String text) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < text.length(); i++) {
            h ^= text.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }

    private static long splitMix(long x) {
        long z = x + 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
