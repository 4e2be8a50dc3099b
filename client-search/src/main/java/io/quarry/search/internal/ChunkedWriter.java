package io.quarry.search.internal;

import io.quarry.core.ApiClient;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.PartialWriteException;
import io.quarry.core.spi.DefaultObjectID;
import io.quarry.core.spi.Polling;
import io.quarry.core.spi.RecordLayout;
import io.quarry.search.BatchOptions;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.WriteSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.LongFunction;

/**
 * Splits many record writes, read lazily from any {@link Iterable}, into batch calls of a chunk size, keeps up to a
 * number of them in flight (see {@link ChunkPump}), tells the listener of each chunk, returns a summary and
 * optionally waits for the last task. A failed chunk, or an exception from the input, ends the write with a
 * {@link PartialWriteException}.
 */
public final class ChunkedWriter {

    private ChunkedWriter() {}

    /**
     * The operations saving one chunk's records, with client-side objectIDs if asked. A record the service would
     * refuse is refused here, before its chunk is sent, when that can be told without serialising it (see
     * {@link RecordChecks}): a typed record's objectID too when its class's layout tells it (a {@code String}
     * property of a plain bean or record, {@link RecordLayout}). Any other typed record is serialised once, by the
     * chunk's request, which refuses its objectID or a record the mapping cannot write as it writes it, before a
     * byte of it is sent (see {@link ChunkBody}).
     *
     * @param records     the chunk's records
     * @param firstRecord the position of its first record in the input
     * @param assign      whether records without objectID get a UUID
     * @param client      the client that writes them
     * @return the operations
     * @throws InvalidRequestException naming the first record refused and why
     * @throws NullPointerException naming the first record that is null
     */
    public static List<BatchOperation> saves(List<?> records, long firstRecord, boolean assign, ApiClient client) {
        CheckedOperations operations = new CheckedOperations(records.size());
        for (int i = 0; i < records.size(); i++) {
            Object record = records.get(i);
            long position = firstRecord + i;
            requireNonNull(record, position, "saved");
            refuseIf(position, "saved", RecordChecks.notAnObject(record));
            boolean watch = check(record, position, "saved", client, false);
            Object body = assign ? withObjectID(record, client) : record;
            operations.add(BatchOperation.of(BatchAction.ADD_OBJECT, body), watch);
        }
        return operations;
    }

    /**
     * Checks a record's objectID where it can be told without serialising the record: a map's, a free-form
     * record's, JSON written ahead, or a typed record's whose class's layout tells it ({@link RecordChecks}).
     *
     * @param update whether the record is a partial update, which also needs its class to carry no cumulative
     *               operation to go unwatched
     * @return whether the record is watched as its chunk's request writes it (a typed record not judged here)
     */
    private static boolean check(Object record, long position, String verb, ApiClient client, boolean update) {
        if (RecordChecks.checkedOnObject(record)) {
            refuseIf(position, verb, RecordChecks.badObjectIDOnObject(record));
            return false;
        }
        RecordLayout layout = RecordLayout.of(client, record.getClass());
        if (!layout.knowsObjectID() || update && layout.mayHoldMember(RepeatSafety.OPERATION)) {
            return true;
        }
        String id;
        try {
            id = layout.objectID(record);
        } catch (IllegalStateException e) {
            return true; // its accessor failed: its serialisation fails the same way, and reports it
        }
        refuseIf(position, verb, id == null ? null : RecordChecks.badText(id));
        return false;
    }

    /**
     * The operations deleting one chunk's records.
     *
     * @param objectIDs   the chunk's objectIDs
     * @param firstRecord the position of its first objectID in the input
     * @return the operations
     * @throws InvalidRequestException naming the first objectID refused (see {@link RecordChecks}) and why
     * @throws NullPointerException naming the first objectID that is null
     */
    public static List<BatchOperation> deletes(List<?> objectIDs, long firstRecord) {
        List<BatchOperation> operations = new ArrayList<>(objectIDs.size());
        for (int i = 0; i < objectIDs.size(); i++) {
            Object id = objectIDs.get(i);
            requireNonNull(id, firstRecord + i, "deleted");
            refuseIf(firstRecord + i, "deleted", RecordChecks.badObjectIDToDelete(id));
            operations.add(BatchOperation.of(BatchAction.DELETE_OBJECT, Map.of("objectID", id)));
        }
        return operations;
    }

