package io.quarry.search.internal;

import io.quarry.core.PartialWriteException;
import io.quarry.core.spi.Polling;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkFailed;
import io.quarry.search.ChunkListener;
import io.quarry.search.ChunkSent;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.WriteSummary;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;

/**
 * One chunked write: reads chunks from the input lazily, keeps up to a limit of batch calls in flight, and
 * sends the next chunk whenever one is acknowledged. The input is read only when a chunk can be sent, and a
 * chunk's operations are built only then, so at most {@code limit + 1} chunks of records exist at once (those
 * in flight and the one being read), whatever the size of the input. With a listener, a chunk counts as in flight
 * until the listener was told of its end, so the bound holds as the listener counts too: the input is not read
 * further while acknowledgements wait their turn to be told. Besides those, a run keeps one task ID per
 * chunk. After a failure (a chunk's, the input's, or a cancellation) no new chunk is sent; the run ends once the
 * calls in flight have finished. Thread-safe: calls complete on any thread; one thread reads the input at a time.
 *
 * <p>The listener is never called under the lock, so a listener that blocks holds up neither {@link #cancel()} nor
 * the calls completing meanwhile. What it is to be told is decided under the lock and queued there, in the order
 * things happen ({@link #toTell}); each thread then makes the calls it queued, in their turn, outside the lock. A
 * chunk's sending is queued too, after its {@code sent}, so a chunk is sent only once its listener was told (and did
 * not throw), and the run's outcome is queued last, so the write completes only once the listener was told of every
 * chunk. Two threads never wait for their turn behind another thread's call: the one starting the run (the caller of
 * an asynchronous write must get its future back) and the one cancelling it; they leave their calls to the thread
 * telling. The one cancelling never calls the listener at all, so that {@code cancel()} returns whatever the listener
 * does; calls left when no thread is telling are told by a thread of the run's own ({@link #giveUp}).
 */
final class ChunkPump {

    /** A chunk sent: its operations are kept until it ends, for the listener should it fail. */
    private record Chunk(
            int index, long firstRecord, List<BatchOperation> operations, ChunkRounds rounds, ChunkBody body) {}

    /** A value of {@link #taskIDs} for a chunk not acknowledged. */
    private static final long NOT_ACKNOWLEDGED = -1;

    private final String operation;
    private final Iterator<?> records;
    /** The input's size when it is a collection, else -1 until it is read to its end. */
    private long total;

    private final int chunkSize;
    private final int limit;
    private final ChunkOperations toOperations;
    private final BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> send;
    /**
     * The caller's thread when every call is made on it (a blocking write, one chunk in flight), else null: an
     * interrupt of that thread gives the write up, as an interrupt of a thread waiting for calls in flight does.
     */
    private final Thread caller;

    private final CompletableFuture<Outcome> done = new CompletableFuture<>();
    /** The caller's listener, or null. */
    private final ChunkListener listener;

    /** Guards the state below; held only for short updates, never while the listener or a send runs. */
    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled whenever a call of {@link #toTell} was made: the next one's thread may go. */
    private final Condition turn = lock.newCondition();

    /**
     * A call to make outside the lock, by the thread that queued it (null once that thread gave its calls up).
     *
     * @param owner the thread to make it
     * @param call  the call
     * @param ends  whether it tells the listener of a chunk's end: the chunk stops counting as in flight once it is made
     */
    private record Told(Thread owner, Runnable call, boolean ends) {
        Told withoutOwner() {
            return new Told(null, call, ends);
        }
    }

    // guarded by lock
    private final ChunkEvents events;
    /** The listener's calls, chunks' sending and the run's end, in order, each made by the thread that queued it. */
    private final Queue<Told> toTell = new ArrayDeque<>();
    /** The thread making a call of {@link #toTell} now, or null. */
    private Thread teller;
    /** The thread of the run's own started to make calls given up ({@link #giveUp}), until it looks at them; or null. */
    private Thread handOff;
    /** How many threads {@link #giveUp} started, for tests: none unless nothing in flight would tell the calls. */
    private int handOffs;
    /** Whether the run was cancelled: a chunk sent from now on is cancelled at once. */
    private boolean cancelled;
    /**
     * The thread in {@link #cancel()} cancelling the calls in flight, or null: their ends are told by whichever
     * thread's turn it is, so that {@code cancel()} never waits for a listener call under way.
     */
    private Thread canceller;
    /**
     * The thread in {@link #start} running the first {@link #pump()}, or null once it returned: it leaves its calls to
     * the thread telling rather than wait for a listener call under way, so that starting a write never waits for it.
     */
    private Thread starter;

    private final Map<Integer, CompletableFuture<BatchResponse>> calls = new HashMap<>();
    private final List<Throwable> otherErrors = new ArrayList<>();
    /** The task ID of each chunk sent, or {@link #NOT_ACKNOWLEDGED}. */
    private long[] taskIDs = new long[16];

    private int chunkCount;
    /** The chunks whose sending was decided: the first ones taken, sent or being sent; the others wait their turn. */
    private int committed;

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
            ChunkOperations toOperations,
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
        this.listener = listener;
        this.events = new ChunkEvents(listener == null ? null : new Queueing(listener));
    }

