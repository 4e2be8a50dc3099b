package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.IndexNames;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.ReplicaLinks;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A settings change's {@code replicas}: the replicas a primary is to have from now on ({@code null} or {@code []}
 * for none). The names are checked before anything is locked, the links under the locks: a replica cannot have
 * replicas, nor be the replica of two primaries, and a primary cannot be a replica. Each index newly named is
 * linked: created when absent, with a copy of the primary's settings, or else keeping its own. The records follow
 * the link (see {@link ReplicaLinks}), as does the unlinking of the replicas no longer named.
 */
final class ReplicaSetting {

    /** What a replica never takes from its primary: its place among the indices. */
    static final List<String> PLACE = List.of("replicas", "primary");

    private final String primary;
    private final Set<String> names;

    private ReplicaSetting(String primary, Set<String> names) {
        this.primary = primary;
        this.names = names;
    }

    /**
     * {@return the change, or {@code null} when the settings sent leave {@code replicas} as it is}
     *
     * @param primary the index whose settings change
     * @param changes the settings sent
     * @throws ApiException 400 when {@code replicas} is not a list of valid index names, other than the index's own,
     *     each once
     */
    static ReplicaSetting parse(String primary, ObjectNode changes) {
        JsonNode value = changes.get("replicas");
        if (value == null) {
            return null;
        }
        Set<String> names = new LinkedHashSet<>();
        if (value.isNull()) {
            return new ReplicaSetting(primary, names);
        }
        if (!value.isArray()) {
            throw ApiException.badRequest("replicas must be an array of index names, each a name or virtual(name)");
        }
        int at = 0;
        for (JsonNode entry : value) {
            if (!entry.isString()) {
                throw ApiException.badRequest("replicas[" + at + "] must be a string: an index name or virtual(name)");
            }
            String name = ReplicaLinks.nameOf(entry.stringValue());
            String problem = IndexNames.problem(name);
            if (problem != null) {
                throw ApiException.badRequest("replicas[" + at + "] does not name a valid index: " + problem);
            }
            if (name.equals(primary)) {
                throw ApiException.badRequest(
                        "replicas[" + at + "] names the index itself: an index cannot be its " + "own replica");
            }
            if (!names.add(name)) {
                throw ApiException.badRequest("replicas[" + at + "] names an index named before it");
            }
            at++;
        }
        return new ReplicaSetting(primary, names);
    }

    /** {@return the replicas' names} */
    Set<String> names() {
        return names;
    }

    /**
     * Refuses the change when a link it asks for cannot hold; changes nothing.
     *
     * @param indices the primary and every replica named, locked
     * @throws ApiException 400 when the primary is a replica, or a replica named is a primary or another's replica
     */
    void check(Map<String, IndexState> indices) {
        String primaryOfPrimary = indices.get(primary).primaryName();
        if (!names.isEmpty() && primaryOfPrimary != null) {
            throw ApiException.badRequest(
                    "Index " + primary + " is a replica of " + primaryOfPrimary + ": a replica cannot have replicas");
        }
        for (String name : names) {
            IndexState replica = indices.get(name);
            String itsPrimary = replica.primaryName();
            if (itsPrimary != null && !itsPrimary.equals(primary)) {
                throw ApiException.badRequest("Index " + name + " is already a replica of " + itsPrimary
                        + ": an index can be the replica of one primary only");
            }
            if (!replica.replicaNames().isEmpty()) {
                throw ApiException.badRequest(
                        "Index " + name + " has replicas of its own: a primary cannot be a replica");
            }
        }
    }

    /**
     * Links each replica named that is not linked yet; call once the primary's settings hold the change.
     *
     * @param indices the primary and every replica named, locked
     */
    void link(Map<String, IndexState> indices) {
        IndexState primaryIndex = indices.get(primary);
        for (String name : names) {
            IndexState replica = indices.get(name);
            if (primary.equals(replica.primaryName())) {
                continue;
            }
            if (replica.lastTaskId() == 0) {
                // created by this write: it starts with the primary's settings
                ObjectNode settings = primaryIndex.config().settings().deepCopy();
                settings.remove(PLACE);
                replica.mergeSettings(settings);
            }
            ObjectNode place = Json.object();
            place.put("primary", primary);
            replica.mergeSettings(place);
        }
    }
}
