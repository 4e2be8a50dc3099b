package io.quarry.core.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * What one attempt tells OkHttp's interceptors: the timeouts the retry strategy computed for the host
 * ({@link #timeouts} makes them the ones the socket really uses), and a mark that {@link #sendMark} sets when the
 * request goes to the network, so a write is known not to have reached the service when it is still unset. For an
 * observed call, the {@link #events} event listener also records in it the body bytes that went out and came in.
 *
 * <p>The interceptors find a try's tag by its OkHttp call, in the transport's map of calls in flight, rather than
 * as a request tag: OkHttp keys request tags by Kotlin class, and making the first Kotlin class reference loads
 * some sixty classes of Kotlin's reflection, which a client's first call paid for in start time.
 */
final class AttemptTag {

    /** OkHttp's longest timeout. */
    private static final Duration LONGEST = Duration.ofMillis(Integer.MAX_VALUE);

    /**
     * Application interceptor applying the tagged timeouts to the call's connection and exchange.
     *
     * @param tags the tag of each call in flight
     * @return the interceptor
     */
    static Interceptor timeouts(Map<Call, AttemptTag> tags) {
        return new Timeouts(tags);
    }

    /**
     * Network interceptor: runs only when the request is about to be written to a connection, which a try that
     * {@link #checkPooledConnection checks it} first finds not closed by the server.
     *
     * @param tags the tag of each call in flight
     * @return the interceptor
     */
    static Interceptor sendMark(Map<Call, AttemptTag> tags) {
        return new SendMark(tags);
    }

    /**
     * The event listeners of a client: each call's own from the caller's factory, plus one that marks the tries that
     * open a connection of their own ({@link #onReusedConnection}) and, when the calls are observed, records for a
     * try whose tag {@link #countBytes counts bytes} the body bytes OkHttp reports once a body was written, and once
     * the answer's body was read or closed (as they crossed the network, compressed if they are).
     *
     * @param tags     the tag of each call in flight
     * @param observed whether the client's calls are observed (only they count bytes)
     * @param callers  the factory of the caller's listeners, or null for a client of the transport's own
     * @return the factory
     */
    static EventListener.Factory events(Map<Call, AttemptTag> tags, boolean observed, EventListener.Factory callers) {
        // an unobserved client's listener hears connections, cancels and answers' heads only: nothing else of a call
        EventListener ours = observed ? new BodyBytes(tags) : new NewConnections(tags);
        if (callers == null) {
            return call -> ours;
        }
        // plus() gives back this listener alone when the caller's is EventListener.NONE
        return call -> callers.create(call).plus(ours);
    }

    /**
     * Marks the tries that open a connection, tells a name's lookup its try ({@link BoundedDns#lookingUpFor}), ends a
     * cancelled try's wait for a lookup, and closes the connection of an answer that has no body by HTTP's rule
     * ({@link ResponseFraming#bodiless}); holds no state of its own, so one serves every call. Called when a connection
     * is made (never for a pooled one), when a call is cancelled, and when an answer's head was read, which costs a
     * look at its status.
     */
    private static class NewConnections extends EventListener {
        final Map<Call, AttemptTag> tags;

        NewConnections(Map<Call, AttemptTag> tags) {
            this.tags = tags;
        }

        @Override
        public void dnsStart(Call call, String domainName) {
            // OkHttp calls the resolver next, on this thread
            AttemptTag tag = tags.get(call);
            if (tag != null) {
                BoundedDns.lookingUpFor(tag);
            }
        }

        @Override
        public void connectStart(Call call, InetSocketAddress address, Proxy proxy) {
            AttemptTag tag = tags.get(call);
            if (tag != null) {
                tag.newConnection = true;
            }
        }

        @Override
        public void responseHeadersEnd(Call call, Response response) {
            // before OkHttp opens the body and may pool the connection again
            if (ResponseFraming.bodiless(response)) {
                AttemptTag tag = tags.get(call);
                if (tag != null && tag.connection != null) {
                    ResponseFraming.closeConnection(tag.connection);
                }
            }
        }

        @Override
        public void canceled(Call call) {
            // OkHttp's cancel ends no name lookup: the try's wait for one ends here
            AttemptTag tag = tags.get(call);
            if (tag != null) {
                tag.cancelled();
            }
        }
    }

    /** Records the body bytes of the tries that count them, and marks new connections too. */
    private static final class BodyBytes extends NewConnections {
        BodyBytes(Map<Call, AttemptTag> tags) {
            super(tags);
        }

        private AttemptTag counting(Call call) {
            AttemptTag tag = tags.get(call);
            return tag != null && tag.countsBytes ? tag : null;
        }

        @Override
        public void requestBodyEnd(Call call, long byteCount) {
            AttemptTag tag = counting(call);
            // an empty body sends nothing: it stays "none sent"
            if (tag != null && byteCount > 0) {
                tag.requestBytes = byteCount;
            }
        }

        @Override
        public void responseHeadersEnd(Call call, Response response) {
            super.responseHeadersEnd(call, response);
            AttemptTag tag = counting(call);
            if (tag != null) {
                tag.responseBytes = 0; // an answer came; its body is counted once read
            }
        }

        @Override
        public void responseBodyEnd(Call call, long byteCount) {
            AttemptTag tag = counting(call);
            if (tag != null) {
                tag.responseBytes = byteCount;
            }
        }
    }

    private static final class Timeouts implements Interceptor {
        private final Map<Call, AttemptTag> tags;

        Timeouts(Map<Call, AttemptTag> tags) {
            this.tags = tags;
        }

        @Override
        public Response intercept(Chain chain) throws IOException {
            AttemptTag tag = tags.get(chain.call());
            if (tag == null) {
                return chain.proceed(chain.request());
            }
            // the try's overall limit runs from here, as OkHttp's call timeout would: time queued does not count
            tag.startLimit();
            // only a timeout that differs from the client's needs a new chain
            Chain adjusted = chain;
            if (adjusted.connectTimeoutMillis() != tag.connectMillis) {
                adjusted = adjusted.withConnectTimeout(tag.connectMillis, TimeUnit.MILLISECONDS);
            }
            if (adjusted.readTimeoutMillis() != tag.responseMillis) {
                adjusted = adjusted.withReadTimeout(tag.responseMillis, TimeUnit.MILLISECONDS);
            }
            if (adjusted.writeTimeoutMillis() != tag.responseMillis) {
                adjusted = adjusted.withWriteTimeout(tag.responseMillis, TimeUnit.MILLISECONDS);
            }
            return adjusted.proceed(chain.request());
        }
    }

    private static final class SendMark implements Interceptor {
        private final Map<Call, AttemptTag> tags;
        private final ConnectionUses uses = new ConnectionUses();

        SendMark(Map<Call, AttemptTag> tags) {
            this.tags = tags;
        }

        @Override
        public Response intercept(Chain chain) throws IOException {
            AttemptTag tag = tags.get(chain.call());
            if (tag == null) {
                return chain.proceed(chain.request());
            }
            okhttp3.Connection connection = chain.connection();
            if (connection != null && IdleCloseCheck.appliesTo(connection)) {
                long idle = uses.sincePreviousRequest(connection, System.nanoTime());
                if (tag.checksPooledConnection
                        && !tag.newConnection
                        && idle >= ConnectionUses.CHECKED_AFTER
                        && IdleCloseCheck.closedByServer(connection)) {
                    tag.closedBeforeSend = true;
                    throw new IdleCloseCheck.ClosedBeforeSend();
                }
            }
            tag.sent = true;
            tag.connection = connection;
            Response response = chain.proceed(chain.request());
            if (ResponseFraming.bodiless(response)) {
                return ResponseFraming.withoutBody(response); // its connection closed as its head ended
            }
            long length = ResponseFraming.length(response);
            if (length == ResponseFraming.AS_IS) {
                return response;
            }
            if (length >= 0) {
                return ResponseFraming.limitedTo(response, length);
            }
            ResponseFraming.Refused refused = ResponseFraming.refused(response, length);
            // the connection's framing is lost: cancelling closes it, where closing the answer could pool it
            chain.call().cancel();
            response.close();
            throw refused;
        }
    }

    /** {@link #deadline()} of a try whose limit has not started (queued, or never given one). */
    static final long NOT_STARTED = Long.MIN_VALUE;

    private final int connectMillis;
    private final int responseMillis;
    private volatile long limitNanos = -1;
    private volatile long deadline = NOT_STARTED;
    private volatile boolean limitReached;
    private volatile boolean sent;
    private volatile boolean newConnection;
    private volatile boolean countsBytes;
    private volatile long requestBytes = -1;
    private volatile long responseBytes = -1;
    private volatile boolean cancelled;
    private volatile boolean checksPooledConnection;
    private volatile boolean closedBeforeSend;
    /**
     * The connection the try's request went out on, once it did; written and read on the thread OkHttp sends it on,
     * so that the answer's events can close it ({@link ResponseFraming#bodiless}).
     */
    private okhttp3.Connection connection;
    /** The name lookup this try waits for, if it waits for one now. */
    private volatile BoundedDns.Lookup lookup;

    /**
     * @param connect  connect timeout
     * @param response timeout waiting for response bytes, and for sending request bytes
     */
    AttemptTag(Duration connect, Duration response) {
        this.connectMillis = millis(connect);
        this.responseMillis = millis(response);
    }

    /**
     * Sets the try's overall time limit, counted from when OkHttp starts running the call.
     *
     * @param nanos the limit
     */
    void limit(long nanos) {
        limitNanos = nanos;
    }

    /** Starts the limit, if any, and has {@link AttemptLimits} watch it. */
    void startLimit() {
        long nanos = limitNanos;
        if (nanos >= 0 && deadline == NOT_STARTED) {
            long at = System.nanoTime() + nanos;
            deadline = at;
            AttemptLimits.started(at);
        }
    }

    /** {@return when the try's limit passes ({@link System#nanoTime()} terms), or {@link #NOT_STARTED}} */
    long deadline() {
        return deadline;
    }

    /** Marks the try as ended by its limit (its call is cancelled next). */
    void markLimitReached() {
        limitReached = true;
    }

    /** {@return whether the try was cancelled because its limit passed} */
    boolean limitReached() {
        return limitReached;
    }

    /** {@return whether the request went to the network, so the service may have received it} */
    boolean maySendHaveHappened() {
        return sent;
    }

    /**
     * {@return whether the request went out on a connection an earlier call had used: one the server may have
     * closed while it sat idle in the pool, which the request then never reached}
     */
    boolean onReusedConnection() {
        return sent && !newConnection;
    }

    /**
     * Notes the lookup this try waits for now (null once it stops waiting), so that {@link #cancelled} can wake it.
     *
     * @param lookup the lookup, or null
     */
    void waitingFor(BoundedDns.Lookup lookup) {
        this.lookup = lookup;
    }

    /** Marks the try as cancelled, and wakes its wait for a name lookup if it waits for one. */
    void cancelled() {
        // the flag is set before the lookup is read, and BoundedDns sets the lookup before it reads the flag: either
        // the waiter sees the flag, or this sees the lookup and wakes it
        cancelled = true;
        BoundedDns.Lookup waiting = lookup;
        if (waiting != null) {
            waiting.wakeWaiting();
        }
    }

    /** {@return whether the try's call was cancelled} */
    boolean isCancelled() {
        return cancelled;
    }

    /**
     * Has {@link #sendMark} look whether the server closed the pooled connection this try is about to go on, and not
     * send it then ({@link IdleCloseCheck}): for a write not safe to repeat, which may otherwise not be sent again.
     */
    void checkPooledConnection() {
        checksPooledConnection = true;
    }

    /** {@return whether the try was not sent because the server had closed the pooled connection it was to go on} */
    boolean closedBeforeSend() {
        return closedBeforeSend;
    }

    /** Asks {@link #events} to record this try's body bytes (only observed calls pay for it). */
    void countBytes() {
        countsBytes = true;
    }

    /** {@return the request body bytes sent, or -1 when none were (or not counted)} */
    long requestBytes() {
        return requestBytes;
    }

    /**
     * {@return the response body bytes read, once the body was read whole or closed (0 before), or -1 when no answer
     * came (or not counted)}
     */
    long responseBytes() {
        return responseBytes;
    }

    /**
     * A timeout as OkHttp takes it: whole milliseconds in an int, about 24.8 days at most; a longer one is taken as
     * the longest (OkHttp refuses it otherwise, and {@code Duration.toMillis} overflows past 292 million years).
     *
     * @param d a positive duration
     * @return its milliseconds, 1 to {@code Integer.MAX_VALUE}
     */
    static int millis(Duration d) {
        return d.compareTo(LONGEST) >= 0 ? Integer.MAX_VALUE : (int) Math.max(1, d.toMillis());
    }
}
