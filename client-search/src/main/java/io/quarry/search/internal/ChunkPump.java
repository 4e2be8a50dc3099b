package io.quarry.search.internal;

import io.quarry.core.PartialWriteException;
import io.quarry.core.spi.Polling;
import io.quarry.search.ChunkListener;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.WriteSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One chunked write: reads chunks from the input lazily, keeps up to a limit of batch calls in flight, and
 * sends the next chunk whenever one is acknowledged. The input is read only when a chunk can be sent, and a
 * chunk's operations are built only then, so at most {@code limit + 1} chunks of records exist at once (those
 * in flight and the one being read), whatever the size of the input. Besides those, a run keeps one task ID per
 * chunk. After a failure (a chunk's, the input's, or a cancellation) no new chunk is sent; the run ends once the
 * calls in flight have finished. Thread-safe: calls complete on any thread; one thread reads the input at a time.
 */
final class ChunkPump {

    /** A chunk sent: its operations are kept until it ends, for the listener should it fail. */
    private record Chunk(int index, long firstRecord, List<BatchOperation> operations, ChunkRounds rounds) {}

    /** A value of {@link #taskIDs} for a chunk not acknowledged. */
    private static final long NOT_ACKNOWLEDGED = -1;

    private final String operation;
    private final Iterator<?> records;
    /** The input's size when it is a collection, else -1 until it is read to its end. */
    private long total;

    private final int chunkSize;
    private final int limit;
    private final Function<List<?>, List<BatchOperation>> toOperations;
    private final BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> send;
    /**
     * The caller's thread when every call is made on it (a blocking write, one chunk in flight), else null: an
     * interrupt of that thread gives the write up, as an interrupt of a thread waiting for calls in flight does.
     */
    private final Thread caller;

    private final CompletableFuture<Outcome> done = new CompletableFuture<>();
    /**
     * Guards the state below. A lock rather than a monitor: the caller's listener runs under it, and a listener that
     * blocks there would pin a virtual thread to its carrier on JDK 21 to 23 (monitors pin there; these locks never do).
     */
    private final ReentrantLock lock = new ReentrantLock();

    // guarded by lock
    private final ChunkEvents events;
    private final Map<Integer, CompletableFuture<BatchResponse>> calls = new HashMap<>();
    private final List<Throwable> otherErrors = new ArrayList<>();
    /** The task ID of each chunk sent, or {@link #NOT_ACKNOWLEDGED}. */
    private long[] taskIDs = new long[16];

    private int chunkCount;
    private long nextRecord;
    private int inFlight;
    private Throwable failure;
    private PartialWriteException.Reason reason;
    private boolean exhausted;
    private boolean pumping;
    private boolean finished;

    /**
     * What a run did: a summary, or the report of a run that stopped.
     *
     * @param summary what was acknowledged (also when the run stopped)
     * @param partial the report of a run that stopped, or null when every chunk was acknowledged
     */
    record Outcome(WriteSummary summary, PartialWriteException partial) {}

    private ChunkPump(
            String operation,
            Iterable<?> input,
            int chunkSize,
            int limit,
            Function<List<?>, List<BatchOperation>> toOperations,
            BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> send,
            Thread caller,
            ChunkListener listener) {
        this.operation = operation;
        this.total = input instanceof Collection<?> collection ? collection.size() : -1;
        this.records = input.iterator();
        this.chunkSize = chunkSize;
        this.limit = limit;
        this.toOperations = toOperations;
        this.send = send;
        this.caller = caller;
        this.events = new ChunkEvents(listener);
    }

    /**
     * Starts a run. With a {@code send} that completes before returning, the whole run happens on the calling
     * thread and the future is complete on return.
     *
     * @param operation    what runs, for the failure message
     * @param input        the records, read once ({@code iterator()} is called once, here)
     * @param chunkSize    records per chunk
     * @param limit        chunks in flight at most
     * @param toOperations the operations of one chunk's records
     * @param send         sends one batch
     * @param caller       the thread {@code send} blocks, whose interrupt gives the write up; null when it never
     *                     blocks
     * @param listener     told of each chunk, or null
     * @return the running write
     */
    static ChunkPump start(
            String operation,
            Iterable<?> input,
            int chunkSize,
            int limit,
            Function<List<?>, List<BatchOperation>> toOperations,
            BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> send,
            Thread caller,
            ChunkListener listener) {
        ChunkPump pump = new ChunkPump(operation, input, chunkSize, limit, toOperations, send, caller, listener);
        pump.done.whenComplete((outcome, error) -> {
            if (error != null) {
                pump.cancel();
            }
        });
        pump.pump();
        return pump;
    }

