package io.quarry.mockserver.internal.products.monitoring;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Sanitize;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The servers and probes monitoring reports on, each server's status, and the status changes of the last hours
 * (so the series can show each minute's status). By default every cluster of the application has three servers
 * and one replica in region {@code eu}, and four probes watch them.
 */
final class Inventory {

    /** Status values of a server, best first. */
    static final List<String> STATUSES =
            List.of("operational", "degraded_performance", "partial_outage", "major_outage");

    static final int MAX_SERVERS = 1000;
    static final int MAX_PROBES = 100;

    /** The one server {@code type} the service reports, replicas included ({@code is_replica} tells them apart). */
    static final String CLUSTER_TYPE = "cluster";

    record Server(String name, String region, boolean replica, String cluster, String state, String type) {}

    record Probe(String name, String city, String country, double latitude, double longitude, List<String> regions) {}

    private final List<String> defaultClusters;
    private final Clock clock;
    private List<Server> servers;
    private List<Probe> probes;
    private final Map<String, String> statuses = new LinkedHashMap<>();
    private final StatusHistory history = new StatusHistory();

    Inventory(List<String> clusters, Clock clock) {
        this.defaultClusters = clusters.isEmpty() ? List.of("mock-cluster") : List.copyOf(clusters);
        this.clock = clock;
        reset();
    }

    synchronized void reset() {
        List<Server> list = new ArrayList<>();
        for (String cluster : defaultClusters) {
            for (int i = 1; i <= 3; i++) {
                list.add(new Server(cluster + "-" + i, "eu", false, cluster, "PRODUCTION", CLUSTER_TYPE));
            }
            list.add(new Server(cluster + "-dsn-1", "eu", true, cluster, "PRODUCTION", CLUSTER_TYPE));
        }
        servers = List.copyOf(list);
        probes = List.of(
                new Probe("paris", "Paris", "France", 48.8566, 2.3522, List.of("eu")),
                new Probe("frankfurt", "Frankfurt", "Germany", 50.1109, 8.6821, List.of("eu")),
                new Probe("new-york", "New York", "United States", 40.7128, -74.006, List.of("us")),
                new Probe("singapore", "Singapore", "Singapore", 1.3521, 103.8198, List.of("sg")));
        statuses.clear();
        history.clear();
    }

    /** {@return the names the status changes kept hold, oldest first} */
    synchronized List<String> changedNames() {
        return history.names();
    }

    synchronized List<Server> servers() {
        return servers;
    }

    synchronized List<Probe> probes() {
        return probes;
    }

    synchronized void replace(List<Server> newServers, List<Probe> newProbes) {
        if (newServers != null) {
            servers = List.copyOf(newServers);
            Map<String, String> names = new HashMap<>();
            allNames().forEach(name -> names.put(name, name));
            // statuses and changes hold this inventory's instances of the names, not each request's copies
            Map<String, String> kept = new LinkedHashMap<>();
            statuses.forEach((name, status) -> {
                if (names.containsKey(name)) {
                    kept.put(names.get(name), status);
                }
            });
            statuses.clear();
            statuses.putAll(kept);
            history.keepOnly(names);
        }
        if (newProbes != null) {
            probes = List.copyOf(newProbes);
        }
    }

    /** {@return every cluster then every server, in inventory order} */
    synchronized List<String> allNames() {
        Set<String> names = new LinkedHashSet<>();
        servers.forEach(s -> names.add(s.cluster()));
        servers.forEach(s -> names.add(s.name()));
        return List.copyOf(names);
    }

    /**
     * {@return the names, each known, without repeats}
     *
     * @param names a comma-separated list of cluster or server names
     * @throws UnknownServersException when one is not
     */
    synchronized List<String> resolve(String names) {
        List<String> known = allNames();
        Set<String> result = new LinkedHashSet<>();
        // names are taken as written: a trimmed one would be answered under a name the caller did not ask for
        for (String name : names.split(",", -1)) {
            if (!known.contains(name)) {
                throw new UnknownServersException();
            }
            result.add(name);
        }
        return List.copyOf(result);
    }

    /** {@return the servers a name stands for: itself, or every server of the cluster it names} */
    synchronized List<Server> serversOf(String name) {
        return servers.stream()
                .filter(s -> s.name().equals(name) || s.cluster().equals(name))
                .toList();
    }

    /** {@return the status of a server, or of a cluster (its worst server)} */
    synchronized String status(String name) {
        String own = statuses.getOrDefault(name, STATUSES.get(0));
        String worst = own;
        for (Server server : serversOf(name)) {
            String status = statuses.getOrDefault(server.name(), STATUSES.get(0));
            if (STATUSES.indexOf(status) > STATUSES.indexOf(worst)) {
                worst = status;
            }
        }
        return worst;
    }

    synchronized void setStatus(String name, String status) {
        if (!STATUSES.contains(status)) {
            throw ApiException.badRequest("Unknown status: " + Sanitize.shortText(status) + "; one of " + STATUSES);
        }
        List<String> known = allNames();
        int at = known.indexOf(name);
        if (at < 0) {
            throw new UnknownServersException();
        }
        long now = clock.millis();
        // the inventory's instance of the name, which the changes it makes share, rather than the request's copy
        change(known.get(at), status, now);
        // a cluster's status set by hand applies to its servers too
        serversOf(name).forEach(server -> change(server.name(), status, now));
    }

    private void change(String name, String status, long now) {
        String before = statuses.getOrDefault(name, STATUSES.get(0));
        statuses.put(name, status);
        if (!before.equals(status)) {
            history.record(now, name, STATUSES.indexOf(before), STATUSES.indexOf(status));
        }
    }

    /**
     * {@return the worst status of a server, or of a cluster (its own and its servers'), during each minute of a
     * span, as indices into {@link #STATUSES}}
     *
     * @param name a server or cluster name
     * @param firstMinute the start of the first minute, epoch milliseconds
     * @param minutes how many minutes
     * @param nowMillis the current time
     */
    synchronized int[] worstStatusPerMinute(String name, long firstMinute, int minutes, long nowMillis) {
        int[] worst = ownStatusPerMinute(name, firstMinute, minutes, nowMillis);
        for (Server server : serversOf(name)) {
            if (!server.name().equals(name)) {
                int[] ofServer = ownStatusPerMinute(server.name(), firstMinute, minutes, nowMillis);
                for (int m = 0; m < minutes; m++) {
                    worst[m] = Math.max(worst[m], ofServer[m]);
                }
            }
        }
        return worst;
    }

    private int[] ownStatusPerMinute(String name, long firstMinute, int minutes, long nowMillis) {
        int current = STATUSES.indexOf(statuses.getOrDefault(name, STATUSES.get(0)));
        return history.worstPerMinute(name, current, firstMinute, minutes, nowMillis);
    }

    /**
     * {@return the cluster that serves a request}: the given one when the inventory has it, else the first
     *
     * @param cluster the cluster of the request's user, or {@code null}
     */
    synchronized String servingCluster(String cluster) {
        for (Server server : servers) {
            if (server.cluster().equals(cluster)) {
                return cluster;
            }
        }
        return servers.get(0).cluster();
    }

    /** {@return the region of a server, or the regions of a cluster's servers} */
    synchronized Set<String> regionsOf(String name) {
        Set<String> regions = new LinkedHashSet<>();
        serversOf(name).forEach(s -> regions.add(s.region()));
        return regions;
    }

    /** Unknown names in {@code {servers}}: a 400 with {@code reason}, as the service answers. */
    static final class UnknownServersException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnknownServersException() {
            super("Unknown servers", null, false, false);
        }
    }
}
