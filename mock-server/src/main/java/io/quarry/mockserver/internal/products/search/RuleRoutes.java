package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.Rules;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Rules of an index. Every write answers a task: save {@code {objectID, updatedAt, taskID}}, batch
 * and clear {@code {updatedAt, taskID}}, delete {@code {deletedAt, taskID}}. With {@code forwardToReplicas} the
 * write also applies to the replicas named in the index's {@code replicas} setting ({@code virtual(name)} too), in
 * the same atomic write; the task answered is the primary index's.
 */
final class RuleRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int SAVE = 0;
    static final int BATCH = 1;
    static final int GET = 2;
    static final int DELETE = 3;
    static final int CLEAR = 4;
    static final int SEARCH = 5;

    private final Application app;

    RuleRoutes(Application app) {
        this.app = app;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case SAVE -> save(request);
            case BATCH -> batch(request);
            case GET -> get(request);
            case DELETE -> delete(request);
            case CLEAR -> clear(request);
            case SEARCH -> search(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code PUT /1/indexes/{indexName}/rules/{objectID}}. */
    Response save(Request request) {
        String objectID = request.path("objectID");
        ObjectNode rule = request.jsonObject();
        JsonNode bodyId = rule.get("objectID");
        if (bodyId != null && !(bodyId.isString() && bodyId.stringValue().equals(objectID))) {
            throw ApiException.badRequest("The objectID in the body must match the objectID in the path");
        }
        rule.put("objectID", objectID);
        ObjectNode valid = Rules.validate(rule);
        long task = Replicas.write(app, request, index -> index.saveRules(List.of(valid), false));
        ObjectNode body = Replies.task("updatedAt", app.nowMillis(), task);
        body.put("objectID", objectID);
        return Response.ok(body);
    }

    /** {@code POST /1/indexes/{indexName}/rules/batch}: a JSON array of rules; {@code clearExistingRules}. */
    Response batch(Request request) {
        JsonNode body = request.jsonOrNull();
        if (body == null || !body.isArray()) {
            throw ApiException.badRequest("The body must be a JSON array of rules");
        }
        List<ObjectNode> rules = new ArrayList<>();
        body.forEach(rule -> rules.add(Rules.validate(rule)));
        boolean clear = request.booleanParam("clearExistingRules", false);
        long task = Replicas.write(app, request, index -> index.saveRules(rules, clear));
        return Response.ok(Replies.task("updatedAt", app.nowMillis(), task));
    }

    /** {@code GET /1/indexes/{indexName}/rules/{objectID}}: the rule, or 404. */
    Response get(Request request) {
        ObjectNode rule = app.require(request.path("indexName")).rule(request.path("objectID"));
        if (rule == null) {
            throw ApiException.notFound("Rule does not exist");
        }
        return Response.ok(rule.deepCopy());
    }

    /**
     * {@code DELETE /1/indexes/{indexName}/rules/{objectID}}: a rule the index lacks is acknowledged like any other
     * (the service states no refusal for it); an index that does not exist is a 404.
     */
    Response delete(Request request) {
        String objectID = request.path("objectID");
        app.require(request.path("indexName"));
        long task = Replicas.write(app, request, index -> index.deleteRule(objectID));
        return Response.ok(Replies.task("deletedAt", app.nowMillis(), task));
    }

    /** {@code POST /1/indexes/{indexName}/rules/clear}. */
    Response clear(Request request) {
        long task = Replicas.write(app, request, IndexState::clearRules);
        return Response.ok(Replies.task("updatedAt", app.nowMillis(), task));
    }

    /** {@code POST /1/indexes/{indexName}/rules/search}: an absent index has no rules. */
    Response search(Request request) {
        IndexState index = app.find(request.path("indexName"));
        return Response.ok(
                Rules.search(index == null ? List.of() : index.config().rules(), request.jsonObject()));
    }
}
