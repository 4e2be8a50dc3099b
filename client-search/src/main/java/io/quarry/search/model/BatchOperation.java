package io.quarry.search.model;

import java.util.Objects;

/**
 * One operation of a batch; {@code indexName} is set only in multi-index batches. The body is kept as given, not
 * copied: it is the caller's record, serialised when the batch is sent (the chunked writes make one operation per
 * record, and a copy of each would double what a write holds).
 *
 * @param action    what to do
 * @param body      the record, attributes or {@code {objectID}}; null for index-wide actions
 * @param indexName the target index in a multi-index batch, else null
 */
public record BatchOperation(BatchAction action, Object body, String indexName) {

    /**
     * Validates the action.
     *
     * @param action    what to do
     * @param body      the record, attributes or {@code {objectID}}; null for index-wide actions
     * @param indexName the target index in a multi-index batch, else null
     */
    public BatchOperation {
        Objects.requireNonNull(action, "action");
    }

    /**
     * An operation on the batch's own index.
     *
     * @param action what to do
     * @param body   the record or attributes
     * @return the operation
     */
    public static BatchOperation of(BatchAction action, Object body) {
        return new BatchOperation(action, body, null);
    }

    /**
     * An operation of a multi-index batch.
     *
     * @param indexName the target index
     * @param action    what to do
     * @param body      the record or attributes
     * @return the operation
     */
    public static BatchOperation onIndex(String indexName, BatchAction action, Object body) {
        return new BatchOperation(action, body, Objects.requireNonNull(indexName, "indexName"));
    }
}
