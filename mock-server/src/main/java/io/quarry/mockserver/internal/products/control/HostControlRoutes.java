package io.quarry.mockserver.internal.products.control;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.PathNumbers;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Sanitize;
import io.quarry.mockserver.internal.http.faults.FaultJson;
import io.quarry.mockserver.internal.http.hosts.HostState;
import io.quarry.mockserver.internal.http.hosts.ServedHosts;
import io.quarry.mockserver.internal.http.wire.CloseReason;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The hosts' own faults over HTTP, for a server not embedded in the test's JVM (the standalone jar with
 * {@code --hosts N}): {@code GET /_mock/hosts}, {@code POST} and {@code DELETE /_mock/hosts/{host}/faults}. A
 * scripted fault is one of {@code refuseConnections} and {@code hold} (with {@code durationMs}), {@code during}
 * (with {@code durationMs} and a {@code fault} object, as {@code /_mock/faults} takes) and {@code next} (with
 * {@code count} and a {@code fault}).
 */
final class HostControlRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int LIST = 0;
    static final int ADD_FAULT = 1;
    static final int CLEAR_FAULTS = 2;
    static final int REMOVE_FAULT = 3;

    /** The longest a host's fault may last: a day, far past any test. */
    static final long MAX_DURATION_MILLIS = 86_400_000;

    private final ServedHosts hosts;

    HostControlRoutes(ServedHosts hosts) {
        this.hosts = hosts;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case LIST -> list(request);
            case ADD_FAULT -> addFault(request);
            case CLEAR_FAULTS -> clearFaults(request);
            case REMOVE_FAULT -> removeFault(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /**
     * {@code GET /_mock/hosts}: each host, its port, its requests, the connections it closed without an answer (by
     * reason, those counted only) and what is scripted for it: a refusal or a hold first ({@code {"type": "refuseConnections", "until": ...}}, as scripted, with its end time), then its rules.
     */
    Response list(Request request) {
        ArrayNode list = Json.array();
        for (HostState host : hosts.all()) {
            ObjectNode item = list.addObject();
            item.put("host", host.index());
            item.put("port", host.port());
            item.put("requestCount", host.requests());
            item.put("acceptsConnections", host.accepting());
            ObjectNode unanswered = item.putObject("closedWithoutAnswer");
            for (CloseReason reason : CloseReason.values()) {
                long count = host.unanswered(reason);
                if (count > 0) {
                    unanswered.put(reason.name(), count);
                }
            }
            ArrayNode faults = item.putArray("faults");
            host.refusingUntil().ifPresent(until -> window(faults, "refuseConnections", until));
            host.holdingUntil().ifPresent(until -> window(faults, "hold", until));
            faults.addAll(host.faults().describe());
        }
        ObjectNode body = Json.object();
        body.set("hosts", list);
        return Response.ok(body);
    }

    private static void window(ArrayNode faults, String type, Instant until) {
        ObjectNode item = faults.addObject();
        item.put("type", type);
        item.put("until", until.toString());
    }

    /** {@code POST /_mock/hosts/{host}/faults}: scripts a fault for the host; answers a rule's ID ({@code during}, {@code next}). */
    Response addFault(Request request) {
        HostState host = host(request);
        ObjectNode body = request.jsonObject();
        String type = body.path("type").asString("");
        long id = 0; // a refusal or a hold is no rule: it has no ID
        try {
            List<String> members = hostMembers(type);
            if (members != null) {
                FaultJson.requireKnownMembers(body, "a " + type + " host fault", members);
            }
            switch (type) {
                case "refuseConnections" -> {
                    if (host == request.get(HostState.class)) {
                        throw ApiException.badRequest("Send refuseConnections for host " + host.index()
                                + " through another host: the host closes its connections, this one included");
                    }
                    host.refuseFor(duration(body));
                }
                case "hold" -> host.holdFor(duration(body));
                case "during" -> id = host.faultFor(duration(body), FaultJson.action(body.get("fault")));
                case "next" -> id = host.faultNext(count(body), FaultJson.action(body.get("fault")));
                default ->
                    throw ApiException.badRequest("type must be one of refuseConnections, hold, during, next; got '"
                            + Sanitize.shortText(type) + "'");
            }
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("Invalid host fault: " + e.getMessage());
        }
        ObjectNode answer = Json.object();
        answer.put("host", host.index());
        if (id > 0) {
            answer.put("id", id);
        }
        answer.put("status", "scripted");
        return Response.ok(answer);
    }

    /** {@code DELETE /_mock/hosts/{host}/faults}: ends everything scripted for the host. */
    Response clearFaults(Request request) {
        HostState host = host(request);
        host.clear();
        ObjectNode answer = Json.object();
        answer.put("host", host.index());
        answer.put("status", "cleared");
        return Response.ok(answer);
    }

    /** {@code DELETE /_mock/hosts/{host}/faults/{id}}: removes one of the host's rules; 404 for no active one. */
    Response removeFault(Request request) {
        HostState host = host(request);
        ObjectNode answer = Json.object();
        answer.put("host", host.index());
        return RuleIds.remove(request, host.faults(), "host " + host.index(), answer);
    }

    private HostState host(Request request) {
        List<HostState> all = hosts.all();
        long index = PathNumbers.of(request, "host", "A host's number");
        if (index >= all.size()) {
            throw ApiException.notFound("No host " + index + ": the server has hosts 0 to " + (all.size() - 1));
        }
        return all.get((int) index);
    }

    /** {@return the members a host fault of that type has, or {@code null} for no type of host fault} */
    private static List<String> hostMembers(String type) {
        return switch (type) {
            case "refuseConnections", "hold" -> List.of("type", "durationMs");
            case "during" -> List.of("type", "durationMs", "fault");
            case "next" -> List.of("type", "count", "fault");
            default -> null;
        };
    }

    private static int count(JsonNode body) {
        JsonNode count = body.get("count");
        if (count == null || !count.isIntegralNumber() || !count.canConvertToInt() || count.intValue() < 1) {
            throw new IllegalArgumentException("count is required, a whole number from 1 to " + Integer.MAX_VALUE);
        }
        return count.intValue();
    }

    private static Duration duration(JsonNode body) {
        JsonNode millis = body.get("durationMs");
        if (millis == null || !millis.isIntegralNumber() || !millis.canConvertToLong()) {
            throw new IllegalArgumentException("durationMs is required, a whole number of milliseconds");
        }
        long value = millis.asLong();
        if (value < 1 || value > MAX_DURATION_MILLIS) {
            throw new IllegalArgumentException("durationMs must be 1.." + MAX_DURATION_MILLIS);
        }
        return Duration.ofMillis(value);
    }
}
