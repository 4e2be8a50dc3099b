package io.quarry.mockserver.internal.products.control;

import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.StateControl;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The mock server's own endpoints under {@code /_mock/}, a prefix the service never uses. */
final class ControlRoutes {

    private final StateControl control;
    private final String version;

    ControlRoutes(StateControl control, String version) {
        this.control = control;
        this.version = version;
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