    /**
     * The caller's listener as {@link #events} calls it, under the lock: each call is queued, to be made outside it.
     * An exception from the listener stops the run as if cancelled (an acknowledged chunk stays acknowledged); one
     * from its {@code failed} is kept as a suppressed error of the chunk's failure.
     */
    private final class Queueing implements ChunkListener {
        private final ChunkListener listener;

        Queueing(ChunkListener listener) {
            this.listener = listener;
        }

        @Override
        public void acknowledged(ChunkAcknowledged chunk) {
            queueEnd(() -> {
                try {
                    listener.acknowledged(chunk);
                } catch (RuntimeException | Error e) {
                    whileLocked(() -> stop(e, PartialWriteException.Reason.ABANDONED));
                }
            });
        }

        @Override
        public void failed(ChunkFailed chunk) {
            queueEnd(() -> {
                try {
                    listener.failed(chunk);
                } catch (RuntimeException | Error e) {
                    whileLocked(() -> otherErrors.add(e));
                }
            });
        }

        @Override
        public void sent(ChunkSent chunk) {
            throw new IllegalStateException("a chunk's sent is told by its sending step");
        }
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
            ChunkOperations toOperations,
            BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> send,
            Thread caller,
            ChunkListener listener) {
        ChunkPump pump = new ChunkPump(operation, input, chunkSize, limit, toOperations, send, caller, listener);
        pump.done.whenComplete((outcome, error) -> {
            if (error != null) {
                pump.cancel();
            }
        });
        pump.whileLocked(() -> pump.starter = Thread.currentThread());
        try {
            pump.pump();
        } finally {
            pump.whileLocked(() -> pump.starter = null);
        }
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
     * pumping thread sees on its next turn; no recursion. Each chunk taken is sent by {@link #tell()}, in turn.
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
            boolean go;
            lock.lock();
            try {
                if (callerInterrupted()) {
                    stop(interruption(), PartialWriteException.Reason.ABANDONED);
                }
                go = failure == null && inFlight < limit && !exhausted;
                if (!go) {
                    pumping = false;
                    if (inFlight == 0 && !finished) {
                        finished = true;
                        // after every call queued for the listener; completed outside the lock, so the caller's
                        // continuations run on the thread telling
                        queue(() -> done.complete(outcome()));
                    }
                }
            } finally {
                lock.unlock();
            }
            if (!go) {
                // a chunk's end told here frees its place: look again, unless another thread pumps meanwhile
                if (tell() && claimPumping()) {
                    continue;
                }
                return;
            }
            List<Object> slice = new ArrayList<>(chunkSize);
            Throwable sourceError = null;
            try {
                while (slice.size() < chunkSize && records.hasNext()) {
                    slice.add(records.next());
                }
            } catch (RuntimeException | Error e) {
                // an Error too: on a client thread nothing would report it, and the run would never end
                sourceError = e;
            }
            admit(slice, sourceError);
            tell();
        }
    }

