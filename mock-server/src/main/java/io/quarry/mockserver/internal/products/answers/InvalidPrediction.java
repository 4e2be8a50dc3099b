package io.quarry.mockserver.internal.products.answers;

import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Sanitize;
import io.quarry.mockserver.internal.json.Json;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * A prediction request with an invalid field, or a body that is no JSON object, answered as the answers API does:
 * 422 with {@code message}, {@code detail} (what is wrong and where) and {@code received} (the request body as
 * received, its keys masked).
 */
final class InvalidPrediction extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient ObjectNode detail;

    /**
     * @param msg what is wrong
     * @param ctx extra context, or {@code null}
     * @param location the path to the field, from {@code "body"}; strings and array indexes
     */
    InvalidPrediction(String msg, ObjectNode ctx, Object... location) {
        super(msg);
        detail = Json.object();
        detail.put("msg", msg);
        ArrayNode path = detail.putArray("location");
        path.add("body");
        for (Object part : location) {
            if (part instanceof Integer index) {
                path.add(index);
            } else {
                path.add(String.valueOf(part));
            }
        }
        if (ctx != null) {
            detail.set("ctx", ctx);
        }
    }

    /** The most characters of a body that is no JSON echoed in {@code received}. */
    static final int MAX_ECHOED_TEXT = 1_000;

    /** {@return the refusal of a body that is no JSON} */
    static InvalidPrediction notJson() {
        return new InvalidPrediction("JSON decode error", null);
    }

    /**
     * {@return the body that is no JSON, as {@code received} echoes it: its text (malformed UTF-8 replaced), without
     *     control characters and cut at {@value #MAX_ECHOED_TEXT} characters}
     *
     * @param request the request
     */
    static JsonNode text(Request request) {
        return StringNode.valueOf(
                Sanitize.cut(new String(request.bodyBytes(), StandardCharsets.UTF_8), MAX_ECHOED_TEXT));
    }

    /**
     * {@return the 422 response}
     *
     * @param received the request body
     */
    Response response(JsonNode received) {
        ObjectNode body = Json.object();
        body.put("message", "Invalid request: " + getMessage());
        body.put("status", 422);
        body.putArray("detail").add(detail);
        body.set("received", received);
        return new Response(422, body);
    }
}
