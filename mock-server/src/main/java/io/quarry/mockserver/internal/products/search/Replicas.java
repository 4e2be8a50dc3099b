package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.RecordOperation;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The indices a write with {@code forwardToReplicas} reaches: the index itself, then, when the parameter is true,
 * the replicas named in its {@code replicas} setting ({@code virtual(name)} names one too). The caller's key must
 * be allowed on each of them. Record writes are never forwarded: a replica holds its primary's records, and
 * refuses record writes of its own.
 */
final class Replicas {

    private Replicas() {}

    /**
     * {@return the index name, then its replicas' names when the request forwards to them}
     *
     * @param app the application
     * @param request a write on {@code {indexName}} that may carry {@code forwardToReplicas}
     */
    static Set<String> targets(Application app, Request request) {
        String name = request.path("indexName");
        Set<String> targets = new LinkedHashSet<>();
        targets.add(name);
        if (request.booleanParam("forwardToReplicas", false)) {
            IndexState primary = app.find(name);
            if (primary != null) {
                targets.addAll(primary.replicaNames());
            }
            Caller caller = request.get(Caller.class);
            targets.forEach(caller::requireIndex);
        }
        return targets;
    }

    /**
     * Applies a write to the index and, when the request forwards to them, its replicas, in one write.
     *
     * @param app the application
     * @param request a write on {@code {indexName}} that may carry {@code forwardToReplicas}
     * @param change the change each index takes
     * @return the index's task
     */
    static long write(Application app, Request request, Consumer<IndexState> change) {
        Map<String, Long> tasks = app.writeMany(targets(app, request), indices -> {
                    indices.values().forEach(change);
                    return null;
                })
                .taskIds();
        return tasks.get(request.path("indexName"));
    }

    /**
     * Refuses a record write to a replica: its records are its primary's, written through the primary; and its
     * deletion (a batch's {@code delete}) as deleting it alone is refused.
     *
     * @param index the index written (its lock is held)
     * @param operations what is written
     * @throws ApiException 400 when it is a replica
     */
    static void requireNotReplica(IndexState index, List<RecordOperation> operations) {
        if (operations.stream().anyMatch(RecordOperation.DeleteIndex.class::isInstance)) {
            requireUnlinked(index, "deleted");
        }
        String primary = index.primaryName();
        if (primary != null) {
            throw ApiException.badRequest("Index " + index.name() + " is a replica of " + primary
                    + ": its records cannot be written directly; write them to " + primary
                    + ", which passes them on");
        }
    }

    /**
     * Refuses to delete, move or overwrite a linked replica: it goes with its primary until unlinked.
     *
     * @param index the index (its lock is held)
     * @param what what would be done to it, as in {@code deleted}
     * @throws ApiException 400 when it is a linked replica
     */
    static void requireUnlinked(IndexState index, String what) {
        String primary = index.primaryName();
        if (primary != null) {
            throw ApiException.badRequest("Index " + index.name() + " is a replica of " + primary + " and cannot be "
                    + what + ": remove it from the replicas of " + primary + " first");
        }
    }
}