    /** Makes this thread the one pumping, unless one is (it sees what changed on its next turn). */
    private boolean claimPumping() {
        lock.lock();
        try {
            if (pumping) {
                return false;
            }
            pumping = true;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes a chunk just read into the run, queuing its sending, or notes why there is none. A chunk taken counts as
     * in flight from here until its end is told, so no more than the limit are read ahead while the listener is slow.
     */
    private void admit(List<Object> slice, Throwable sourceError) {
        lock.lock();
        try {
            if (sourceError != null) {
                // the records read from this chunk are not sent: the caller can resume from firstUnsentRecord
                stop(sourceError, PartialWriteException.Reason.SOURCE_FAILED);
                return;
            }
            if (slice.size() < chunkSize) {
                exhausted = true;
                total = nextRecord + slice.size();
            }
            if (slice.isEmpty() || failure != null) {
                return; // nothing left, or the run stopped while the chunk was read: it is not sent
            }
            int index = chunkCount++;
            if (index == taskIDs.length) {
                taskIDs = Arrays.copyOf(taskIDs, taskIDs.length * 2);
            }
            taskIDs[index] = NOT_ACKNOWLEDGED;
            long firstRecord = nextRecord;
            nextRecord += slice.size();
            inFlight++;
            queue(() -> sending(index, firstRecord, slice));
        } finally {
            lock.unlock();
        }
    }

    /**
     * A chunk's turn to be sent, once the listener was told of everything before: makes its operations and sends them.
     * The listener is told the chunk is sent as the request writes its body, before a byte of it goes out
     * ({@link ChunkBody}), or once the call is made when its request failed before its body was written. When the run
     * stopped meanwhile, a record is refused, or the listener throws, nothing of the chunk is sent: it is none of the
     * chunks sent, and its records are among the first never sent.
     */
    private void sending(int index, long firstRecord, List<Object> slice) {
        lock.lock();
        try {
            if (failure != null) {
                unsent(index, firstRecord);
                return;
            }
            committed = index + 1;
        } finally {
            lock.unlock();
        }
        List<BatchOperation> operations;
        try {
            operations = toOperations.of(slice, firstRecord);
        } catch (RuntimeException | Error e) {
            // a record refused as its operation is made (one the service would refuse): the input failed, and
            // nothing of this chunk was sent, so its records are among the first never sent
            whileLocked(() -> {
                stop(e, PartialWriteException.Reason.SOURCE_FAILED);
                unsent(index, firstRecord);
            });
            return;
        }
        Runnable sent = listener == null ? null : () -> listener.sent(new ChunkSent(index, firstRecord, slice.size()));
        launch(
                new Chunk(index, firstRecord, operations, null, null),
                slice.size(),
                new ChunkBody(operations, firstRecord, sent));
    }

    /**
     * Takes back a chunk taken but not sent (the caller holds the lock): the chunks not sent are the last ones taken,
     * and are taken back in order; the run may end now, once this thread has told what is queued.
     */
    private void unsent(int index, long firstRecord) {
        chunkCount = Math.min(chunkCount, index);
        committed = Math.min(committed, index);
        nextRecord = Math.min(nextRecord, firstRecord);
        inFlight--;
        queue(this::pump);
    }

    private void launch(Chunk chunk, int size, ChunkBody body) {
        CompletableFuture<BatchResponse> call;
        ChunkRounds rounds = new ChunkRounds();
        try {
            call = send.apply(body, rounds);
        } catch (RuntimeException | Error e) {
            call = CompletableFuture.failedFuture(e);
        }
        // a body of up to 1 MB was serialised on this thread, in send, before a byte of it went out: a record refused
        // there, or the listener throwing as it was told, leaves the chunk unsent (its call fails, or is cancelled)
        Throwable unsent = body.told() ? body.listenerFailure() : body.refusal();
        if (unsent == null && !body.tellSent()) {
            unsent = body.listenerFailure(); // told here: its request failed before its body was written
        }
        if (unsent != null) {
            call.cancel(true);
            PartialWriteException.Reason why = unsent == body.refusal()
                    ? PartialWriteException.Reason.SOURCE_FAILED
                    : PartialWriteException.Reason.ABANDONED;
            Throwable cause = unsent;
            whileLocked(() -> {
                stop(cause, why);
                unsent(chunk.index(), chunk.firstRecord());
            });
            return;
        }
        Chunk sent = new Chunk(chunk.index(), chunk.firstRecord(), chunk.operations(), rounds, body);
        boolean cancelNow;
        lock.lock();
        try {
            cancelNow = cancelled && !call.isDone();
            if (!call.isDone()) {
                calls.put(chunk.index(), call);
            }
        } finally {
            lock.unlock();
        }
        if (cancelNow) {
            call.cancel(true); // the run was cancelled while its listener was told this chunk was sent
        }
        call.whenComplete((response, error) -> {
            try {
                completed(sent, size, response, error);
            } finally {
                // whatever escaped, the run goes on and can end: on a client thread, nothing would report it
                tell();
                pump();
            }
        });
    }

    private void completed(Chunk chunk, int size, BatchResponse response, Throwable error) {
        lock.lock();
        try {
            if (listener == null) {
                inFlight--; // else once the listener was told of its end (tell)
            }
            calls.remove(chunk.index());
            if (error != null) {
                Throwable refused = chunk.body() == null ? null : chunk.body().refusal();
                // a record refused as the body was streamed: the report names it rather than the transport's failure
                Throwable cause = refused != null ? refused : Polling.unwrap(error);
                if (refused != null && failure == null && committed == chunk.index() + 1) {
                    // its body was cut off before its end, which no server applies, and no chunk after it was sent:
                    // it counts as never sent, as a chunk refused before its listener heard of it
                    stop(refused, PartialWriteException.Reason.SOURCE_FAILED);
                    chunkCount = Math.min(chunkCount, chunk.index());
                    committed = chunk.index();
                    nextRecord = Math.min(nextRecord, chunk.firstRecord());
                } else if (failure == null && callerInterrupted()) {
                    // the interrupt ended the call (its wait between rounds, or its exchange): the caller gave up
                    stop(interruption(), PartialWriteException.Reason.ABANDONED);
                    otherErrors.add(cause);
                } else if (failure == null) {
                    stop(cause, PartialWriteException.Reason.CHUNK_FAILED);
                } else if (cause != failure) {
                    otherErrors.add(cause);
                }
                // only queues the listener's call
                events.failed(
                        chunk.index(),
                        chunk.firstRecord(),
                        size,
                        chunk.operations(),
                        cause,
                        chunk.rounds().rounds());
                return;
            }
            taskIDs[chunk.index()] = response.taskID();
            events.acknowledged(
                    chunk.index(),
                    chunk.firstRecord(),
                    size,
                    response,
                    chunk.rounds().rounds());
        } finally {
            lock.unlock();
        }
    }

    /** Queues a call for this thread to make outside the lock, after those queued before (the caller holds it). */
    private void queue(Runnable call) {
        toTell.add(new Told(Thread.currentThread(), call, false));
    }

    /** Queues a listener call telling a chunk's end, as {@link #queue} does. */
    private void queueEnd(Runnable call) {
        toTell.add(new Told(Thread.currentThread(), call, true));
    }

    /**
     * Makes this thread's queued calls, each in its turn, outside the lock: a thread waits (not holding the lock) while
     * another makes the calls queued before its own, as it used to wait for the lock, so each thread tells what it
     * caused, as before: the caller of an asynchronous write never makes a listener call another thread queued. A
     * call this thread queues while making one (a chunk's call completing at once, a listener cancelling) is made
     * by the loop below, after it. Interrupted while it waits its turn, a thread gives its calls up to the threads
     * telling, and the flag stays set; the threads starting and cancelling the run give theirs up rather than wait
     * (the one cancelling once it cancelled every call, see {@link #cancel()}), and the one cancelling makes no
     * listener call even when it could: the listener may be slow.
     *
     * @return whether this thread made a call (which may have freed a place: the caller pumps after it)
     */
    private boolean tell() {
        Thread me = Thread.currentThread();
        boolean told = false;
        lock.lock();
        try {
            if (teller == me) {
                return false;
            }
            if (handOff == me) {
                handOff = null; // calls given up from now on wait for this thread only while it tells
            }
            boolean mayCall = me != canceller || listener == null;
            while (true) {
                Told next = toTell.peek();
                if (next != null && teller == null && mayCall && (next.owner() == me || next.owner() == null)) {
                    toTell.poll();
                    teller = me;
                    told = true;
                    lock.unlock();
                    try {
                        next.call().run();
                    } finally {
                        lock.lock();
                        teller = null;
                        if (next.ends()) {
                            inFlight--; // its place is free once the listener heard of it
                        }
                        turn.signalAll();
                    }
                } else if (!queuedBy(me)) {
                    return told;
                } else if (me == canceller) {
                    return told; // cancel() gives them up once every call is cancelled: one hand-off for all
                } else if (me == starter) {
                    giveUp(me);
                    return told;
                } else {
                    try {
                        turn.await();
                    } catch (InterruptedException e) {
                        me.interrupt();
                        giveUp(me);
                        return told;
                    }
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Whether calls this thread queued wait their turn (the caller holds the lock). */
    private boolean queuedBy(Thread thread) {
        for (Told told : toTell) {
            if (told.owner() == thread) {
                return true;
            }
        }
        return false;
    }

    /**
     * Leaves a thread's queued calls to whichever thread tells next (the caller holds the lock). A thread telling now
     * makes them once its call returns, and a thread with calls of its own queued makes them in its turn; when there
     * is neither (the teller left while this thread waited, or a cancel ended the last calls in flight), a thread of
     * the run's own is started to make them, so none is dropped and the run can end. The common case never comes to
     * that: the thread starting a write gives its calls up only while another thread tells or has calls queued before
     * them, and that thread makes them next; a call in flight is told by the thread completing it. So a write neither
     * cancelled nor interrupted starts no thread.
     */
    private void giveUp(Thread thread) {
        boolean othersQueued = false;
        for (int i = toTell.size(); i > 0; i--) {
            Told told = toTell.poll();
            Told kept = told.owner() == thread ? told.withoutOwner() : told;
            othersQueued |= kept.owner() != null;
            toTell.add(kept);
        }
        turn.signalAll();
        if (teller == null && !othersQueued && !toTell.isEmpty() && handOff == null) {
            // one at a time: a cancel gives up the end of each call in flight in turn
            Thread telling = new Thread(
                    () -> {
                        tell();
                        pump();
                    },
                    "Quarry listener of " + operation);
            telling.setDaemon(true);
            telling.start();
            handOff = telling; // still under the lock, before the thread can look
            handOffs++;
        }
    }

    /** {@return how many threads of its own the run started to make calls given up (for tests)} */
    int handOffsStarted() {
        lock.lock();
        try {
            return handOffs;
        } finally {
            lock.unlock();
        }
    }

    private void whileLocked(Runnable action) {
        lock.lock();
        try {
            action.run();
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

    /**
     * Stops sending and cancels the calls in flight (the caller cancelled or gave up waiting). The ends of the calls
     * it cancels are queued on this thread and given up together once all are cancelled, so a cancel starts one
     * thread at most to tell them, however many chunks were in flight.
     */
    private void cancel() {
        List<CompletableFuture<BatchResponse>> running;
        lock.lock();
        try {
            stop(new CancellationException("the chunked write was cancelled"), PartialWriteException.Reason.ABANDONED);
            cancelled = true;
            running = List.copyOf(calls.values());
            canceller = Thread.currentThread();
        } finally {
            lock.unlock();
        }
        try {
            running.forEach(call -> call.cancel(true));
        } finally {
            whileLocked(() -> {
                canceller = null;
                if (queuedBy(Thread.currentThread())) {
                    giveUp(Thread.currentThread());
                }
            });
        }
    }

    /**
     * The outcome so far: chunks still in flight count as not acknowledged; chunks taken but still waiting their turn
     * to be sent are never sent once the run stopped, so they count as records not sent.
     */
    private Outcome outcome() {
        lock.lock();
        try {
            WriteSummary summary =
                    new WriteSummary(events.recordsAcknowledged(), events.chunksAcknowledged(), events.lastTaskID());
            if (failure == null) {
                return new Outcome(summary, null);
            }
            int sent = Math.min(chunkCount, committed);
            long firstUnsent = sent == chunkCount ? nextRecord : (long) sent * chunkSize;
            List<PartialWriteException.Chunk> report = new ArrayList<>(sent);
            for (int i = 0; i < sent; i++) {
                long first = (long) i * chunkSize;
                long id = taskIDs[i];
                report.add(new PartialWriteException.Chunk(
                        i,
                        first,
                        (int) Math.min(chunkSize, firstUnsent - first),
                        id == NOT_ACKNOWLEDGED ? OptionalLong.empty() : OptionalLong.of(id)));
            }
            PartialWriteException partial = new PartialWriteException(
                    operation,
                    reason,
                    total < 0 ? OptionalLong.empty() : OptionalLong.of(total),
                    report,
                    firstUnsent,
                    failure);
            otherErrors.forEach(partial::addSuppressed);
            return new Outcome(summary, partial);
        } finally {
            lock.unlock();
        }
    }
}
