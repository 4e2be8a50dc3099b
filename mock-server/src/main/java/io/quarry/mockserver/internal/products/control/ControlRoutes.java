package io.quarry.mockserver.internal.products.control;

import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.faults.FaultJson;
import io.quarry.mockserver.internal.http.faults.FaultScript;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.StateControl;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The mock server's own endpoints under {@code /_mock/}, a prefix the service never uses. */
final class ControlRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int RESET = 0;
    static final int SEED = 1;
    static final int EXPORT = 2;
    static final int VERSION = 3;
    static final int ADD_FAULT = 4;
    static final int LIST_FAULTS = 5;
    static final int CLEAR_FAULTS = 6;
    static final int REMOVE_FAULT = 7;

    private final StateControl control;
    private final String version;
    private final FaultScript faults;

    ControlRoutes(StateControl control, String version, FaultScript faults) {
        this.control = control;
        this.version = version;
        this.faults = faults;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case RESET -> reset(request);
            case SEED -> seed(request);
            case EXPORT -> export(request);
            case VERSION -> version(request);
            case ADD_FAULT -> addFault(request);
            case LIST_FAULTS -> listFaults(request);
            case CLEAR_FAULTS -> clearFaults(request);
            case REMOVE_FAULT -> RuleIds.remove(request, faults, "the server", Json.object());
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code POST /_mock/faults}: adds a scripted fault rule; answers its ID. */
    Response addFault(Request request) {
        ObjectNode body = Json.object();
        body.put("id", FaultJson.addTo(request.jsonObject(), faults));
        return Response.ok(body);
    }

    /** {@code GET /_mock/faults}: the active rules. */
    Response listFaults(Request request) {
        ObjectNode body = Json.object();
        body.set("faults", faults.describe());
        return Response.ok(body);
    }

    /** {@code DELETE /_mock/faults}: removes every rule. */
    Response clearFaults(Request request) {
        faults.clear();
        ObjectNode body = Json.object();
        body.put("status", "cleared");
        return Response.ok(body);
    }

    /** {@code POST /_mock/reset}: back to the startup state. */
    Response reset(Request request) {
        control.reset();
        ObjectNode body = Json.object();
        body.put("status", "reset");
        return Response.ok(body);
    }

    /** {@code POST /_mock/seed}: applies a seed document; answers the indices seeded. */
    Response seed(Request request) {
        ArrayNode names = Json.array();
        control.seed(request.jsonObject()).forEach(names::add);
        ObjectNode body = Json.object();
        body.set("indices", names);
        return Response.ok(body);
    }

    /** {@code GET /_mock/state}: the whole state as a seed document. */
    Response export(Request request) {
        return Response.ok(control.export());
    }

    /** {@code GET /_mock/version}. */
    Response version(Request request) {
        ObjectNode body = Json.object();
        body.put("version", version);
        return Response.ok(body);
    }
}
