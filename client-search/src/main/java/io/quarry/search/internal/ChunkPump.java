package io.quarry.search.internal;

import io.quarry.core.PartialWriteException;
import io.quarry.core.spi.Polling;
import io.quarry.search.ProgressListener;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * One chunked write: takes chunks from the input lazily, keeps up to a limit of batch calls in flight, and
 * sends the next chunk whenever one is acknowledged. A chunk's operations are built only when it is sent, so
 * at most {@code limit} chunk bodies exist at once. After a failure (or a cancellation) no new chunk is sent;
 * the run ends once the calls in flight have finished. Thread-safe: calls complete on any thread.
 *
 * <p>The state is guarded by a {@link ReentrantLock} rather than a monitor: the caller's progress listener runs
 * under it, on the calling thread when chunks are sent one at a time, and a listener that blocks there would pin a
 * virtual thread to its carrier on JDK 21 to 23 (monitors pin there; these locks never do).
 */
final class ChunkPump {

    /** A chunk taken from the input; {@code response} and {@code error} are guarded by the pump's lock. */
    private static final class Chunk {
        final int index;
        final long firstRecord;
        final int size;
        BatchResponse response;
        Throwable error;

        Chunk(int index, long firstRecord, int size) {
            this.index = index;
            this.firstRecord = firstRecord;
            this.size = size;
        }
    }

    private final String operation;
    private final Iterator<?> records;
    private final long total;
    private final int chunkSize;
    private final int limit;
    private final Function<List<?>, List<BatchOperation>> toOperations;
    private final Function<List<BatchOperation>, CompletableFuture<BatchResponse>> send;
    private final ProgressListener listener;
    private final CompletableFuture<Outcome> done = new CompletableFuture<>();

    private final ReentrantLock lock = new ReentrantLock();

    // guarded by lock
    private final List<Chunk> chunks = new ArrayList<>();
    private final Map<Integer, CompletableFuture<BatchResponse>> calls = new HashMap<>();
    private long nextRecord;
    private long acknowledged;
    private int inFlight;
    private Throwable failure;
    private boolean stopped;
    private boolean pumping;
    private boolean finished;

    /**
     * What a run did: every chunk sent, in order, and the first failure, if any.
     *
     * @param responses   the acknowledgement of each chunk sent, in order; null where not acknowledged
     * @param partial     the report of a run that stopped, or null when every chunk was acknowledged
     */
    record Outcome(List<BatchResponse> responses, PartialWriteException partial) {

        /** {@return the acknowledgements, in order, without the chunks not acknowledged} */
        List<BatchResponse> acknowledged() {
            return responses.stream().filter(r -> r != null).toList();
        }
    }

    private ChunkPump(
            String operation,
            Collection<?> input,
            int chunkSize,
            int limit,
            Function<List<?>, List<BatchOperation>> toOperations,
            Function<List<BatchOperation>, CompletableFuture<BatchResponse>> send,
            ProgressListener listener) {
        this.operation = operation;
        this.records = input.iterator();
        this.total = input.size();
        this.chunkSize = chunkSize;
        this.limit = limit;
        this.toOperations = toOperations;
        this.send = send;
        this.listener = listener;
    }

    /**
     * Starts a run. With a {@code send} that completes before returning, the whole run happens on the calling
     * thread and the future is complete on return.
     *
     * @param operation    what runs, for the failure message
     * @param input        the records
     * @param chunkSize    records per chunk
     * @param limit        chunks in flight at most
     * @param toOperations the operations of one chunk's records
     * @param send         sends one batch
     * @param listener     told after each acknowledged chunk, or null
     * @return the running write
     */
    static ChunkPump start(
            String operation,
            Collection<?> input,
            int chunkSize,
            int limit,
            Function<List<?>, List<BatchOperation>> toOperations,
            Function<List<BatchOperation>, CompletableFuture<BatchResponse>> send,
            ProgressListener listener) {
        ChunkPump pump = new ChunkPump(operation, input, chunkSize, limit, toOperations, send, listener);
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
     * Sends chunks until the limit is reached or the input is used up; finishes the run when nothing is left in
     * flight. One thread pumps at a time: a call completing meanwhile (even on the pumping thread, inside
     * {@code send}) only updates the state, which the pumping thread sees on its next turn; no recursion.
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
            Chunk chunk = null;
            List<Object> slice = null;
            boolean finish = false;
            lock.lock();
            try {
                if (failure == null && !stopped && inFlight < limit && records.hasNext()) {
                    slice = new ArrayList<>(chunkSize);
                    while (slice.size() < chunkSize && records.hasNext()) {
                        slice.add(records.next());
                    }
                    chunk = new Chunk(chunks.size(), nextRecord, slice.size());
                    chunks.add(chunk);
                    nextRecord += slice.size();
                    inFlight++;
                } else {
                    pumping = false;
                    finish = inFlight == 0 && !finished;
                    finished |= finish;
                }
            } finally {
                lock.unlock();
            }
            if (chunk == null) {
                if (finish) {
                    // completed outside the lock: the caller's continuations run on this thread
                    done.complete(outcome());
                }
                return;
            }
            launch(chunk, slice);
        }
    }

    private void launch(Chunk chunk, List<Object> slice) {
        CompletableFuture<BatchResponse> call;
        try {
            call = send.apply(toOperations.apply(slice));
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        lock.lock();
        try {
            if (!call.isDone()) {
                calls.put(chunk.index, call);
            }
        } finally {
            lock.unlock();
        }
        call.whenComplete((response, error) -> {
            completed(chunk, response, error);
            pump();
        });
    }

    private void completed(Chunk chunk, BatchResponse response, Throwable error) {
        lock.lock();
        try {
            inFlight--;
            calls.remove(chunk.index);
            if (error != null) {
                chunk.error = Polling.unwrap(error);
                if (failure == null) {
                    failure = chunk.error;
                }
                return;
            }
            chunk.response = response;
            acknowledged += chunk.size;
            if (listener != null && failure == null) {
                try {
                    listener.onProgress(acknowledged, total);
                } catch (RuntimeException e) {
                    // the caller's listener failed: stop as for a failed chunk, this one stays acknowledged
                    failure = e;
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Stops sending and cancels the calls in flight (the caller cancelled or gave up waiting). */
    private void cancel() {
        List<CompletableFuture<BatchResponse>> running;
        lock.lock();
        try {
            stopped = true;
            if (failure == null) {
                failure = new CancellationException("the chunked write was cancelled");
            }
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
            List<BatchResponse> responses = new ArrayList<>(chunks.size());
            List<PartialWriteException.Chunk> report = new ArrayList<>(chunks.size());
            for (Chunk chunk : chunks) {
                responses.add(chunk.response);
                report.add(new PartialWriteException.Chunk(
                        chunk.index,
                        chunk.firstRecord,
                        chunk.size,
                        chunk.response == null ? OptionalLong.empty() : OptionalLong.of(chunk.response.taskID())));
            }
            if (failure == null) {
                return new Outcome(responses, null);
            }
            PartialWriteException partial = new PartialWriteException(operation, total, report, nextRecord, failure);
            for (Chunk chunk : chunks) {
                if (chunk.error != null && chunk.error != failure) {
                    partial.addSuppressed(chunk.error);
                }
            }
            return new Outcome(responses, partial);
        } finally {
            lock.unlock();
        }
    }
}
