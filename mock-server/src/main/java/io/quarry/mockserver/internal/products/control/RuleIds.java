package io.quarry.mockserver.internal.products.control;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.PathNumbers;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.faults.FaultScript;
import tools.jackson.databind.node.ObjectNode;

/** The removal of one fault rule by the ID in a control route's path, shared by the server's and the hosts' rules. */
final class RuleIds {

    private RuleIds() {}

    /**
     * Removes the rule the path's {@code {id}} names from the script; 400 when it is no ID (not ASCII digits, or
     * beyond a {@code long}), 404 when no active rule has that ID.
     *
     * @param request the request, whose path holds {@code {id}}
     * @param script the rules it is removed from
     * @param owner how the rules' owner is named in the error, e.g. {@code "the server"}
     * @param answer the answer's body, to which the ID and the status are added
     * @return the answer
     */
    static Response remove(Request request, FaultScript script, String owner, ObjectNode answer) {
        long id = PathNumbers.of(request, "id", "A fault rule's ID (the id its POST answered)");
        if (id < 1 || !script.remove(id)) {
            throw ApiException.notFound("No active fault rule " + id + " for " + owner
                    + ": it was never added, or was removed, cleared, or ended by itself (GET lists the active ones)");
        }
        answer.put("id", id);
        answer.put("status", "removed");
        return Response.ok(answer);
    }
}
