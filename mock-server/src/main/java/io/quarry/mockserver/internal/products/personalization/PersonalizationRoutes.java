package io.quarry.mockserver.internal.products.personalization;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.Timestamps;
import tools.jackson.databind.node.ObjectNode;

/** The four personalization endpoints. */
final class PersonalizationRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int GET_PROFILE = 0;
    static final int DELETE_PROFILE = 1;
    static final int GET_STRATEGY = 2;
    static final int SET_STRATEGY = 3;

    static final String STRATEGY_UPDATED = "Strategy was successfully updated.";

    private final Application app;
    private final PersonalizationState state;
    private final Profiles profiles;

    PersonalizationRoutes(Application app, PersonalizationState state, Profiles profiles) {
        this.app = app;
        this.state = state;
        this.profiles = profiles;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case GET_PROFILE -> getProfile(request);
            case DELETE_PROFILE -> deleteProfile(request);
            case GET_STRATEGY -> getStrategy(request);
            case SET_STRATEGY -> setStrategy(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code GET /1/strategies/personalization}: 404 while no strategy was set. */
    Response getStrategy(Request request) {
        Strategy strategy = state.strategy();
        if (strategy == null) {
            throw ApiException.notFound("No personalization strategy is set");
        }
        return Response.ok(strategy.toJson());
    }

    /** {@code POST /1/strategies/personalization}: validated, then replaces the strategy. */
    Response setStrategy(Request request) {
        // the service documents a 422 as the call's refusal of what it cannot take, and no 400
        state.setStrategy(Strategy.parse(request.jsonObject(422)));
        ObjectNode body = Json.object();
        body.put("status", 200);
        body.put("message", STRATEGY_UPDATED);
        return Response.ok(body);
    }

    /** {@code GET /1/profiles/personalization/{userToken}}: 404 for a user without counted events. */
    Response getProfile(Request request) {
        return Response.ok(require(request, request.path("userToken")).toJson());
    }

    /**
     * {@code DELETE /1/profiles/{userToken}}: the user's events received so far stop counting at once (the service
     * may take a few hours), whatever their timestamps say, and so do events received later that are timestamped
     * before now; 404 for a user without counted events.
     */
    Response deleteProfile(Request request) {
        String userToken = request.path("userToken");
        require(request, userToken);
        long now = app.nowMillis();
        state.delete(userToken, now);
        // an event timestamped in the future was received before the deletion all the same
        app.tracking().forgetUserEvents(userToken);
        ObjectNode body = Json.object();
        body.put("userToken", userToken);
        body.put("deletedUntil", Timestamps.iso(now));
        return Response.ok(body);
    }

    /** The user's profile: 401 for a key bound to another user (before anything is said of this one), else 404. */
    private Profile require(Request request, String userToken) {
        if (!request.get(Caller.class).mayActAs(userToken)) {
            throw new ApiException(401, "UserToken not allowed with this API key");
        }
        Profile profile = profiles.of(userToken);
        if (profile == null) {
            throw ApiException.notFound("User not found");
        }
        return profile;
    }
}
