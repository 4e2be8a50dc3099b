package io.quarry.mockserver.internal.products.insights;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.internal.state.Tracking;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code POST /1/events}: all or nothing. The body is refused over 2 MB (413); then every event is checked in
 * order and the first problem is the whole answer: 422 for an invalid event, 401 for an index the key may not use
 * (its {@code indexes}, a secured key's {@code restrictIndices}) or for a user other than the one a secured key
 * names (its {@code userToken}), as the key is refused on this API; otherwise every event is recorded.
 */
final class EventsRoute implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int SEND = 0;

    /** The largest body accepted, in bytes. */
    static final int MAX_BODY_BYTES = 2 * 1024 * 1024;
    /** The most events in one call. */
    static final int MAX_EVENTS = 1000;

    private final Tracking tracking;
    private final Clock clock;

    EventsRoute(Tracking tracking, Clock clock) {
        this.tracking = tracking;
        this.clock = clock;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case SEND -> send(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    Response send(Request request) {
        if (request.bodySize() > MAX_BODY_BYTES) {
            throw new ApiException(413, "Request body is larger than 2 MB");
        }
        // the service documents a 422 and a 401 as the call's refusals: a body that is no object holds no events either
        ObjectNode body = request.jsonObject(422);
        JsonNode events = body.get("events");
        if (events == null || events.isNull() || events.isArray() && events.isEmpty()) {
            throw unprocessable("No events to process");
        }
        if (!events.isArray()) {
            throw unprocessable("Events must be an array");
        }
        if (events.size() > MAX_EVENTS) {
            throw unprocessable("Cannot process more than 1000 events in a batch");
        }
        long now = clock.millis();
        EventValidator validator = new EventValidator(now);
        Caller caller = request.get(Caller.class);
        List<TrackedEvent> accepted = new ArrayList<>(events.size());
        for (JsonNode event : events) {
            String problem = validator.problem(event);
            if (problem != null) {
                throw unprocessable(problem);
            }
            if (!caller.mayUse(event.get("index").stringValue())) {
                throw new ApiException(401, "Index not allowed with this API key");
            }
            if (!caller.mayActAs(event.get("userToken").stringValue())) {
                throw new ApiException(401, "UserToken not allowed with this API key");
            }
            accepted.add(EventValidator.tracked(event, now));
        }
        tracking.recordEvents(accepted);
        ObjectNode ok = Json.object();
        ok.put("status", 200);
        ok.put("message", "OK");
        return Response.ok(ok);
    }

    private static ApiException unprocessable(String message) {
        return new ApiException(422, message);
    }
}
