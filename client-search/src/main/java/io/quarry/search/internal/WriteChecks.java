package io.quarry.search.internal;

import io.quarry.core.InvalidRequestException;
import io.quarry.search.model.BatchOperation;
import java.util.List;
import java.util.Objects;

/**
 * Refuses, before anything is sent, a write the service would apply to something else than asked: a batch
 * operation naming another index than the batch's (the single-index batch goes by its path and would write the
 * operation there), and a record or update that is null (sent without a body, it could empty the record).
 */
public final class WriteChecks {

    private WriteChecks() {}

    /**
     * {@return the body}
     *
     * @param body a record or a partial update
     * @param parameter the parameter it was given as, for the message
     * @throws NullPointerException when it is null, naming the parameter
     */
    public static Object requireBody(Object body, String parameter) {
        return Objects.requireNonNull(body, parameter);
    }

    /**
     * Checks the operations of one index's batch.
     *
     * @param operations the operations
     * @param indexName the index written
     * @throws InvalidRequestException when an operation names another index
     */
    public static void requireOwnIndex(List<BatchOperation> operations, String indexName) {
        for (int i = 0; i < operations.size(); i++) {
            String named = operations.get(i).indexName();
            if (named != null && !named.equals(indexName)) {
                throw new InvalidRequestException("operation " + i + " of a batch on index " + indexName
                        + " names index " + named + ": send operations on several indices with multipleBatch");
            }
        }
    }

    /**
     * Checks the operations of a multi-index batch.
     *
     * @param operations the operations
     * @throws InvalidRequestException when an operation names no index
     */
    public static void requireIndexEach(List<BatchOperation> operations) {
        for (int i = 0; i < operations.size(); i++) {
            if (operations.get(i).indexName() == null) {
                throw new InvalidRequestException("operation " + i
                        + " of a multi-index batch names no index: build it with BatchOperation.onIndex");
            }
        }
    }
}
