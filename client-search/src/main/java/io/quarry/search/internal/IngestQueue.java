package io.quarry.search.internal;

import io.quarry.core.ApiClient;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.PreparedJson;
import io.quarry.core.WriteRefusedException;
import io.quarry.core.spi.DefaultObjectID;
import io.quarry.core.spi.ObjectIDs;
import io.quarry.core.spi.Polling;
import io.quarry.core.spi.RecordLayout;
import io.quarry.core.spi.TimedSteps;
import io.quarry.search.ChunkListener;
import io.quarry.search.WriteProgress;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The machinery of an {@link io.quarry.search.Ingester}: records handed in from any thread are serialised on that
 * thread ({@link ApiClient#prepare}), appended to the chunk being filled, and sent as a batch call when the chunk
 * is full (by records or bytes), when its first record has waited the flush interval, or on a flush. At most
 * {@code limit} calls are in flight; a record that finds the chunk full while they are waits for one to end
 * (backpressure), so at most {@code limit + 1} chunks are held. Every chunk's end is told to the listener; a
 * failed chunk never stops the queue. The listener's backlog is bounded too: once
 * {@link #LISTENER_EVENTS_PER_CALL} {@code * limit} events wait for it, a record waits (within the add timeout)
 * for the listener to catch up.
 *
 * <p>Threads: records are serialised by the threads handing them in; calls are sent through the client's
 * asynchronous calls, and the next chunk is sent from the completion of one; the flush interval runs on
 * {@link io.quarry.core.spi.TimedSteps}, as the core's retry delays do, and is no longer
 * scheduled once the queue is closed. The listener is never called under the queue's lock: each event is queued
 * under it, in the order things happen, and a thread of the ingester's own makes the calls ({@link ListenerQueue}).
 * A chunk's end (what a flush waits for) comes after the listener was told of it.
 */
public final class IngestQueue {

    /** Sends one chunk as a batch call. */
    @FunctionalInterface
    public interface Sender {
        /**
         * Sends a batch.
         *
         * @param operations   the chunk's operations
         * @param unrepeatable whether one of them must not be applied twice
         * @param rounds       told of each new round of the call ({@link io.quarry.core.ApiRequest#onRound})
         * @return the future answer
         */
        CompletableFuture<BatchResponse> send(
                List<BatchOperation> operations, boolean unrepeatable, ChunkRounds rounds);
    }

    /**
     * Events that may wait for the listener per call in flight before producers wait for it: the sent and end events
     * of four chunks, so a slow listener holds a few times the chunks in flight in memory, not every chunk since.
     */
    static final int LISTENER_EVENTS_PER_CALL = 8;

    /** Bytes an operation adds to a batch body besides its record: {@code {"action":"...","body":},}. */
    private static final int OPERATION_OVERHEAD = 48;

    /** A chunk being filled. */
    private static final class Pending {
        final List<BatchOperation> operations = new ArrayList<>();
        final long firstRecord;
        final long generation;
        final CompletableFuture<Void> end = new CompletableFuture<>();
        long bytes;
        boolean unrepeatable;

        Pending(long firstRecord, long generation) {
            this.firstRecord = firstRecord;
            this.generation = generation;
        }
    }

    /** A chunk sealed for sending. */
    private record Sealed(long chunk, Pending pending, ChunkRounds rounds) {}

    /** A record serialised and ready to be taken. */
    private record Operation(BatchOperation operation, int bytes, boolean unrepeatable) {}

    /**
     * An asynchronous add waiting for room, in call order, and the future its caller holds; it holds its serialised
     * record until it is taken. A caller giving up on it first (cancelling it, or failing it as {@code orTimeout}
     * does) withdraws the record, which is then never taken: the future says what happened to the record, so a
     * caller handing it in again writes it once. Once the queue took or refused it, giving up changes nothing.
     */
    private final class Waiting extends CompletableFuture<Void> {
        final Operation operation;
        final long deadline;
        /** Whether the queue took or refused it, or its caller withdrew it; guarded by lock. */
        boolean settled;

        Waiting(Operation operation, long deadline) {
            this.operation = operation;
            this.deadline = deadline;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            return withdraw(this) && super.cancel(mayInterruptIfRunning);
        }

        @Override
        public boolean completeExceptionally(Throwable error) {
            return withdraw(this) && super.completeExceptionally(error);
        }

        /** The queue took the record (settled under the lock); completes the caller's future outside it. */
        void taken() {
            super.complete(null);
        }

        /** The queue refused the record (settled under the lock); fails the caller's future outside it. */
        void refused(WriteRefusedException refusal) {
            super.completeExceptionally(refusal);
        }
    }

    private final String name;
    private final ApiClient api;
    private final boolean assignObjectIDs;
    private final int maxRecords;
    private final long maxBytes;
    private final long intervalNanos;
    private final int limit;
    /** How long a record waits for room at most, in nanoseconds; 0 for no limit. */
    private final long timeoutNanos;

    private final ListenerQueue listener;
    /** Events that may wait for the listener before records wait for it. */
    private final int listenerCapacity;

    private final Sender sender;

    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled whenever a call ends, the listener catches up or the queue closes: room may have been made. */
    private final Condition changed = lock.newCondition();

    // guarded by lock
    private final ChunkEvents events;
    private final Set<CompletableFuture<Void>> inFlightEnds = new HashSet<>();
    private Pending current;
    /**
     * Asynchronous adds waiting for room, oldest first: taken before any later add, at most a chunk's worth
     * ({@code maxRecords} records, {@code maxBytes} bytes beyond the first).
     */
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();

    private long waitingBytes;
    /** Whether a timer will look for expired {@link #waiting} adds (one at a time: their deadlines come in order). */
    private boolean expiryScheduled;
    /** Whether the chunk being filled is to be sent as soon as a call may start (flushed, or its time is up). */
    private boolean due;

    private int inFlight;
    private long nextChunk;
    private long nextRecord;
    private long generations;
    private boolean closed;

    /**
     * Creates a queue.
     *
     * @param name            what the queue writes to, for messages: {@code ingester of index products}
     * @param api             the client, which serialises the records
     * @param assignObjectIDs whether records without objectID get a UUID
     * @param maxRecords      records per chunk
     * @param maxBytes        bytes of records per chunk
     * @param interval        how long a chunk's first record waits at most
     * @param limit           calls in flight at most
     * @param timeout         how long a record waits for room at most, or null for no limit
     * @param listener        told of each chunk, or null
     * @param sender          sends a chunk
     */
    public IngestQueue(
            String name,
            ApiClient api,
            boolean assignObjectIDs,
            int maxRecords,
            long maxBytes,
            Duration interval,
            int limit,
            Duration timeout,
            ChunkListener listener,
            Sender sender) {
        this.name = name;
        this.api = api;
        this.assignObjectIDs = assignObjectIDs;
        this.maxRecords = maxRecords;
        this.maxBytes = maxBytes;
        this.intervalNanos = interval.toNanos();
        this.limit = limit;
        this.timeoutNanos = timeout == null ? 0 : Math.max(1, timeout.toNanos());
        this.listenerCapacity = LISTENER_EVENTS_PER_CALL * limit;
        this.listener = new ListenerQueue(name, listener, listenerCapacity, this::roomMade);
        this.events = new ChunkEvents(this.listener);
        this.sender = sender;
    }

    /**
     * Takes a record to save, serialising it on this thread.
     *
     * @param record the record
     */
    public void add(Object record) {
        take(toAdd(record));
    }

    /**
     * Takes a record to save as soon as there is room, serialising it on this thread, without waiting.
     *
     * @param record the record
     * @return completes once the record is taken, or fails with the refusal or the serialising error
     */
    public CompletableFuture<Void> addAsync(Object record) {
        Objects.requireNonNull(record, "record");
        return takeAsync(() -> toAdd(record));
    }

    /**
     * Takes attributes to update, creating the record if missing, serialising them on this thread.
     *
     * @param attributes the attributes, with the record's objectID
     */
    public void partialUpdate(Object attributes) {
        take(toPartialUpdate(attributes));
    }

    /**
     * Takes attributes to update as soon as there is room, as {@link #addAsync} takes a record.
     *
     * @param attributes the attributes, with the record's objectID
     * @return completes once they are taken, or fails
     */
    public CompletableFuture<Void> partialUpdateAsync(Object attributes) {
        Objects.requireNonNull(attributes, "attributes");
        return takeAsync(() -> toPartialUpdate(attributes));
    }

    /**
     * Takes a record to delete.
     *
     * @param objectID the record's objectID
     */
    public void delete(String objectID) {
        take(toDelete(objectID));
    }

    /**
     * Takes a record to delete as soon as there is room, as {@link #addAsync} takes a record.
     *
     * @param objectID the record's objectID
     * @return completes once the deletion is taken, or fails
     */
    public CompletableFuture<Void> deleteAsync(String objectID) {
        Objects.requireNonNull(objectID, "objectID");
        return takeAsync(() -> toDelete(objectID));
    }

    private Operation toAdd(Object record) {
        Objects.requireNonNull(record, "record");
        refuseIf(RecordChecks.notAnObject(record), "record");
        Object body = assignObjectIDs
                ? DefaultObjectID.of(api, record, () -> UUID.randomUUID().toString())
                : record;
        if (RepeatSafety.isTyped(record)) {
            return toTypedAdd(record, body);
        }
        boolean unrepeatable = !assignObjectIDs && RepeatSafety.lacksObjectID(record);
        PreparedJson json = api.prepare(body);
        refuseIf(RecordChecks.badObjectID(record, json), "record");
        return operation(BatchOperation.of(BatchAction.ADD_OBJECT, json), unrepeatable);
    }

    /**
     * A typed record, serialised once and its JSON not read again: its objectID judged on the object when its class's
     * layout tells it ({@link RecordLayout}), else watched as it is prepared.
     *
     * @param body the record, or the record with the objectID it gets when it has none
     */
    private Operation toTypedAdd(Object record, Object body) {
        RecordLayout layout = RecordLayout.of(api, record.getClass());
        if (layout.knowsObjectID()) {
            String id = null;
            boolean read = true;
            try {
                id = layout.objectID(record);
            } catch (IllegalStateException e) {
                read = false; // its accessor failed: prepare fails the same way, and says so
            }
            if (read) {
                refuseIf(id == null ? null : RecordChecks.badText(id), "record");
                PreparedJson json = api.prepare(body);
                return operation(BatchOperation.of(BatchAction.ADD_OBJECT, json), !assignObjectIDs && id == null);
            }
        }
        WatchedRecord watched = new WatchedRecord(body, true);
        PreparedJson json = prepareWatched(watched, "record");
        return operation(
                BatchOperation.of(BatchAction.ADD_OBJECT, json), !assignObjectIDs && !watched.objectIDWritten());
    }

    /** Prepares a watched record, refusing it when the watch refused its objectID. */
    private PreparedJson prepareWatched(WatchedRecord watched, String what) {
        try {
            return api.prepare(watched);
        } catch (InvalidRequestException e) {
            refuseIf(watched.problem(), what);
            throw e;
        }
    }

    private Operation toPartialUpdate(Object attributes) {
        Objects.requireNonNull(attributes, "attributes");
        refuseIf(RecordChecks.notAnObject(attributes), "update");
        if (RepeatSafety.isTyped(attributes)) {
            return toTypedPartialUpdate(attributes);
        }
        requireObjectID(ObjectIDs.present(attributes));
        boolean cumulative = RepeatSafety.isCumulative(attributes);
        PreparedJson json = api.prepare(attributes);
        refuseIf(RecordChecks.badObjectID(attributes, json), "update");
        return operation(BatchOperation.of(BatchAction.PARTIAL_UPDATE_OBJECT, json), cumulative);
    }

    /**
     * A typed update, serialised once: judged on the object when its class's layout tells its objectID and that it
     * carries no cumulative operation ({@link io.quarry.core.spi.RecordLayout}), else watched as it is prepared.
     */
    private Operation toTypedPartialUpdate(Object attributes) {
        RecordLayout layout = RecordLayout.of(api, attributes.getClass());
        if (layout.knowsObjectID() && !layout.mayHoldMember(RepeatSafety.OPERATION)) {
            String id = null;
            boolean read = true;
            try {
                id = layout.objectID(attributes);
            } catch (IllegalStateException e) {
                read = false; // its accessor failed: prepare fails the same way, and says so
            }
            if (read) {
                requireObjectID(id != null);
                refuseIf(RecordChecks.badText(id), "update");
                PreparedJson json = api.prepare(attributes);
                return operation(BatchOperation.of(BatchAction.PARTIAL_UPDATE_OBJECT, json), false);
            }
        }
        WatchedRecord watched = new WatchedRecord(attributes, true);
        PreparedJson json = prepareWatched(watched, "update");
        requireObjectID(watched.objectIDWritten());
        return operation(BatchOperation.of(BatchAction.PARTIAL_UPDATE_OBJECT, json), watched.cumulative());
    }

    private void requireObjectID(boolean present) {
        if (!present) {
            throw new InvalidRequestException(
                    "a partial update needs the record's objectID, and " + name + " was handed one without it");
        }
    }

    private Operation toDelete(String objectID) {
        Objects.requireNonNull(objectID, "objectID");
        refuseIf(RecordChecks.badObjectIDToDelete(objectID), "deletion");
        return operation(BatchOperation.of(BatchAction.DELETE_OBJECT, Map.of("objectID", objectID)), false);
    }

    /** Refuses what the service would refuse, with the rest of its chunk, before it is taken. */
    private void refuseIf(String problem, String what) {
        if (problem != null) {
            throw new InvalidRequestException(name + " did not take the " + what + ": " + problem);
        }
    }

    private static Operation operation(BatchOperation operation, boolean unrepeatable) {
        int bytes = operation.body() instanceof PreparedJson prepared
                ? prepared.size() + OPERATION_OVERHEAD
                : OPERATION_OVERHEAD * 2;
        return new Operation(operation, bytes, unrepeatable);
    }

    /** {@return the progress so far} */
    public WriteProgress progress() {
        lock.lock();
        try {
            return events.progress();
        } finally {
            lock.unlock();
        }
    }

    /** {@return how many calls are in flight now} */
    public int inFlight() {
        lock.lock();
        try {
            return inFlight;
        } finally {
            lock.unlock();
        }
    }

    /** {@return how many records wait in the chunk being filled} */
    public int pending() {
        lock.lock();
        try {
            return current == null ? 0 : current.operations.size();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Sends the chunk being filled as soon as a call may start, and completes once it and every chunk in flight
     * have ended (acknowledged or failed) and the listener was told of every chunk that ended before.
     *
     * @return the future progress at that point, completed on the listener's thread
     */
    public CompletableFuture<WriteProgress> flushAsync() {
        Sealed sealed = null;
        List<CompletableFuture<Void>> ends;
        CompletableFuture<Void> toldSoFar = new CompletableFuture<>();
        lock.lock();
        try {
            if (current != null) {
                due = true;
                if (inFlight < limit) {
                    sealed = seal();
                }
            }
            ends = new ArrayList<>(inFlightEnds);
            if (current != null) {
                ends.add(current.end);
            }
            // chunks that ended before this point have their calls queued already: this comes after them
            listener.then(() -> toldSoFar.complete(null));
            ends.add(toldSoFar);
        } finally {
            lock.unlock();
        }
        if (sealed != null) {
            launch(sealed);
        }
        return CompletableFuture.allOf(ends.toArray(new CompletableFuture<?>[0]))
                .thenApply(ignored -> progress());
    }

    /**
     * Refuses further records (threads waiting for room are refused too), sends what is held and waits until
     * every chunk has ended. Calling it again waits again. An interrupt stops the waiting (the flag is set again);
     * the chunks in flight still end and are told to the listener, whose thread then ends.
     */
    public void close() {
        refuseRecords();
        CompletableFuture<WriteProgress> flushed = flushAsync();
        try {
            flushed.get();
            // every chunk has ended and was told, and no record is taken any more: the listener's thread can go
            listener.retire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            // the chunks still end and are told: the listener's thread goes once they are, not after its idle time
            flushed.whenComplete((progress, error) -> listener.retireLater());
        } catch (ExecutionException e) {
            throw new IllegalStateException("flushing " + name + " failed", e.getCause()); // a bug: ends never fail
        }
    }

    /**
     * Refuses further records, sends what is held and completes once every chunk has ended and the listener was told;
     * the listener's thread then ends, once what runs on the future's completion (on that thread) has returned. May be
     * called by the listener: nothing waits.
     *
     * @return the future end of the chunks
     */
    public CompletableFuture<Void> closeAsync() {
        refuseRecords();
        // no event can follow: the listener's thread may go once it has run the future's continuations
        return flushAsync().thenRun(listener::retireLater);
    }

    /** Refuses further records, and those of the threads and asynchronous adds waiting for room. */
    private void refuseRecords() {
        List<Waiting> refused;
        lock.lock();
        try {
            closed = true;
            refused = new ArrayList<>(waiting);
            refused.forEach(add -> add.settled = true);
            waiting.clear();
            waitingBytes = 0;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        refused.forEach(add -> add.refused(refused(WriteRefusedException.Reason.CLOSED)));
    }

    /**
     * Waits until every record taken was sent and every call has ended, not for the listener to hear of them: for a
     * close made on the listener's thread, where {@link #close()} would wait for that thread itself. An interrupt ends
     * the wait (the flag is set again).
     */
    public void awaitCallsEnded() {
        lock.lock();
        try {
            while (inFlight > 0 || current != null) {
                changed.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    /** {@return whether the calling thread is the listener's, which must not wait for the queue's chunks} */
    public boolean calledByListener() {
        return listener.isCallingThread();
    }

    /**
     * Fails when the calling thread is the listener's, which would wait for itself.
     *
     * @param call what was called, for the message
     */
    public void refuseListenerThread(String call) {
        if (listener.isCallingThread()) {
            throw new IllegalStateException(call + " of " + name + " was called by its own listener, which it would"
                    + " wait for: call it from another thread");
        }
    }

    private void take(Operation operation) {
        List<Sealed> toSend = new ArrayList<>(2);
        long deadline = System.nanoTime() + timeoutNanos;
        lockBefore(deadline);
        try {
            while (true) {
                if (closed) {
                    throw refused(WriteRefusedException.Reason.CLOSED);
                }
                if (!waiting.isEmpty() && !listener.isCallingThread()) {
                    // asynchronous adds called before this one go first: a caller's records keep its order (the
                    // listener's own thread is never held back, as it alone could let them go)
                    awaitRoom(deadline, WaitingFor.CALLS);
                    continue;
                }
                WaitingFor lacking = room(operation.bytes(), listener.behind(), toSend);
                if (lacking == null) {
                    break;
                }
                awaitRoom(deadline, lacking);
            }
            append(operation, toSend);
        } finally {
            lock.unlock();
        }
        toSend.forEach(this::launch);
    }

    /**
     * Takes an operation at once when there is room and no earlier asynchronous add waits, else queues it to be taken
     * when room is made, up to a chunk's worth waiting; never waits for the lock longer than a short update takes.
     */
    private CompletableFuture<Void> takeAsync(Supplier<Operation> prepare) {
        Operation operation;
        try {
            operation = prepare.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e); // a record that cannot be serialised, as the blocking form throws
        }
        List<Sealed> toSend = new ArrayList<>(2);
        CompletableFuture<Void> result;
        lock.lock();
        try {
            if (closed) {
                result = CompletableFuture.failedFuture(refused(WriteRefusedException.Reason.CLOSED));
            } else if (waiting.isEmpty() && room(operation.bytes(), listener.behind(), toSend) == null) {
                append(operation, toSend);
                result = CompletableFuture.completedFuture(null);
            } else if (!waiting.isEmpty()
                    && (waiting.size() >= maxRecords || waitingBytes + operation.bytes() > maxBytes)) {
                result = CompletableFuture.failedFuture(refused(
                        WriteRefusedException.Reason.TOO_MANY_WAITING,
                        "a chunk's worth of asynchronous adds (" + waiting.size() + " records, " + waitingBytes
                                + " bytes) already wait for room; wait for their futures before adding more"));
            } else {
                Waiting queued = new Waiting(operation, System.nanoTime() + timeoutNanos);
                waiting.add(queued);
                waitingBytes += operation.bytes();
                scheduleExpiry();
                result = queued;
            }
        } finally {
            lock.unlock();
        }
        toSend.forEach(this::launch);
        return result;
    }

    /**
     * Makes room for a record of this size (the caller holds the lock), sealing the chunk being filled when a call may
     * start.
     *
     * @return null when the record fits now, else what it has to wait for
     */
    private WaitingFor room(int bytes, boolean listenerBehind, List<Sealed> toSend) {
        if (listenerBehind) {
            return WaitingFor.LISTENER;
        }
        if (current == null || fits(current, bytes)) {
            return null;
        }
        if (inFlight < limit) {
            toSend.add(seal());
            return null;
        }
        return WaitingFor.CALLS;
    }

    /** Appends an operation to the chunk being filled (the caller holds the lock and made room). */
    private void append(Operation operation, List<Sealed> toSend) {
        if (current == null) {
            current = new Pending(nextRecord, ++generations);
            scheduleFlush(current.generation);
        }
        current.operations.add(operation.operation());
        current.bytes += operation.bytes();
        current.unrepeatable |= operation.unrepeatable();
        nextRecord++;
        if (full(current) && inFlight < limit) {
            toSend.add(seal());
        }
    }

    /**
     * Takes the waiting asynchronous adds there is room for now, oldest first (the caller holds the lock). The
     * listener's bound holds whichever thread makes room, its own included.
     *
     * @param toSend the chunks this sealed, for the caller to send
     * @return the adds taken, whose futures the caller completes outside the lock
     */
    private List<Waiting> takeWaiting(List<Sealed> toSend) {
        List<Waiting> taken = new ArrayList<>();
        while (!waiting.isEmpty()) {
            Waiting head = waiting.peek();
            if (room(head.operation.bytes(), listener.backlog() >= listenerCapacity, toSend) != null) {
                break;
            }
            waiting.poll();
            head.settled = true;
            waitingBytes -= head.operation.bytes();
            append(head.operation, toSend);
            taken.add(head);
        }
        if (!taken.isEmpty()) {
            changed.signalAll(); // blocking adds behind them may go on
        }
        return taken;
    }

    /** Sends the chunks sealed and completes the adds taken, outside the lock (what runs on them may add more). */
    private void afterUnlock(List<Sealed> toSend, List<Waiting> taken) {
        toSend.forEach(this::launch);
        taken.forEach(Waiting::taken);
    }

    /** Looks for expired waiting adds at the oldest one's deadline (the caller holds the lock). */
    private void scheduleExpiry() {
        if (timeoutNanos == 0 || expiryScheduled || waiting.isEmpty()) {
            return;
        }
        expiryScheduled = true;
        long left = Math.max(0, waiting.peek().deadline - System.nanoTime());
        TimedSteps.after(left, TimeUnit.NANOSECONDS).execute(this::expireWaiting);
    }

    /** Refuses the waiting adds whose add timeout has passed (the oldest first: their deadlines come in order). */
    private void expireWaiting() {
        List<Waiting> expired = new ArrayList<>();
        List<Sealed> toSend = new ArrayList<>(2);
        List<Waiting> taken;
        lock.lock();
        try {
            expiryScheduled = false;
            long now = System.nanoTime();
            while (!waiting.isEmpty() && waiting.peek().deadline - now <= 0) {
                Waiting head = waiting.poll();
                head.settled = true;
                waitingBytes -= head.operation.bytes();
                expired.add(head);
            }
            taken = takeWaiting(toSend); // a smaller record behind may fit
            scheduleExpiry();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        afterUnlock(toSend, taken);
        expired.forEach(add -> add.refused(refused(WriteRefusedException.Reason.TIMED_OUT)));
    }

    /**
     * Withdraws an asynchronous add its caller gave up on, unless the queue took or refused it already; the adds
     * behind it may then be taken.
     *
     * @return whether it was withdrawn: its future may then complete as the caller asked
     */
    private boolean withdraw(Waiting add) {
        List<Sealed> toSend = new ArrayList<>(2);
        List<Waiting> taken;
        lock.lock();
        try {
            if (add.settled) {
                return false;
            }
            add.settled = true;
            waiting.remove(add);
            waitingBytes -= add.operation.bytes();
            taken = takeWaiting(toSend); // a smaller record behind it may fit
            changed.signalAll(); // blocking adds wait while it did
        } finally {
            lock.unlock();
        }
        afterUnlock(toSend, taken);
        return true;
    }

    /** Takes the lock, waiting until the deadline at most when there is an add timeout. */
    private void lockBefore(long deadline) {
        try {
            if (timeoutNanos == 0) {
                lock.lockInterruptibly();
            } else if (!lock.tryLock(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                throw refused(WriteRefusedException.Reason.TIMED_OUT, "it stayed busy for longer than its add timeout");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw refused(WriteRefusedException.Reason.INTERRUPTED);
        }
    }

    /** What a thread handing in a record waits for. */
    private enum WaitingFor {
        /** a call in flight to end */
        CALLS,
        /** the listener to catch up */
        LISTENER
    }

    private void awaitRoom(long deadline, WaitingFor waitingFor) {
        try {
            if (timeoutNanos == 0) {
                changed.await();
                return;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw waitingFor == WaitingFor.CALLS
                        ? refused(WriteRefusedException.Reason.TIMED_OUT)
                        : refused(
                                WriteRefusedException.Reason.TIMED_OUT,
                                "its listener stayed " + listener.backlog() + " events behind for longer than its add"
                                        + " timeout");
            }
            changed.awaitNanos(left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw refused(WriteRefusedException.Reason.INTERRUPTED);
        }
    }

    /** The listener caught up below its bound: adds waiting for it may go on. */
    private void roomMade() {
        List<Sealed> toSend = new ArrayList<>(2);
        List<Waiting> taken;
        lock.lock();
        try {
            taken = takeWaiting(toSend);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        afterUnlock(toSend, taken);
    }

    private boolean fits(Pending chunk, int bytes) {
        return chunk.operations.size() < maxRecords && chunk.bytes + bytes <= maxBytes;
    }

    private boolean full(Pending chunk) {
        return chunk.operations.size() >= maxRecords || chunk.bytes >= maxBytes;
    }

    /** Takes the chunk being filled for sending; the caller holds the lock, a call may start, and it sends it. */
    private Sealed seal() {
        Pending chunk = current;
        current = null;
        due = false;
        inFlight++;
        inFlightEnds.add(chunk.end);
        long number = nextChunk++;
        events.sent(number, chunk.firstRecord, chunk.operations.size()); // only queues the listener's call
        return new Sealed(number, chunk, new ChunkRounds());
    }

    private void launch(Sealed sealed) {
        CompletableFuture<BatchResponse> call;
        try {
            call = Objects.requireNonNull(
                    sender.send(
                            List.copyOf(sealed.pending().operations), sealed.pending().unrepeatable, sealed.rounds()),
                    "the sender's future");
        } catch (RuntimeException | Error e) {
            // whatever the sender throws, the chunk ends as failed and frees its place in flight
            call = CompletableFuture.failedFuture(e);
        }
        call.whenComplete((response, error) -> ended(sealed, response, error));
    }

    private void ended(Sealed sealed, BatchResponse response, Throwable error) {
        Pending chunk = sealed.pending();
        List<Sealed> toSend = new ArrayList<>(2);
        List<Waiting> taken = List.of();
        lock.lock();
        try {
            inFlight--;
            inFlightEnds.remove(chunk.end);
            try {
                // both only queue the listener's call
                if (error == null) {
                    events.acknowledged(
                            sealed.chunk(),
                            chunk.firstRecord,
                            chunk.operations.size(),
                            response,
                            sealed.rounds().rounds());
                } else {
                    Throwable cause = Polling.unwrap(error);
                    events.failed(
                            sealed.chunk(),
                            chunk.firstRecord,
                            chunk.operations.size(),
                            chunk.operations,
                            cause,
                            sealed.rounds().rounds());
                }
            } finally {
                // whatever happened above, the chunk ends (once the listener was told) and room is made
                listener.then(() -> chunk.end.complete(null));
                taken = takeWaiting(toSend);
                if (current != null && (due || closed || full(current)) && inFlight < limit) {
                    toSend.add(seal());
                }
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
        afterUnlock(toSend, taken);
    }

    private void scheduleFlush(long generation) {
        if (closed) {
            return;
        }
        TimedSteps.after(intervalNanos, TimeUnit.NANOSECONDS).execute(() -> intervalPassed(generation));
    }

    /** The first record of a chunk has waited the interval: the chunk is due, if it is still being filled. */
    private void intervalPassed(long generation) {
        Sealed sealed = null;
        lock.lock();
        try {
            if (current == null || current.generation != generation) {
                return;
            }
            due = true;
            if (inFlight < limit) {
                sealed = seal();
            }
        } finally {
            lock.unlock();
        }
        if (sealed != null) {
            launch(sealed);
        }
    }

    private WriteRefusedException refused(WriteRefusedException.Reason reason) {
        return refused(
                reason,
                switch (reason) {
                    case TIMED_OUT ->
                        "it stayed full (" + limit
                                + " chunks in flight, the next one full) for longer than its add timeout";
                    case INTERRUPTED -> "the thread was interrupted while it waited for room";
                    case CLOSED -> "it is closed";
                    case TOO_MANY_WAITING -> "too many asynchronous adds wait for room";
                });
    }

    private WriteRefusedException refused(WriteRefusedException.Reason reason, String why) {
        String timeout = reason == WriteRefusedException.Reason.TIMED_OUT
                ? ", " + Duration.ofNanos(timeoutNanos).toMillis() + " ms"
                : "";
        return new WriteRefusedException(name + " did not take the record: " + why + timeout, reason);
    }

    /**
     * Runs an action while holding the queue's lock (for tests: another thread holding the queue).
     *
     * @param action what to run
     */
    void whileLocked(Runnable action) {
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        lock.lock();
        try {
            return name + " [" + inFlight + " chunks in flight, " + (current == null ? 0 : current.operations.size())
                    + " records waiting" + (closed ? ", closed" : "") + "]";
        } finally {
            lock.unlock();
        }
    }
}
