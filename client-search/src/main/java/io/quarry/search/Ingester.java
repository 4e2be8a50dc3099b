package io.quarry.search;

import io.quarry.core.ApiClient;
import io.quarry.search.internal.IngestQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * A long-lived writer into one index that many threads feed: {@link #add(Object)}, {@link #partialUpdate(Object)}
 * and {@link #delete(String)} from any thread, while the ingester cuts the records into chunks and sends each as a
 * batch call. Obtained from {@link SearchIndex#ingester(IngesterOptions)}; close it when done (closing the client
 * closes it too, first: it refuses further records, sends what it holds and waits for it, even when the listener
 * closes the client, where the ingester waits for every chunk's call, not for the listener to hear of them).
 *
 * <pre>{@code
 * try (Ingester ingester = index.ingester(IngesterOptions.of().chunksInFlight(4).listener(failures))) {
 *     producers.forEach(p -> executor.submit(() -> p.records().forEach(ingester::add)));
 *     ...
 * } // sends what is left and waits
 * }</pre>
 *
 * <ul>
 *   <li>Chunks: a chunk is sent when it holds {@link IngesterOptions#chunkSize(int)} records or
 *       {@link IngesterOptions#chunkBytes(long)} bytes of JSON, when its first record has waited
 *       {@link IngesterOptions#flushInterval(java.time.Duration)}, or on {@link #flush()}.</li>
 *   <li>Backpressure: at most {@link IngesterOptions#chunksInFlight(int)} batch calls are under way; when they
 *       are and the next chunk is full, a thread handing in a record waits for one to end, so memory holds at most
 *       that many chunks plus one (and the one record each waiting thread holds). The whole wait, for room and for
 *       other threads handing in records at the same moment, can be bounded
 *       ({@link IngesterOptions#addTimeout(java.time.Duration)}) and is interrupted by an interrupt; either way
 *       the call fails with a {@link io.quarry.core.WriteRefusedException} and the record is not taken.</li>
 *   <li>Asynchronous adds: {@link #addAsync(Object)}, {@link #partialUpdateAsync(Object)} and
 *       {@link #deleteAsync(String)} never block their caller (an event loop may call them). A record is taken at
 *       once when there is room, and its future is complete on return; else it waits in memory, its future
 *       completing once it is taken, on the thread that made room (a thread of the client's, or the listener's:
 *       what runs on it should return quickly, and must not call {@link #flush()} or {@link #close()}). Records
 *       are taken in the order of the calls that handed them in, blocking and asynchronous mixed: a blocking call
 *       waits while earlier asynchronous adds do. At most a chunk's worth of records waits this way
 *       ({@link IngesterOptions#chunkSize(int)} records, {@link IngesterOptions#chunkBytes(long)} bytes): an
 *       asynchronous add beyond that is refused at once, its future failing with a
 *       {@link io.quarry.core.WriteRefusedException} whose reason is {@code TOO_MANY_WAITING}, so a caller that
 *       never waits for the futures holds at most one chunk more in memory. A waiting add is refused once
 *       {@link IngesterOptions#addTimeout(java.time.Duration)} has passed ({@code TIMED_OUT}), or when the ingester
 *       is closed ({@code CLOSED}: {@link #close()} and {@link #closeAsync()} refuse the adds still waiting, as
 *       they refuse threads waiting); {@link #flush()} and {@link #flushAsync()} send the records taken, not
 *       those still waiting. A caller that gives up on a waiting add, cancelling its future or failing it (as
 *       {@code orTimeout} does), withdraws the record: it is never taken, and no longer holds back the adds behind
 *       it. Once the record is taken, giving up changes nothing (the future stays complete), so the future always
 *       says whether the record was taken, and a record handed in again after a failed future is written once.</li>
 *   <li>Serialising: a record is serialised by the thread that hands it in, when it does; changing the object
 *       afterwards changes nothing. A record the service would refuse (not a JSON object, or an {@code objectID}
 *       that is empty or not a string) is refused then, with an {@link io.quarry.core.InvalidRequestException}:
 *       the service refuses a batch holding one whole, so once in a chunk it would fail every record with it. A
 *       typed record's objectID is read from its JSON, where a number cannot be told from text.</li>
 *   <li>Failures: retries are the client's own (records without objectID get one client-side by default, so a
 *       retried chunk replaces rather than duplicates). When every host fails a chunk, it is sent whole again in
 *       new rounds for about a minute ({@link io.quarry.core.RetryRounds#forOutages()}; another policy through the
 *       index's {@code withOptions(...)}), holding its place among the chunks in flight meanwhile, so the threads
 *       handing records in wait rather than pile them up. A chunk holding an {@code Increment}-style update gets
 *       one round only. A chunk that still fails is told to the
 *       {@link ChunkListener} with its operations and their objectIDs (logged as a warning when there is no
 *       listener, or when the listener throws on it), and the ingester goes on: nothing is dropped without a word.
 *       Whatever sending a chunk throws, an {@link Error} included, the chunk fails and frees its place in
 *       flight.</li>
 *   <li>Listener: called on a thread of the ingester's own, never on a thread handing in records nor under the
 *       ingester's lock, so a slow listener delays neither {@code add} nor the next chunks while its calls wait in
 *       memory meanwhile, up to a bound: once 8 events per call in flight wait for it ({@code 8 * chunksInFlight},
 *       the sent and end events of four chunks per call), a thread handing in a record waits for the listener to
 *       catch up, as it waits for room (within {@link IngesterOptions#addTimeout(java.time.Duration)}), so a
 *       listener slower than the service holds a few chunks' events in memory, not all of them. The listener's own
 *       thread handing in records is never held back. Calls come one at a time, in the order things happen: a chunk's {@code sent} before its
 *       {@code acknowledged} or {@code failed}, and the chunks' events in the order they occurred (a chunk may
 *       already be under way when the listener hears it was sent). An exception from the listener is logged and
 *       the ingester goes on.</li>
 *   <li>Observation: each chunk is a composite call {@code ingest} holding its batch call, so call observers see
 *       it, with the records and bytes it carried.</li>
 * </ul>
 *
 * <p>Thread-safe. {@link #flush()} and {@link #close()} return only once the listener has been told of every
 * chunk they waited for; the listener therefore must not call them (they fail with an
 * {@link IllegalStateException} rather than wait for themselves), nor may what runs on the completion of
 * {@link #flushAsync()} or {@link #closeAsync()}, which runs on the listener's thread. They may call the
 * asynchronous forms:
 *
 * <pre>{@code
 * ingester.flushAsync()
 *         .thenCompose(progress -> ingester.closeAsync())
 *         .thenRun(() -> log.info("written: {}", ingester.progress()));
 * }</pre>
 */
public final class Ingester implements AutoCloseable {

    private final IngestQueue queue;
    private final Runnable forget;

    Ingester(SearchIndex index, ApiClient api, IngesterOptions options, IngestQueue.Sender sender) {
        this.queue = new IngestQueue(
                "ingester of index " + index.name(),
                api,
                options.assignObjectIDs(),
                options.chunkSize(),
                options.chunkBytes(),
                options.flushInterval(),
                options.chunksInFlight(),
                options.addTimeout().orElse(null),
                options.listener().orElse(null),
                sender);
        this.forget = api.onClose(this::closeWithClient);
    }

    /**
     * Closes this ingester as its client closes, so that what it holds is sent while the client can still make
     * calls. Closed by the listener, the client is kept only until every chunk's call has ended: the listener hears
     * of them once it returns, as {@link #close()} would wait for itself.
     */
    private void closeWithClient() {
        if (queue.calledByListener()) {
            queue.closeAsync();
            queue.awaitCallsEnded();
        } else {
            close();
        }
    }

    /**
     * Saves a record, as {@link SearchIndex#saveObjects(Iterable)} does (a record with an objectID replaces the
     * stored one); waits for room when the ingester is full.
     *
     * @param record the record (a typed object, a map, a {@link io.quarry.core.FreeFormRecord})
     * @throws io.quarry.core.WriteRefusedException when the wait for room timed out or was interrupted, or the
     *     ingester is closed: the record was not taken
     * @throws io.quarry.core.InvalidRequestException when the record cannot be serialised, or is one the service
     *     refuses (and with it every record of the same batch): not a JSON object (a {@code String} of JSON text, a
     *     number, a collection), or with an {@code objectID} that is empty or not a string. The record was not
     *     taken, and the ingester goes on
     */
    public void add(Object record) {
        queue.add(record);
    }

    /**
     * Asynchronous form of {@link #add(Object)}: serialises the record on this thread and hands it in without
     * waiting for room. See the class description for what the future does.
     *
     * @param record the record (a typed object, a map, a {@link io.quarry.core.FreeFormRecord})
     * @return completes once the record is taken (at once when there is room); fails with a
     *     {@link io.quarry.core.WriteRefusedException} when the ingester is closed before it is taken, when it is not
     *     taken within {@link IngesterOptions#addTimeout(java.time.Duration)}, or when a chunk's worth of adds already
     *     wait ({@code TOO_MANY_WAITING}), and with an {@link io.quarry.core.InvalidRequestException} when the record
     *     cannot be serialised or is one the service refuses (see {@link #add(Object)}): in each case the record was
     *     not taken. Cancelled, or failed by the caller ({@code orTimeout}), before the record is taken, it withdraws
     *     the record, which is then never taken
     * @throws NullPointerException when {@code record} is null
     */
    public CompletableFuture<Void> addAsync(Object record) {
        return queue.addAsync(record);
    }

    /**
     * Updates attributes of a record, creating it when missing, as {@link SearchIndex#partialUpdateObjects(Iterable)}
     * does; waits for room when the ingester is full.
     *
     * @param attributes the attributes, with the record's {@code objectID}
     * @throws io.quarry.core.WriteRefusedException when the wait for room timed out or was interrupted, or the
     *     ingester is closed: the update was not taken
     * @throws io.quarry.core.InvalidRequestException when the attributes have no objectID, one that is empty or not
     *     a string, are not a JSON object, or cannot be serialised: the update was not taken
     */
    public void partialUpdate(Object attributes) {
        queue.partialUpdate(attributes);
    }

    /**
     * Asynchronous form of {@link #partialUpdate(Object)}: serialises the attributes on this thread and hands them in
     * without waiting for room, as {@link #addAsync(Object)} does.
     *
     * @param attributes the attributes, with the record's {@code objectID}
     * @return completes once the update is taken; fails as {@link #addAsync(Object)}'s future does, and with an
     *     {@link io.quarry.core.InvalidRequestException} when the attributes have no objectID
     * @throws NullPointerException when {@code attributes} is null
     */
    public CompletableFuture<Void> partialUpdateAsync(Object attributes) {
        return queue.partialUpdateAsync(attributes);
    }

    /**
     * Deletes a record; waits for room when the ingester is full.
     *
     * @param objectID the record's objectID
     * @throws io.quarry.core.WriteRefusedException when the wait for room timed out or was interrupted, or the
     *     ingester is closed: the deletion was not taken
     * @throws io.quarry.core.InvalidRequestException when {@code objectID} is empty, which the service refuses (and
     *     with it every record of the same batch): the deletion was not taken
     */
    public void delete(String objectID) {
        queue.delete(objectID);
    }

    /**
     * Asynchronous form of {@link #delete(String)}: hands the deletion in without waiting for room, as
     * {@link #addAsync(Object)} does.
     *
     * @param objectID the record's objectID
     * @return completes once the deletion is taken; fails as {@link #addAsync(Object)}'s future does, and with an
     *     {@link io.quarry.core.InvalidRequestException} when {@code objectID} is empty
     * @throws NullPointerException when {@code objectID} is null
     */
    public CompletableFuture<Void> deleteAsync(String objectID) {
        return queue.deleteAsync(objectID);
    }

    /**
     * Sends what is held now, full chunk or not, and waits until it and every chunk in flight have ended
     * (acknowledged or failed) and the listener has returned from its call for each of them and for every chunk
     * that ended before. Records handed in meanwhile may be sent with it.
     *
     * @return the progress once they have ended: its {@code recordsFailed} says whether any chunk failed so far
     * @throws io.quarry.core.WriteRefusedException when the waiting thread is interrupted (its flag set again);
     *     the chunks still end
     * @throws IllegalStateException when called by the listener, which the flush would wait for
     */
    public WriteProgress flush() {
        queue.refuseListenerThread("flush()");
        try {
            return queue.flushAsync().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new io.quarry.core.WriteRefusedException(
                    queue + ": interrupted while flush() waited",
                    io.quarry.core.WriteRefusedException.Reason.INTERRUPTED);
        } catch (ExecutionException e) {
            throw new CompletionException(e.getCause()); // a bug: the chunks' ends never fail
        }
    }

    /**
     * Asynchronous form of {@link #flush()}: sends what is held now without waiting. May be called by the listener.
     *
     * @return the future progress once every chunk sent so far has ended and the listener was told; it completes
     *     on the listener's thread, so what runs on it should return quickly
     */
    public CompletableFuture<WriteProgress> flushAsync() {
        return queue.flushAsync();
    }

    /**
     * The progress so far: records and chunks acknowledged and failed, and the rate.
     *
     * @return the progress now
     */
    public WriteProgress progress() {
        return queue.progress();
    }

    /**
     * Refuses further records (threads waiting for room are refused too), sends what is held and waits until every
     * chunk has ended and the listener has returned from its call for each; the thread that called the listener has
     * then ended too. Calling it again waits again. An interrupt stops the waiting (the flag is set again); the
     * chunks in flight still end and are told to the listener, whose thread then ends.
     *
     * @throws IllegalStateException when called by the listener, which closing would wait for
     */
    @Override
    public void close() {
        queue.refuseListenerThread("close()");
        try {
            queue.close();
        } finally {
            if (forget != null) { // null when the client, already closing, closed it as it was made
                forget.run();
            }
        }
    }

    /**
     * Asynchronous form of {@link #close()}: refuses further records (threads waiting for room are refused too) and
     * sends what is held, without waiting. May be called by the listener, and from the completion of
     * {@link #flushAsync()}, where {@link #close()} is refused. Calling it again, or {@link #close()} after it, waits
     * again.
     *
     * @return the future end, once every chunk has ended (acknowledged or failed; a failure does not fail it) and the
     *     listener has returned from its call for each. It completes on the listener's thread, which ends once what
     *     runs on the completion has returned, so that should return quickly. Cancelling it stops nothing: the chunks
     *     still end and are told to the listener
     */
    public CompletableFuture<Void> closeAsync() {
        // forgotten by the client before the caller's continuations run: one closing the client would close it again
        return queue.closeAsync().whenComplete((ignored, error) -> forget.run());
    }

    @Override
    public String toString() {
        return queue.toString();
    }
}
