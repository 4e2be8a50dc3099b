package io.quarry.search.internal;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.PreparedJson;
import io.quarry.core.spi.ObjectIDs;
import io.quarry.core.spi.RecordLayout;
import io.quarry.search.model.AttributeOperation;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides whether a write may be delivered twice without changing the outcome: a record added without an
 * objectID would be stored twice, and an {@code Increment}, {@code Decrement} or {@code Add} applied twice. Such
 * writes are marked so the core never resends them once they may have reached the service.
 */
public final class RepeatSafety {

    /** Built-in operations whose second application changes the record again. */
    private static final Set<String> CUMULATIVE_OPERATIONS = Set.of("Increment", "Decrement", "Add");

    /** The member naming an attribute's operation, one level inside an update. */
    static final String OPERATION = "_operation";

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
     * Whether an operation's name is one that adds up when applied twice.
     *
     * @param name the {@code _operation} member's text
     * @return true for Increment, Decrement or Add
     */
    static boolean isCumulativeOperation(String name) {
        return CUMULATIVE_OPERATIONS.contains(name);
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
            if (value instanceof AttributeOperation op && isCumulativeOperation(op.operation())) {
                return true;
            }
            if (value instanceof Map<?, ?> nested
                    && nested.get("_operation") instanceof String name
                    && isCumulativeOperation(name)) {
                return true;
            }
            // a typed record converts its nested objects to free-form records, not maps
            if (value instanceof FreeFormRecord nested
                    && nested.get("_operation") instanceof String name
                    && isCumulativeOperation(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a typed update's class may carry a cumulative operation, that is may write an object holding an
     * {@code _operation} member one level in ({@link RecordLayout#mayHoldMember}); found once per class.
     *
     * @param attributes the update, typed (not a map, a free-form record or JSON written ahead)
     * @param client     the client that writes it
     * @return false when its class surely cannot
     */
    static boolean mayCarryOperation(Object attributes, ApiClient client) {
        return RecordLayout.of(client, attributes.getClass()).mayHoldMember(OPERATION);
    }

    /**
     * Gives a single partial update's request its body, marked as the update needs: a typed update whose class may
     * carry a cumulative operation is serialised once, by the request, watched for one
     * ({@link ApiRequest#notSafeToRepeatIf}); one whose class cannot is sent as it is, and other updates are looked at
     * directly. None is converted to find out.
     *
     * @param request    the request
     * @param attributes the update, not null
     * @param client     the client that writes it
     * @return the request, with its body, marked as the update needs
     */
    public static ApiRequest withUpdateBody(ApiRequest request, Object attributes, ApiClient client) {
        if (isTyped(attributes)) {
            if (!mayCarryOperation(attributes, client)) {
                return request.body(attributes);
            }
            WatchedRecord watched = new WatchedRecord(attributes, false);
            return request.body(watched).notSafeToRepeatIf(watched::cumulative);
        }
        request.body(attributes);
        return isCumulative(attributes) ? request.notSafeToRepeat() : request;
    }

    /**
     * Whether a batch holds an operation that must not be applied twice.
     *
     * @param operations the operations
     * @param client     the client that writes them: a typed update whose class can carry no cumulative operation
     *                   is not converted to find out
     * @return true if one adds a record without objectID or updates cumulatively
     */
    public static boolean hasUnrepeatable(List<BatchOperation> operations, ApiClient client) {
        return unrepeatable(operations, false, client);
    }

    /**
     * Marks a batch request that must not be applied twice. The typed updates of a chunked write's chunk are not
     * converted to find out: one whose class can carry no cumulative operation was told so by its layout as the chunk
     * was made, and the body notes one in the others as the request serialises it, once
     * ({@link ChunkBody#cumulativeWritten()}); the request asks that once the body was serialised for a try.
     * Other operations are looked at here (a typed update of a batch of the caller's own is converted).
     *
     * @param request    the batch request
     * @param operations its operations
     * @param client     the client that writes them
     * @return the request, marked as its operations need
     */
    public static ApiRequest marked(ApiRequest request, List<BatchOperation> operations, ApiClient client) {
        if (unrepeatable(operations, operations instanceof ChunkBody, client)) {
            return request.notSafeToRepeat();
        }
        if (operations instanceof ChunkBody chunk && chunk.watchesUpdates()) {
            return request.notSafeToRepeatIf(chunk::cumulativeWritten);
        }
        return request;
    }

    private static boolean unrepeatable(List<BatchOperation> operations, boolean skipTypedUpdates, ApiClient client) {
        for (BatchOperation op : operations) {
            BatchAction action = op.action();
            if (action == BatchAction.ADD_OBJECT && lacksObjectID(op.body())) {
                return true;
            }
            if (isUpdate(action) && mayBeCumulative(op.body(), skipTypedUpdates, client) && isCumulative(op.body())) {
                return true;
            }
        }
        return false;
    }

    /** Whether an update must be looked into: a typed one only outside a chunk, and when its class may carry one. */
    private static boolean mayBeCumulative(Object attributes, boolean skipTypedUpdates, ApiClient client) {
        if (!isTyped(attributes)) {
            return true;
        }
        return !skipTypedUpdates && mayCarryOperation(attributes, client);
    }

    static boolean isUpdate(BatchAction action) {
        return action == BatchAction.PARTIAL_UPDATE_OBJECT || action == BatchAction.PARTIAL_UPDATE_OBJECT_NO_CREATE;
    }

    /** Whether finding a cumulative operation in these attributes would take converting them (a typed record). */
    static boolean isTyped(Object attributes) {
        return attributes != null
                && !(attributes instanceof Map<?, ?>)
                && !(attributes instanceof FreeFormRecord)
                && !(attributes instanceof PreparedJson);
    }
}