    /**
     * {@return the future outcome; it never fails, except with a {@link CancellationException} when cancelled
     *     (which stops sending and cancels the calls in flight)}
     */
    CompletableFuture<Outcome> result() {
        return done;
    }

    /**
     * Gives up: stops sending, cancels the calls in flight.
     *
     * @return the outcome so far (chunks in flight count as not acknowledged)
     */
    Outcome abandon() {
        cancel();
        return outcome();
    }

    /**
     * Sends chunks until the limit is reached, the input is used up or the run stopped; finishes the run when
     * nothing is left in flight. One thread pumps at a time, and it reads the input outside the lock, so calls
     * completing meanwhile (even on the pumping thread, inside {@code send}) only update the state, which the
     * pumping thread sees on its next turn; no recursion.
     */
    private void pump() {
        lock.lock();
        try {
            if (pumping) {
                return;
            }
            pumping = true;
        } finally {
            lock.unlock();
        }
        while (true) {
            boolean finish = false;
            boolean go;
            lock.lock();
            try {
                if (callerInterrupted()) {
                    stop(interruption(), PartialWriteException.Reason.ABANDONED);
                }
                go = failure == null && inFlight < limit && !exhausted;
                if (!go) {
                    pumping = false;
                    finish = inFlight == 0 && !finished;
                    finished |= finish;
                }
            } finally {
                lock.unlock();
            }
            if (finish) {
                // completed outside the lock: the caller's continuations run on this thread
                done.complete(outcome());
            }
            if (!go) {
                return;
            }
            List<Object> slice = new ArrayList<>(chunkSize);
            RuntimeException sourceError = null;
            try {
                while (slice.size() < chunkSize && records.hasNext()) {
                    slice.add(records.next());
                }
            } catch (RuntimeException e) {
                sourceError = e;
            }
            Chunk chunk = admit(slice, sourceError);
            if (chunk != null) {
                launch(chunk, slice);
            }
        }
    }

    /** Takes a chunk just read into the run, or notes why there is none; null when nothing is to be sent. */
    private Chunk admit(List<Object> slice, RuntimeException sourceError) {
        lock.lock();
        try {
            if (sourceError != null) {
                // the records read from this chunk are not sent: the caller can resume from firstUnsentRecord
                stop(sourceError, PartialWriteException.Reason.SOURCE_FAILED);
                return null;
            }
            if (slice.size() < chunkSize) {
                exhausted = true;
                total = nextRecord + slice.size();
            }
            if (slice.isEmpty() || failure != null) {
                return null; // nothing left, or the run stopped while the chunk was read: it is not sent
            }
            int index = chunkCount++;
            if (index == taskIDs.length) {
                taskIDs = Arrays.copyOf(taskIDs, taskIDs.length * 2);
            }
            taskIDs[index] = NOT_ACKNOWLEDGED;
            long firstRecord = nextRecord;
            nextRecord += slice.size();
            inFlight++;
            try {
                events.sent(index, firstRecord, slice.size());
            } catch (RuntimeException e) {
                // the caller's listener failed: stop as if cancelled, before this chunk is sent, so it is none of
                // the chunks sent and its records are the first never sent
                stop(e, PartialWriteException.Reason.ABANDONED);
                chunkCount--;
                nextRecord = firstRecord;
                inFlight--;
                return null;
            }
            return new Chunk(index, firstRecord, null, null);
        } finally {
            lock.unlock();
        }
    }