    /**
     * The operations updating attributes of one chunk's records, each carrying its objectID. Each update is checked
     * as {@link #saves} checks a record; one without objectID is refused here (a typed update's objectID property is
     * read, not serialised). A typed update is watched as its chunk's request writes it unless its class's layout
     * tells its objectID and that it can carry no cumulative operation.
     *
     * @param records           the chunk's attribute sets, each with {@code objectID}
     * @param firstRecord       the position of its first update in the input
     * @param createIfNotExists whether missing records are created
     * @param client            the client that writes them
     * @return the operations
     * @throws InvalidRequestException naming the first update refused and why
     * @throws NullPointerException naming the first update that is null
     */
    public static List<BatchOperation> partialUpdates(
            List<?> records, long firstRecord, boolean createIfNotExists, ApiClient client) {
        BatchAction action =
                createIfNotExists ? BatchAction.PARTIAL_UPDATE_OBJECT : BatchAction.PARTIAL_UPDATE_OBJECT_NO_CREATE;
        CheckedOperations operations = new CheckedOperations(records.size());
        for (int i = 0; i < records.size(); i++) {
            Object record = records.get(i);
            long position = firstRecord + i;
            requireNonNull(record, position, "updated");
            refuseIf(position, "updated", RecordChecks.notAnObject(record));
            refuseIf(position, "updated", RecordChecks.missingObjectID(record));
            boolean watch = check(record, position, "updated", client, true);
            operations.add(BatchOperation.of(action, record), watch);
        }
        return operations;
    }

    /** Refuses a null as a null argument is refused, naming its position in the input. */
    private static void requireNonNull(Object record, long position, String verb) {
        if (record == null) {
            throw new NullPointerException(refusal(position, verb, null) + "it is null");
        }
    }

    /** Refuses the record at a position of the input when there is a problem with it. */
    private static void refuseIf(long position, String verb, String problem) {
        if (problem != null) {
            throw new InvalidRequestException(refusal(position, verb, null) + problem);
        }
    }

    /**
     * The start of a refusal's message.
     *
     * @param position the record's position in the input
     * @param verb     what the write does to it: saved, updated, deleted
     * @param outcome  what became of its chunk, from the comma to the colon; null for a chunk not sent
     * @return the message's start, up to the problem
     */
    static String refusal(long position, String verb, String outcome) {
        return "record " + position + " of the input cannot be " + verb
                + (outcome == null ? ", so its chunk was not sent: " : outcome);
    }

    /**
     * Sends the records chunk by chunk, blocking: with one chunk in flight every call is made on the calling
     * thread; with more, the asynchronous calls are chained and this thread waits for them. The last task is
     * waited for on the calling thread. Either way an interrupt of the calling thread gives the write up: no
     * further chunk is sent, no task waited for, and the {@link PartialWriteException}'s reason is
     * {@code ABANDONED} (the flag stays set).
     *
     * @param operation    what runs, for the failure message, e.g. {@code saveObjects on index products}
     * @param records      the records, read once as chunks are sent
     * @param toOperations the operations of one chunk's records (built only when the chunk is sent)
     * @param options      chunk size, chunks in flight, wait, listener
     * @param send         sends one batch, blocking, telling the chunk's rounds of each new round of its call
     * @param sendAsync    sends one batch without blocking, telling the chunk's rounds as {@code send} does
     * @param waitFor      waits for one task
     * @return what was written
     * @throws PartialWriteException when a chunk or the input failed
     */
    public static WriteSummary write(
            String operation,
            Iterable<?> records,
            ChunkOperations toOperations,
            BatchOptions options,
            BiFunction<List<BatchOperation>, ChunkRounds, BatchResponse> send,
            BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> sendAsync,
            LongFunction<?> waitFor) {
        boolean blocking = options.chunksInFlight() == 1;
        ChunkPump pump = start(
                operation,
                records,
                toOperations,
                options,
                blocking ? blocking(send) : sendAsync,
                blocking ? Thread.currentThread() : null);
        ChunkPump.Outcome outcome = await(pump);
        OptionalLong last = outcome.summary().lastTaskID();
        if (options.waitForTasks() && last.isPresent() && !abandoned(outcome)) {
            // an index applies its tasks in order: once the last is published, every chunk is applied
            try {
                waitFor.apply(last.getAsLong());
            } catch (RuntimeException e) {
                if (outcome.partial() == null) {
                    throw e;
                }
                outcome.partial().addSuppressed(e);
            }
        }
        if (outcome.partial() != null) {
            throw outcome.partial();
        }
        return outcome.summary();
    }

