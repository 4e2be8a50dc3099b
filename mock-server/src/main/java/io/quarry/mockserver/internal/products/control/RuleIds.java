package io.quarry.mockserver.internal.products.control;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Sanitize;
import io.quarry.mockserver.internal.http.faults.FaultScript;
import tools.jackson.databind.node.ObjectNode;

/** The removal of one fault rule by the ID in a control route's path, shared by the server's and the hosts' rules. */
final class RuleIds {

    private RuleIds() {}

    /**
     * Removes the rule the path's {@code {id}} names from the script; 404 when no active rule has that ID.
     *
     * @param request the request, whose path holds {@code {id}}
     * @param script the rules it is removed from
     * @param owner how the rules' owner is named in the error, e.g. {@code "the server"}
     * @param answer the answer's body, to which the ID and the status are added
     * @return the answer
     */
    static Response remove(Request request, FaultScript script, String owner, ObjectNode answer) {
        String named = request.path("id");
        // ASCII digits only, short enough for a long: a rule's ID is a positive whole number
        long id = !named.isEmpty() && named.length() <= 18 && named.chars().allMatch(c -> c >= '0' && c <= '9')
                ? Long.parseLong(named)
                : 0;
        if (id < 1 || !script.remove(id)) {
            throw ApiException.notFound("No active fault rule " + Sanitize.shortText(named) + " for " + owner
                    + ": it was never added, or was removed, cleared, or ended by itself (GET lists the active ones)");
        }
        answer.put("id", id);
        answer.put("status", "removed");
        return Response.ok(answer);
    }
}