    private void launch(Chunk chunk, List<Object> slice) {
        CompletableFuture<BatchResponse> call;
        List<BatchOperation> operations = List.of();
        ChunkRounds rounds = new ChunkRounds();
        try {
            operations = toOperations.apply(slice);
            call = send.apply(operations, rounds);
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        Chunk sent = new Chunk(chunk.index(), chunk.firstRecord(), operations, rounds);
        int size = slice.size();
        lock.lock();
        try {
            if (!call.isDone()) {
                calls.put(chunk.index(), call);
            }
        } finally {
            lock.unlock();
        }
        call.whenComplete((response, error) -> {
            completed(sent, size, response, error);
            pump();
        });
    }

    private void completed(Chunk chunk, int size, BatchResponse response, Throwable error) {
        lock.lock();
        try {
            inFlight--;
            calls.remove(chunk.index());
            if (error != null) {
                Throwable cause = Polling.unwrap(error);
                if (failure == null && callerInterrupted()) {
                    // the interrupt ended the call (its wait between rounds, or its exchange): the caller gave up
                    stop(interruption(), PartialWriteException.Reason.ABANDONED);
                    otherErrors.add(cause);
                } else if (failure == null) {
                    stop(cause, PartialWriteException.Reason.CHUNK_FAILED);
                } else if (cause != failure) {
                    otherErrors.add(cause);
                }
                try {
                    events.failed(
                            chunk.index(),
                            chunk.firstRecord(),
                            size,
                            chunk.operations(),
                            cause,
                            chunk.rounds().rounds());
                } catch (RuntimeException e) {
                    otherErrors.add(e);
                }
                return;
            }
            taskIDs[chunk.index()] = response.taskID();
            try {
                events.acknowledged(
                        chunk.index(),
                        chunk.firstRecord(),
                        size,
                        response,
                        chunk.rounds().rounds());
            } catch (RuntimeException e) {
                // the caller's listener failed: stop as if cancelled, this chunk stays acknowledged
                stop(e, PartialWriteException.Reason.ABANDONED);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Notes the first reason to stop; a later one is kept as a suppressed error. */
    private void stop(Throwable cause, PartialWriteException.Reason why) {
        if (failure == null) {
            failure = cause;
            reason = why;
        } else if (cause != failure) {
            otherErrors.add(cause);
        }
    }

    /** Whether this is the caller's blocked thread and it was interrupted (the flag stays set). */
    private boolean callerInterrupted() {
        return caller != null && Thread.currentThread() == caller && caller.isInterrupted();
    }

    private static CancellationException interruption() {
        return new CancellationException("the thread writing was interrupted");
    }

    /** Stops sending and cancels the calls in flight (the caller cancelled or gave up waiting). */
    private void cancel() {
        List<CompletableFuture<BatchResponse>> running;
        lock.lock();
        try {
            stop(new CancellationException("the chunked write was cancelled"), PartialWriteException.Reason.ABANDONED);
            running = List.copyOf(calls.values());
        } finally {
            lock.unlock();
        }
        running.forEach(call -> call.cancel(true));
    }

    /** The outcome so far: chunks still in flight count as not acknowledged. */
    private Outcome outcome() {
        lock.lock();
        try {
            WriteSummary summary =
                    new WriteSummary(events.recordsAcknowledged(), events.chunksAcknowledged(), events.lastTaskID());
            if (failure == null) {
                return new Outcome(summary, null);
            }
            List<PartialWriteException.Chunk> report = new ArrayList<>(chunkCount);
            for (int i = 0; i < chunkCount; i++) {
                long first = (long) i * chunkSize;
                long id = taskIDs[i];
                report.add(new PartialWriteException.Chunk(
                        i,
                        first,
                        (int) Math.min(chunkSize, nextRecord - first),
                        id == NOT_ACKNOWLEDGED ? OptionalLong.empty() : OptionalLong.of(id)));
            }
            PartialWriteException partial = new PartialWriteException(
                    operation,
                    reason,
                    total < 0 ? OptionalLong.empty() : OptionalLong.of(total),
                    report,
                    nextRecord,
                    failure);
            otherErrors.forEach(partial::addSuppressed);
            return new Outcome(summary, partial);
        } finally {
            lock.unlock();
        }
    }
}
