package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.ReplicaLinks;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code primary} and {@code replicas} of an index as a caller may see them: a key restricted to some indices
 * is not told the names of the others, so a primary it may not use is left out, and so is each replica it may not
 * use (a {@code replicas} left with none is an empty list). What a key may not see it cannot change either: see
 * {@link #requireAllShown}.
 */
final class VisibleLinks {

    private VisibleLinks() {}

    /**
     * Removes from the settings the names the caller may not see.
     *
     * @param settings a copy of an index's settings, changed in place
     * @param caller who reads them
     */
    static void hide(ObjectNode settings, Caller caller) {
        JsonNode primary = settings.get("primary");
        if (primary != null && primary.isString() && !caller.mayUse(primary.stringValue())) {
            settings.remove("primary");
        }
        JsonNode replicas = settings.get("replicas");
        if (replicas != null && replicas.isArray()) {
            ArrayNode shown = Json.array();
            for (JsonNode entry : replicas) {
                if (!entry.isString() || caller.mayUse(ReplicaLinks.nameOf(entry.stringValue()))) {
                    shown.add(entry.deepCopy());
                }
            }
            settings.set("replicas", shown);
        }
    }

    /**
     * Refuses a change of {@code replicas} by a caller not shown all of them: settings read, changed and sent back
     * would otherwise unlink the replicas the key was not shown.
     *
     * @param index the primary whose {@code replicas} the caller sends, locked
     * @param caller who sends them
     * @throws ApiException 403 when the index has a replica the caller may not use
     */
    static void requireAllShown(IndexState index, Caller caller) {
        for (String replica : index.replicaNames()) {
            if (!caller.mayUse(replica)) {
                throw new ApiException(
                        403, "replicas cannot be changed with this API key: the index has replicas it may not access");
            }
        }
    }
}
