package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.RecordOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The indices a write with {@code forwardToReplicas} reaches: the index itself, then, when the parameter is true,
 * the replicas linked to it when the write applies ({@code virtual(name)} names one too). The caller's key must be
 * allowed on each of them. Record writes are never forwarded: a replica holds its primary's records, and refuses
 * record writes of its own.
 */
final class Replicas {

    private Replicas() {}

    /**
     * {@return the index, then its linked replicas when the request forwards to them} Called within the write, which
     * holds the replicas' locks (a write locks the indices linked to those it names), so that they are the replicas
     * of the index as the write applies, not as the request came: read before the locks, a replica unlinked and
     * deleted meanwhile was created again by the write, and one linked meanwhile missed the change.
     *
     * @param app the application
     * @param request a write on {@code {indexName}} that may carry {@code forwardToReplicas}
     * @param index the index, its lock held
     * @throws ApiException 403 when the caller's key may not use one of the replicas
     */
    static List<IndexState> targets(Application app, Request request, IndexState index) {
        List<IndexState> targets = new ArrayList<>();
        targets.add(index);
        if (request.booleanParam("forwardToReplicas", false)) {
            for (String name : index.replicaNames()) {
                IndexState replica = app.find(name);
                if (replica != null && index.name().equals(replica.primaryName())) {
                    request.get(Caller.class).requireIndex(name);
                    targets.add(replica);
                }
            }
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
        return app.write(request.path("indexName"), index -> {
                    targets(app, request, index).forEach(change);
                    return null;
                })
                .taskId();
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
