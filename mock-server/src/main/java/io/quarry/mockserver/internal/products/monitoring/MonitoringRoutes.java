package io.quarry.mockserver.internal.products.monitoring;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Sanitize;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The monitoring endpoints, over the inventory, the incidents, the probes' measurements and the JVM's. */
final class MonitoringRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int ALL_STATUSES = 0;
    static final int SOME_STATUSES = 1;
    static final int ALL_INCIDENTS = 2;
    static final int SOME_INCIDENTS = 3;
    static final int INVENTORY_SERVERS = 4;
    static final int INVENTORY_PROBES = 5;
    static final int LATENCY = 6;
    static final int LATENCY_RELEVANT_PROBES = 7;
    static final int LATENCY_OTHER_PROBES = 8;
    static final int INDEXING = 9;
    static final int REACHABILITY = 10;
    static final int INFRASTRUCTURE = 11;

    private final Inventory inventory;
    private final Incidents incidents;
    private final ProbeModel probes;
    private final InfrastructureSampler infrastructure;

    MonitoringRoutes(
            Inventory inventory, Incidents incidents, ProbeModel probes, InfrastructureSampler infrastructure) {
        this.inventory = inventory;
        this.incidents = incidents;
        this.probes = probes;
        this.infrastructure = infrastructure;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case ALL_STATUSES -> allStatuses(request);
            case SOME_STATUSES -> someStatuses(request);
            case ALL_INCIDENTS -> allIncidents(request);
            case SOME_INCIDENTS -> someIncidents(request);
            case INVENTORY_SERVERS -> inventoryServers(request);
            case INVENTORY_PROBES -> inventoryProbes(request);
            case LATENCY -> latency(request);
            case LATENCY_RELEVANT_PROBES -> latencyRelevantProbes(request);
            case LATENCY_OTHER_PROBES -> latencyOtherProbes(request);
            case INDEXING -> indexing(request);
            case REACHABILITY -> reachability(request);
            case INFRASTRUCTURE -> infrastructure(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /**
     * Wraps a handler of {@code {servers}} so that unknown names answer the service's 400 with {@code reason}, and
     * with the {@code message} every monitoring refusal carries (and {@code status}, as the mock server's others).
     */
    static Handler knownServers(Handler handler) {
        return request -> {
            try {
                return handler.handle(request);
            } catch (Inventory.UnknownServersException e) {
                ObjectNode body = Json.object();
                body.put("reason", "Unknown servers");
                body.put("message", "Unknown servers");
                body.put("status", 400);
                return new Response(400, body);
            }
        };
    }

    private List<String> servers(Request request) {
        return inventory.resolve(request.path("servers"));
    }

    Response allStatuses(Request request) {
        return statuses(inventory.allNames());
    }

    Response someStatuses(Request request) {
        return statuses(servers(request));
    }

    private Response statuses(List<String> names) {
        ObjectNode status = Json.object();
        names.forEach(name -> status.put(name, inventory.status(name)));
        ObjectNode body = Json.object();
        body.set("status", status);
        return Response.ok(body);
    }

    Response allIncidents(Request request) {
        return incidents(inventory.allNames());
    }

    Response someIncidents(Request request) {
        return incidents(servers(request));
    }

    private Response incidents(List<String> names) {
        ObjectNode byServer = Json.object();
        for (String name : names) {
            // a cluster's incidents include those of its servers
            List<String> filedUnder = new java.util.ArrayList<>(List.of(name));
            inventory.serversOf(name).forEach(s -> filedUnder.add(s.name()));
            ArrayNode list = byServer.putArray(name);
            for (Incidents.Incident incident : incidents.of(filedUnder)) {
                ObjectNode item = list.addObject();
                item.put("t", incident.timeMillis());
                ObjectNode v = item.putObject("v");
                v.put("title", incident.title());
                v.put("body", incident.body());
                v.put("status", incident.status());
            }
        }
        ObjectNode body = Json.object();
        body.set("incidents", byServer);
        return Response.ok(body);
    }

    Response inventoryServers(Request request) {
        ArrayNode list = Json.array();
        for (Inventory.Server server : inventory.servers()) {
            ObjectNode item = list.addObject();
            item.put("name", server.name());
            item.put("region", server.region());
            item.put("is_replica", server.replica());
            item.put("cluster", server.cluster());
            item.put("status", server.state());
            item.put("type", server.type());
        }
        ObjectNode body = Json.object();
        body.set("inventory", list);
        return Response.ok(body);
    }

    Response inventoryProbes(Request request) {
        ArrayNode list = Json.array();
        for (Inventory.Probe probe : inventory.probes()) {
            ObjectNode item = list.addObject();
            item.put("name", probe.name());
            item.put("city", probe.city());
            item.put("country", probe.country());
            item.put("latitude", probe.latitude());
            item.put("longitude", probe.longitude());
            ArrayNode regions = item.putArray("regions");
            probe.regions().forEach(regions::add);
        }
        ObjectNode body = Json.object();
        body.set("probes", list);
        return Response.ok(body);
    }

    Response latency(Request request) {
        ProbeModel.Span span = probes.span();
        ObjectNode byServer = Json.object();
        servers(request).forEach(name -> byServer.set(name, series(probes.latency(name, span), span)));
        return metrics("latency", byServer);
    }

    Response indexing(Request request) {
        ProbeModel.Span span = probes.span();
        ObjectNode byServer = Json.object();
        servers(request).forEach(name -> byServer.set(name, series(probes.indexing(name, span), span)));
        return metrics("indexing", byServer);
    }

    Response latencyRelevantProbes(Request request) {
        return latencyByProbes(request, true);
    }

    Response latencyOtherProbes(Request request) {
        return latencyByProbes(request, false);
    }

    private Response latencyByProbes(Request request, boolean relevant) {
        ProbeModel.Span span = probes.span();
        ObjectNode byServer = Json.object();
        for (String name : servers(request)) {
            ObjectNode byProbe = byServer.putObject(name);
            probes.latencyByProbe(name, relevant, span)
                    .forEach((probe, values) -> byProbe.set(probe, series(values, span)));
        }
        return metrics("latency_by_probes", byServer);
    }

    Response reachability(Request request) {
        ObjectNode body = Json.object();
        for (String name : servers(request)) {
            ObjectNode byProbe = body.putObject(name);
            probes.reachability(name).forEach(byProbe::put);
        }
        return Response.ok(body);
    }

    Response infrastructure(Request request) {
        List<InfrastructureMetric> metrics = InfrastructureMetric.parse(request.path("metric"));
        if (metrics.isEmpty()) {
            throw ApiException.badRequest("Unknown metric: " + Sanitize.shortText(request.path("metric"))
                    + "; one of avg_build_time, ssd_usage, ram_search_usage, ram_indexing_usage, cpu_usage, *");
        }
        InfrastructurePeriod period = InfrastructurePeriod.parse(request.path("period"));
        if (period == null) {
            throw ApiException.badRequest("Unknown period: " + Sanitize.shortText(request.path("period"))
                    + "; one of minute, hour, day, week, month");
        }
        ObjectNode byMetric = Json.object();
        for (InfrastructureMetric metric : metrics) {
            ArrayNode points = Json.array();
            for (InfrastructureSampler.Point point : infrastructure.points(metric, period)) {
                ObjectNode item = points.addObject();
                item.put("t", point.timeSeconds());
                if (point.value() == Math.rint(point.value())) {
                    item.put("v", (long) point.value());
                } else {
                    item.put("v", point.value());
                }
            }
            ObjectNode byServer = byMetric.putObject(metric.wireName());
            inventory.servers().forEach(server -> byServer.set(server.name(), points.deepCopy()));
        }
        ObjectNode body = Json.object();
        body.set("metrics", byMetric);
        return Response.ok(body);
    }

    /** {@return the points of a series: one per minute that has a value, oldest first, times in milliseconds} */
    private static ArrayNode series(long[] values, ProbeModel.Span span) {
        ArrayNode points = Json.array();
        for (int m = 0; m < values.length; m++) {
            if (values[m] != ProbeModel.NONE) {
                ObjectNode item = points.addObject();
                item.put("t", span.minute(m));
                item.put("v", values[m]);
            }
        }
        return points;
    }

    private static Response metrics(String name, ObjectNode byServer) {
        ObjectNode metrics = Json.object();
        metrics.set(name, byServer);
        ObjectNode body = Json.object();
        body.set("metrics", metrics);
        return Response.ok(body);
    }
}
