package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.internal.index.AttributePathBudget;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Plays a batch's operations on an index without writing it, so that what only applying could refuse is refused
 * before anything of the batch applies: a partial update whose record, as the batch's earlier operations leave it,
 * comes out over the bounds of a record's attribute paths. Otherwise a batch refused midway kept its first indices
 * written, and a deletion it had applied (with the unlinking of the deleted primary's replicas) stood half done.
 */
public final class BatchDryRun {

    private BatchDryRun() {}

    /**
     * @param index the index the operations write (its lock is held)
     * @param operations its operations, in order
     * @throws io.quarry.mockserver.engine.EngineException 400 when one would be refused as it applies
     */
    public static void check(IndexState index, List<RecordOperation> operations) {
        if (operations.stream().noneMatch(RecordOperation.Partial.class::isInstance)) {
            return; // whole records are checked as they are parsed
        }
        // the records the operations so far have written; null for one they removed
        Map<String, ObjectNode> written = new HashMap<>();
        boolean cleared = false;
        for (RecordOperation operation : operations) {
            if (operation instanceof RecordOperation.Put put) {
                written.put(put.record().get("objectID").stringValue(), put.record());
            } else if (operation instanceof RecordOperation.Delete delete) {
                written.put(delete.objectID(), null);
            } else if (operation instanceof RecordOperation.Partial partial) {
                String id = partial.objectID();
                ObjectNode current = written.containsKey(id) || cleared
                        ? written.get(id)
                        : index.data().get(id);
                ObjectNode updated = partial.update().apply(current, id, partial.createIfNotExists());
                if (updated != null) {
                    AttributePathBudget.check(updated);
                    written.put(id, updated);
                }
            } else {
                // clear, delete: nothing of the index is left for later operations
                written.clear();
                cleared = true;
            }
        }
    }
}
