package io.quarry.search.internal;

import io.quarry.core.InvalidRequestException;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import java.io.IOException;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.exc.StreamWriteException;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * The operations of one chunk of a chunked write as its batch request writes them: each record is serialised once,
 * by the request. The checks that need no serialisation (maps, free-form records, JSON written ahead, objectIDs to
 * delete, and typed records whose class's layout tells their objectID, {@link io.quarry.core.spi.RecordLayout}) are
 * made as the chunk is made ({@link ChunkedWriter}), and those records are written straight through; any other
 * typed record is written through an {@link ObjectIDWatch} that refuses an objectID the service would refuse.
 * Checking it beforehand would serialise every such record twice, for a check that almost never fires.
 *
 * <p>The transport serialises a body of up to 1 MB into a buffer before any byte of it is sent, on the thread that
 * makes the call. So the chunk's listener is told {@code sent} from here ({@link #tellSent}), once the first
 * serialisation is whole and before a byte goes out: a record refused, or one the mapping cannot write, is then found
 * before the listener hears of its chunk, and the request fails with nothing sent. A larger body is streamed: the
 * listener is told as the first serialisation reaches the buffer's size, before the body is streamed, and a record
 * after that point is refused while the body is being sent; the request is cut off before its end, which no server
 * applies. Either way the refusal is kept here ({@link #refusal()}), naming the record's position in the input.
 * With several chunks in flight a later chunk may have been sent meanwhile, and the write then reports this chunk
 * failed ({@code CHUNK_FAILED}), its cause saying it was not applied: holding later chunks until a streamed body is
 * written whole, or serialising it ahead, would report it exactly, at the cost of large chunks uploaded one at a time
 * or held in memory. Records judged as the chunk was made are never refused here.
 *
 * <p>The same serialisation notes a watched typed update's cumulative operation ({@link #cumulativeWritten()}), which
 * the request asks for once the body was serialised for a try, to decide whether to send it again: in full when
 * buffered. A streamed body cut off before its end was not applied, so what was written of it is what counts. An
 * update whose class can carry no cumulative operation is not watched.
 */
@JsonSerialize(using = ChunkBody.Writer.class)
final class ChunkBody extends AbstractList<BatchOperation> implements RandomAccess {

    private final List<BatchOperation> operations;
    /** Which operations' records were checked as the chunk was made; null: the typed ones are watched. */
    private final CheckedOperations checked;

    private final long firstRecord;
    /** Tells the listener the chunk is sent; null without a listener. */
    private final Runnable sent;

    private final AtomicBoolean told = new AtomicBoolean();
    private volatile boolean written;
    private volatile InvalidRequestException refusal;
    private volatile Throwable listenerFailure;
    /** Whether a serialisation wrote an operation that adds up when applied twice; never reset. */
    private volatile boolean cumulativeWritten;

    ChunkBody(List<BatchOperation> operations, long firstRecord, Runnable sent) {
        this.operations = operations;
        this.checked = operations instanceof CheckedOperations made ? made : null;
        this.firstRecord = firstRecord;
        this.sent = sent;
    }

    @Override
    public BatchOperation get(int index) {
        return operations.get(index);
    }

    @Override
    public int size() {
        return operations.size();
    }

    /** {@return the operations as made, for the listener and the report} */
    List<BatchOperation> operations() {
        return operations;
    }

    /**
     * Tells the listener the chunk is sent, once, whichever comes first: the body's first serialisation, or the
     * chunked writer once the call is made (a request failed before its body was written).
     *
     * @return false when the listener threw ({@link #listenerFailure()})
     */
    boolean tellSent() {
        if (told.compareAndSet(false, true) && sent != null) {
            try {
                sent.run();
            } catch (RuntimeException | Error e) {
                listenerFailure = e;
                return false;
            }
        }
        return listenerFailure == null;
    }

    /** {@return whether the listener was told the chunk is sent} */
    boolean told() {
        return told.get();
    }

    /** {@return the record refused as the body was written, naming its position; or null} */
    InvalidRequestException refusal() {
        return refusal;
    }

    /**
     * {@return whether the body, as written so far, applies an Increment, Decrement or Add: sending it again after it
     *     may have reached the service could apply that twice}
     */
    boolean cumulativeWritten() {
        return cumulativeWritten;
    }

    /**
     * {@return whether the operation's record is written through the watch: a typed record that was not judged as
     *     the chunk was made}
     *
     * @param index the operation's index
     */
    boolean watched(int index) {
        return checked != null
                ? checked.watched(index)
                : !RecordChecks.checkedOnObject(operations.get(index).body());
    }

    /** {@return whether a typed update is written through the watch: only then can it note a cumulative operation} */
    boolean watchesUpdates() {
        for (int i = 0; i < operations.size(); i++) {
            BatchOperation operation = operations.get(i);
            if (RepeatSafety.isUpdate(operation.action()) && RepeatSafety.isTyped(operation.body()) && watched(i)) {
                return true;
            }
        }
        return false;
    }

    /** {@return what the listener threw when told the chunk is sent, or null} */
    Throwable listenerFailure() {
        return listenerFailure;
    }

    private void refuse(int index, String problem, Throwable cause) {
        if (refusal == null) {
            BatchAction action = operations.get(index).action();
            String verb = action == BatchAction.ADD_OBJECT
                    ? "saved"
                    : action == BatchAction.DELETE_OBJECT ? "deleted" : "updated";
            String outcome = told() ? ", so its chunk was cut off before its end and not applied: " : null;
            refusal = new InvalidRequestException(
                    ChunkedWriter.refusal(firstRecord + index, verb, outcome) + problem, cause);
        }
    }

    /**
     * Notes a record the mapping cannot write (an accessor that throws, a number that is not finite), naming where in
     * the record it failed, as a record refused by the client's own serialisation is named.
     *
     * @param index the operation's index in the chunk
     * @param e     the failure
     */
    void refuseUnwritable(int index, RuntimeException e) {
        refuse(index, "value cannot be serialised as JSON" + RecordFailures.problem(e), e);
    }

    /** Writes the operations as the batch's {@code requests} array, watching each one's objectID. */
    static final class Writer extends ValueSerializer<ChunkBody> {

        @Override
        public void serialize(ChunkBody body, JsonGenerator gen, SerializationContext ctxt) {
            boolean first = !body.written;
            body.written = true;
            if (body.listenerFailure != null) {
                // the listener threw as the first serialisation reached the buffer's size: nothing more is sent
                throw new StreamWriteException(gen, "the chunk's listener failed as it was told the chunk is sent");
            }
            ObjectIDWatch watch = new ObjectIDWatch(gen);
            try {
                write(body, gen, ctxt, watch, first);
            } finally {
                // noted as soon as written, even when the write stops: the part sent is what may be applied
                if (watch.cumulative()) {
                    body.cumulativeWritten = true;
                }
            }
        }

        private static void write(
                ChunkBody body, JsonGenerator gen, SerializationContext ctxt, ObjectIDWatch watch, boolean first) {
            gen.writeStartArray(body, body.size());
            // looked up once: every element is an operation
            ValueSerializer<Object> operations = ctxt.findTypedValueSerializer(BatchOperation.class, true);
            for (int i = 0; i < body.size(); i++) {
                BatchOperation operation = body.get(i);
                // maps, free-form records, JSON written ahead and typed records whose class's layout told what is
                // checked were judged as the chunk was made: no watch
                JsonGenerator target = body.watched(i) ? watch : gen;
                watch.nextOperation();
                try {
                    operations.serialize(operation, target, ctxt);
                } catch (RuntimeException e) {
                    if (watch.problem() != null) {
                        body.refuse(i, watch.problem(), null);
                    } else if (!isIoFailure(e)) {
                        body.refuseUnwritable(i, e);
                    } else if (first) {
                        // the buffer's size was reached: the body is streamed next, so the listener hears it now
                        body.tellSent();
                    }
                    throw e;
                }
            }
            gen.writeEndArray();
            if (first && !body.tellSent()) {
                throw new StreamWriteException(gen, "the chunk's listener failed as it was told the chunk is sent");
            }
        }

        private static boolean isIoFailure(RuntimeException e) {
            return e instanceof JacksonIOException || e.getCause() instanceof IOException;
        }
    }
}