    /**
     * Sends the records chunk by chunk without blocking, keeping up to the options' chunks in flight.
     *
     * @param operation    what runs, for the failure message
     * @param records      the records, read once as chunks are sent
     * @param toOperations the operations of one chunk's records (built only when the chunk is sent)
     * @param options      chunk size, chunks in flight, wait, listener
     * @param send         sends one batch, telling the chunk's rounds of each new round of its call
     * @param waitFor      waits for one task
     * @return the future summary; it fails with a {@link PartialWriteException} when a chunk or the input
     *     failed. Cancelling it stops sending and cancels the calls in flight, or the wait for the last task.
     */
    public static CompletableFuture<WriteSummary> writeAsync(
            String operation,
            Iterable<?> records,
            ChunkOperations toOperations,
            BatchOptions options,
            BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> send,
            LongFunction<CompletableFuture<?>> waitFor) {
        ChunkPump pump = start(operation, records, toOperations, options, send, null);
        // the wait for the last task, cancelled with the caller's future: each side notes its part, then looks at the
        // other's, so whichever comes second cancels it
        AtomicReference<CompletableFuture<?>> awaiting = new AtomicReference<>();
        AtomicBoolean cancelled = new AtomicBoolean();
        CompletableFuture<WriteSummary> result = pump.result().thenCompose(outcome -> {
            CompletableFuture<?> waits = waitAfter(outcome, options, waitFor);
            awaiting.set(waits);
            if (cancelled.get()) {
                waits.cancel(true);
            }
            if (outcome.partial() == null) {
                return waits.thenApply(ignored -> outcome.summary());
            }
            return waits.handle((ignored, waitError) -> {
                if (waitError != null) {
                    outcome.partial().addSuppressed(Polling.unwrap(waitError));
                }
                throw outcome.partial();
            });
        });
        // cancelling the caller's future stops the run too, or the wait for the last task
        result.whenComplete((summary, error) -> {
            if (error instanceof CancellationException) {
                cancelled.set(true);
                pump.result().cancel(true);
                CompletableFuture<?> waits = awaiting.get();
                if (waits != null) {
                    waits.cancel(true);
                }
            }
        });
        return result;
    }

    /**
     * The wait for the last task of a run, if asked for; one that throws rather than fail its future fails the wait
     * alike, so a run that stopped still reports its chunks (the wait's error suppressed).
     */
    private static CompletableFuture<?> waitAfter(
            ChunkPump.Outcome outcome, BatchOptions options, LongFunction<CompletableFuture<?>> waitFor) {
        OptionalLong last = outcome.summary().lastTaskID();
        if (!options.waitForTasks() || last.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        try {
            return waitFor.apply(last.getAsLong());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static ChunkPump start(
            String operation,
            Iterable<?> records,
            ChunkOperations toOperations,
            BatchOptions options,
            BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> send,
            Thread caller) {
        return ChunkPump.start(
                operation,
                records,
                options.chunkSize(),
                options.chunksInFlight(),
                toOperations,
                send,
                caller,
                options.listener().orElse(null));
    }

    /** Whether the caller gave the write up (its thread was interrupted): it is not kept waiting for a task. */
    private static boolean abandoned(ChunkPump.Outcome outcome) {
        return outcome.partial() != null
                && outcome.partial().reason() == PartialWriteException.Reason.ABANDONED
                && Thread.currentThread().isInterrupted();
    }

    /** A blocking send as a completed future, so the whole run stays on the calling thread. */
    private static BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> blocking(
            BiFunction<List<BatchOperation>, ChunkRounds, BatchResponse> send) {
        return (operations, rounds) -> {
            try {
                return CompletableFuture.completedFuture(send.apply(operations, rounds));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        };
    }

    private static ChunkPump.Outcome await(ChunkPump pump) {
        try {
            return pump.result().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ChunkPump.Outcome sofar = pump.abandon();
            throw sofar.partial();
        } catch (ExecutionException e) {
            // the outcome never fails; an error here is a bug, surfaced as is
            throw new CompletionException(e.getCause());
        }
    }

    private static Object withObjectID(Object record, ApiClient client) {
        // a record surely written with its own ID is sent as it is; any other is checked while it is serialised,
        // not by converting it to a map first. A UUID is made only for a record that may need one
        return DefaultObjectID.of(client, record, () -> UUID.randomUUID().toString());
    }
}
