package io.quarry.mockserver.internal.products.monitoring;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.ResetGate;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Sanitize;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The mock server's own monitoring endpoints under {@code /_mock/monitoring/}: report an incident, change a
 * status, replace the inventory. Control routes stay outside the reset gate, so each change passes it itself: an
 * incident and the status it sets are wholly before a reset, which erases both, or wholly after it.
 */
final class MonitoringControlRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int ADD_INCIDENT = 0;
    static final int SET_STATUS = 1;
    static final int REPLACE_INVENTORY = 2;

    private static final int MAX_TEXT = 10_000;
    /** The most regions a probe watches: far past the service's few. */
    private static final int MAX_REGIONS = 100;

    private final Inventory inventory;
    private final Incidents incidents;
    private final ResetGate gate;

    MonitoringControlRoutes(Inventory inventory, Incidents incidents, ResetGate gate) {
        this.inventory = inventory;
        this.incidents = incidents;
        this.gate = gate;
    }

    @Override
    public Response answer(int method, Request request) {
        return gate.request(() -> switch (method) {
            case ADD_INCIDENT -> addIncident(request);
            case SET_STATUS -> setStatus(request);
            case REPLACE_INVENTORY -> replaceInventory(request);
            default -> throw new IllegalArgumentException("no method " + method);
        });
    }

    /**
     * {@code POST /_mock/monitoring/incidents} {@code {server, title, body, status}}: files an incident now; its
     * status becomes the server's status.
     */
    Response addIncident(Request request) {
        ObjectNode body = members(request, "server", "title", "body", "status");
        String server = text(body, "server");
        String status = text(body, "status");
        String title = text(body, "title");
        String text = optionalText(body, "body");
        setStatus(server, status);
        incidents.add(server, title, text, status);
        return Response.ok(Json.object().put("status", "added"));
    }

    /** {@code POST /_mock/monitoring/status} {@code {server, status}}: changes the status of a server or cluster. */
    Response setStatus(Request request) {
        ObjectNode body = members(request, "server", "status");
        setStatus(text(body, "server"), text(body, "status"));
        return Response.ok(Json.object().put("status", "updated"));
    }

    private void setStatus(String server, String status) {
        try {
            inventory.setStatus(server, status);
        } catch (Inventory.UnknownServersException unknown) {
            throw ApiException.notFound("No server or cluster " + Sanitize.shortText(server) + " in the inventory");
        }
    }

    /**
     * {@code PUT /_mock/monitoring/inventory} {@code {servers: [...], probes: [...]}}: replaces the servers and/or
     * the probes, in the shapes the inventory endpoints answer.
     */
    Response replaceInventory(Request request) {
        ObjectNode body = members(request, "servers", "probes");
        if (body.isEmpty()) {
            throw ApiException.badRequest("Give servers, probes or both: the inventory is replaced by what is given");
        }
        List<Inventory.Server> servers = body.has("servers") ? servers(body.get("servers")) : null;
        List<Inventory.Probe> probes = body.has("probes") ? probes(body.get("probes")) : null;
        inventory.replace(servers, probes);
        return Response.ok(Json.object().put("status", "replaced"));
    }

    /**
     * {@return the body, when it holds no member but those named} A misspelt member ({@code "server"} for
     * {@code "servers"}, {@code "bdy"}) was ignored: the call answered 200 and changed nothing it was asked to.
     */
    private static ObjectNode members(Request request, String... names) {
        ObjectNode body = request.jsonObject();
        List<String> known = List.of(names);
        for (String member : body.propertyNames()) {
            if (!known.contains(member)) {
                throw ApiException.badRequest("Unknown member " + Sanitize.shortText(member) + " (the members are "
                        + String.join(", ", known) + ")");
            }
        }
        return body;
    }

    private static List<Inventory.Server> servers(JsonNode array) {
        if (!array.isArray() || array.isEmpty() || array.size() > Inventory.MAX_SERVERS) {
            throw ApiException.badRequest("servers must be an array of 1 to " + Inventory.MAX_SERVERS + " servers");
        }
        List<Inventory.Server> servers = new ArrayList<>();
        for (JsonNode item : array) {
            servers.add(new Inventory.Server(
                    listable(item, "name"),
                    optionalText(item, "region", "eu"),
                    flag(item, "is_replica"),
                    listable(item, "cluster"),
                    optionalText(item, "status", "PRODUCTION"),
                    optionalText(item, "type", Inventory.CLUSTER_TYPE)));
        }
        return servers;
    }

    private static List<Inventory.Probe> probes(JsonNode array) {
        if (!array.isArray() || array.size() > Inventory.MAX_PROBES) {
            throw ApiException.badRequest("probes must be an array of at most " + Inventory.MAX_PROBES + " probes");
        }
        List<Inventory.Probe> probes = new ArrayList<>();
        for (JsonNode item : array) {
            probes.add(new Inventory.Probe(
                    text(item, "name"),
                    optionalText(item, "city"),
                    optionalText(item, "country"),
                    degrees(item, "latitude", 90),
                    degrees(item, "longitude", 180),
                    regions(item)));
        }
        return probes;
    }

    /** {@return a server or cluster name, which {servers} lists must be able to hold} */
    private static String listable(JsonNode item, String name) {
        String value = text(item, name);
        if (value.indexOf(',') >= 0) {
            throw ApiException.badRequest(name + " holds no comma: {servers} lists are comma-separated");
        }
        return value;
    }

    private static String text(JsonNode body, String name) {
        String value = optionalText(body, name);
        if (value.isEmpty()) {
            throw ApiException.badRequest(name + " is required (a non-empty string)");
        }
        return value;
    }

    /** {@return the member's text; the fallback when it is absent or null} */
    private static String optionalText(JsonNode body, String name, String fallback) {
        JsonNode node = body.path(name);
        return node.isMissingNode() || node.isNull() ? fallback : optionalText(body, name);
    }

    // Each member is read as the type it is documented with: another JSON type is a 400 naming it, never read as
    // some other value (an object as the default region, "true" as true, "48.8" as a latitude).

    private static boolean flag(JsonNode item, String name) {
        JsonNode node = item.path(name);
        if (node.isMissingNode() || node.isNull()) {
            return false;
        }
        if (!node.isBoolean()) {
            throw ApiException.badRequest(name + " must be true or false");
        }
        return node.booleanValue();
    }

    private static double degrees(JsonNode item, String name, int bound) {
        JsonNode node = item.path(name);
        if (node.isMissingNode() || node.isNull()) {
            return 0;
        }
        if (!node.isNumber() || !(Math.abs(node.doubleValue()) <= bound)) {
            throw ApiException.badRequest(name + " must be a number from -" + bound + " to " + bound);
        }
        return node.doubleValue();
    }

    private static List<String> regions(JsonNode item) {
        JsonNode node = item.path("regions");
        if (node.isMissingNode() || node.isNull()) {
            return List.of();
        }
        if (!node.isArray() || node.size() > MAX_REGIONS) {
            throw ApiException.badRequest("regions must be an array of at most " + MAX_REGIONS + " region names");
        }
        List<String> regions = new ArrayList<>();
        for (JsonNode region : node) {
            if (!region.isString()
                    || region.stringValue().isEmpty()
                    || region.stringValue().length() > MAX_TEXT) {
                throw ApiException.badRequest("each of regions must be a region name (a non-empty string of at most "
                        + MAX_TEXT + " characters)");
            }
            regions.add(region.stringValue());
        }
        return List.copyOf(regions);
    }

    private static String optionalText(JsonNode body, String name) {
        JsonNode node = body.path(name);
        if (!node.isMissingNode() && !node.isNull() && !node.isString()) {
            throw ApiException.badRequest(name + " must be a string");
        }
        String value = node.asString("");
        if (value.length() > MAX_TEXT) {
            throw ApiException.badRequest(name + " is longer than " + MAX_TEXT + " characters");
        }
        return value;
    }
}
