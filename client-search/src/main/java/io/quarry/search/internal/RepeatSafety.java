package io.quarry.search.internal;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.PreparedJson;
import io.quarry.core.spi.ObjectIDs;
import io.quarry.search.model.AttributeOperation;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;

/**
 * Decides whether a write may be delivered twice without changing the outcome: a record added without an
 * objectID would be stored twice, and an {@code Increment}, {@code Decrement} or {@code Add} applied twice. Such
 * writes are marked so the core never resends them once they may have reached the service.
 */
public final class RepeatSafety {

    /** Built-in operations whose second application changes the record again. */
    private static final Set<String> CUMULATIVE_OPERATIONS = Set.of("Increment", "Decrement", "Add");

    private RepeatSafety() {}

    /**
     * Whether adding this record lets the service pick its ID.
     *
     * @param record the record
     * @return true if it has no objectID
     */
    public static boolean lacksObjectID(Object record) {
        if (record instanceof FreeFormRecord free) {
            return !free.has(FreeFormRecord.OBJECT_ID);
        }
        if (record instanceof Map<?, ?> map) {
            return map.get(FreeFormRecord.OBJECT_ID) == null;
        }
        return !ObjectIDs.present(record);
    }

    /**
     * {@link #isCumulative(Object)} for an operation of a chunked write's chunk: a typed update the mapping cannot
     * convert is noted as the chunk's refused record, naming its position, before the failure goes on.
     */
    private static boolean isCumulative(Object attributes, List<BatchOperation> operations, int index) {
        try {
            return isCumulative(attributes);
        } catch (RuntimeException e) {
            if (operations instanceof ChunkBody chunk) {
                chunk.refuseUnwritable(index, e.getCause() instanceof JacksonException jackson ? jackson : e);
            }
            throw e;
        }
    }

    /**
     * Whether a partial update holds an operation that adds up when applied twice.
     *
     * @param attributes the attributes of the update
     * @return true for Increment, Decrement or Add at the first level
     */
    public static boolean isCumulative(Object attributes) {
        Map<?, ?> map;
        if (attributes instanceof PreparedJson) {
            // already serialised (an ingester's chunk sent again by the caller): not looked into, so not repeated
            return true;
        }
        if (attributes instanceof Map<?, ?> m) {
            map = m;
        } else if (attributes instanceof FreeFormRecord free) {
            map = free.attributes();
        } else if (attributes == null) {
            return false;
        } else {
            map = FreeFormRecord.from(attributes).attributes();
        }
        for (Object value : map.values()) {
            if (value instanceof AttributeOperation op && CUMULATIVE_OPERATIONS.contains(op.operation())) {
                return true;
            }
            if (value instanceof Map<?, ?> nested
                    && nested.get("_operation") instanceof String name
                    && CUMULATIVE_OPERATIONS.contains(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a batch holds an operation that must not be applied twice.
     *
     * @param operations the operations
     * @return true if one adds a record without objectID or updates cumulatively
     */
    public static boolean hasUnrepeatable(List<BatchOperation> operations) {
        for (int i = 0; i < operations.size(); i++) {
            BatchOperation op = operations.get(i);
            BatchAction action = op.action();
            if (action == BatchAction.ADD_OBJECT && lacksObjectID(op.body())) {
                return true;
            }
            if ((action == BatchAction.PARTIAL_UPDATE_OBJECT || action == BatchAction.PARTIAL_UPDATE_OBJECT_NO_CREATE)
                    && isCumulative(op.body(), operations, i)) {
                return true;
            }
        }
        return false;
    }
}
