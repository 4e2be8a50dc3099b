package io.quarry.search.internal;

import io.quarry.core.ApiClient;
import io.quarry.core.PreparedJson;
import io.quarry.core.spi.JsonBodies;
import io.quarry.search.model.BatchOperation;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A chunk's operations with the batch body already written from them. A chunked write serialises the body when
 * it builds the chunk, before its listener hears the chunk is sent: a record that cannot be serialised (a NaN, a
 * failing getter) then stops the write as its input failing, nothing of the chunk sent, rather than failing the
 * chunk's call after the listener was told it went out. The body is serialised once either way: the call writes
 * these bytes as they are.
 */
public final class PreparedBatch extends AbstractList<BatchOperation> implements RandomAccess {

    private final List<BatchOperation> operations;
    private final PreparedJson body;

    private PreparedBatch(List<BatchOperation> operations, PreparedJson body) {
        this.operations = operations;
        this.body = body;
    }

    /**
     * Writes the batch body of some operations now.
     *
     * @param operations the chunk's operations
     * @param client     the client that sends them, whose JSON (and record mapper) writes the body
     * @return the operations, with their body
     * @throws io.quarry.core.InvalidRequestException if a record cannot be serialised
     */
    public static PreparedBatch of(List<BatchOperation> operations, ApiClient client) {
        return new PreparedBatch(operations, client.prepare(JsonBodies.object("requests", operations)));
    }

    /**
     * The body of a batch call: the one written ahead for a prepared chunk, else one written when sent.
     *
     * @param operations the operations
     * @return the body
     */
    public static Object bodyOf(List<BatchOperation> operations) {
        return operations instanceof PreparedBatch prepared ? prepared.body : JsonBodies.object("requests", operations);
    }

    @Override
    public BatchOperation get(int index) {
        return operations.get(index);
    }

    @Override
    public int size() {
        return operations.size();
    }
}
