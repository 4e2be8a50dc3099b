package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.engine.internal.text.Utf16;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.PartialUpdate;
import io.quarry.mockserver.internal.state.RecordOperation;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Parses the {@code requests} of a batch into validated operations, all before anything is applied, so an invalid
 * item refuses the whole batch.
 */
final class BatchRequests {

    /**
     * One parsed batch item.
     *
     * @param indexName the index it targets
     * @param operation the write
     */
    record Item(String indexName, RecordOperation operation) {}

    private BatchRequests() {}

    /**
     * {@return the items in order}
     *
     * @param body the batch body
     * @param indexName the index of a single-index batch, or {@code null} for the multi-index form (each item
     *     carries {@code indexName})
     * @param app the application, for service-assigned objectIDs
     * @throws ApiException 400 for a malformed batch
     */
    static List<Item> parse(ObjectNode body, String indexName, Application app) {
        JsonNode requests = body.get("requests");
        if (requests == null || !requests.isArray()) {
            throw ApiException.badRequest("Missing requests: expected an array");
        }
        List<Item> items = new ArrayList<>();
        for (JsonNode request : requests) {
            if (!request.isObject()) {
                throw ApiException.badRequest("Each request of a batch must be a JSON object");
            }
            String target = indexName != null ? indexName : Replies.requiredString(request, "indexName");
            items.add(new Item(target, operation(request, app)));
        }
        return items;
    }

    private static RecordOperation operation(JsonNode request, Application app) {
        String action = Replies.requiredString(request, "action");
        JsonNode rawBody = request.get("body");
        ObjectNode body = rawBody != null && rawBody.isObject() ? (ObjectNode) rawBody : null;
        if (body == null && !action.equals("clear") && !action.equals("delete")) {
            throw ApiException.badRequest("The " + action + " action needs an object body");
        }
        return switch (action) {
            case "addObject" -> {
                ObjectNode record = body.deepCopy();
                if (!hasObjectId(record)) {
                    record.put("objectID", app.newObjectId());
                }
                yield new RecordOperation.Put(record);
            }
            case "updateObject" -> {
                requireObjectId(body, action);
                yield new RecordOperation.Put(body.deepCopy());
            }
            case "partialUpdateObject" ->
                new RecordOperation.Partial(requireObjectId(body, action), PartialUpdate.parse(body), true);
            case "partialUpdateObjectNoCreate" ->
                new RecordOperation.Partial(requireObjectId(body, action), PartialUpdate.parse(body), false);
            case "deleteObject" -> new RecordOperation.Delete(requireObjectId(body, action));
            case "clear" -> new RecordOperation.Clear();
            case "delete" -> new RecordOperation.DeleteIndex();
            default ->
                throw ApiException.badRequest(
                        "Invalid action: " + action + " (expected addObject, "
                                + "updateObject, partialUpdateObject, partialUpdateObjectNoCreate, deleteObject, delete, clear)");
        };
    }

    /**
     * {@return whether it names a record by a non-empty string objectID}
     *
     * @param body a record or batch body
     * @throws ApiException 400 when {@code objectID} is present but not a non-empty string with a UTF-8 form
     */
    static boolean hasObjectId(ObjectNode body) {
        JsonNode id = body.get("objectID");
        if (id == null || id.isNull()) {
            return false;
        }
        if (!id.isString() || id.stringValue().isEmpty()) {
            throw ApiException.badRequest("objectID must be a non-empty string");
        }
        if (Utf16.hasUnpairedSurrogate(id.stringValue())) {
            // no URL could name the record to read, update or delete it
            throw ApiException.badRequest("objectID must not contain an unpaired surrogate (it has no UTF-8 form)");
        }
        return true;
    }

    private static String requireObjectId(ObjectNode body, String action) {
        if (!hasObjectId(body)) {
            throw ApiException.badRequest("The " + action + " action needs a non-empty string objectID");
        }
        return body.get("objectID").stringValue();
    }
}
