package io.quarry.core.spi;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.Endpoint;
import io.quarry.core.RequestOptions;
import io.quarry.core.internal.CallObservation;
import io.quarry.core.internal.CompositeAdmission;
import io.quarry.core.internal.CoreBridge;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Where the calls of a client view go: the shared {@link ApiClient}, the options every call of the view carries,
 * and path parameters the view fixes (an index handle fixes {@code indexName}). Immutable and cheap to derive:
 * {@link #withOptions(RequestOptions)} and {@link #withPathParameter(String, Object)} return new scopes that share
 * the client. A scope may also stand inside a composite call (see {@link #compositeCall(String, Function)}): its
 * requests are then shown inside that call to a {@link CallObserver}, and, for an asynchronous composite call, are
 * cancelled with it (see {@link #compositeCallAsync(String, Function)}).
 */
public final class CallScope {

    private final ApiClient api;
    private final RequestOptions options;
    private final Map<String, Object> pathParameters;
    /** The composite call this scope's requests are part of, or null. */
    private final ObservedCall parent;
    /** The calls cancelled with the asynchronous composite call this scope stands inside, or null. */
    private final CallGroup group;
    /** The composite call, made before the client's close() began, whose requests this scope makes; or null. */
    private final CompositeAdmission admission;

    private CallScope(
            ApiClient api,
            RequestOptions options,
            Map<String, Object> pathParameters,
            ObservedCall parent,
            CallGroup group,
            CompositeAdmission admission) {
        this.api = Objects.requireNonNull(api, "api");
        this.options = Objects.requireNonNull(options, "options");
        this.pathParameters = pathParameters;
        this.parent = parent;
        this.group = group;
        this.admission = admission;
    }

    /**
     * The scope of a whole client: no options, no fixed path parameter.
     *
     * @param api the client's transport
     * @return the scope
     */
    public static CallScope of(ApiClient api) {
        return new CallScope(api, RequestOptions.of(), Map.of(), null, null, null);
    }

    /**
     * The same scope with more options on every call; the new ones win over the scope's.
     *
     * @param extra the options to add; null adds nothing
     * @return the derived scope
     */
    public CallScope withOptions(RequestOptions extra) {
        RequestOptions merged = options.mergedWith(extra);
        return merged == options ? this : new CallScope(api, merged, pathParameters, parent, group, admission);
    }

    /**
     * The same scope with a path parameter fixed for every call (such as the index of an index handle).
     *
     * @param name  the placeholder name in the endpoints' templates
     * @param value the value
     * @return the derived scope
     */
    public CallScope withPathParameter(String name, Object value) {
        Map<String, Object> fixed = new LinkedHashMap<>(pathParameters);
        fixed.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, name));
        return new CallScope(api, options, Map.copyOf(fixed), parent, group, admission);
    }

    /**
     * Starts a request to an endpoint with the scope's options and fixed path parameters applied; the caller adds
     * the call's own parameters and body, then executes it.
     *
     * @param endpoint the endpoint
     * @return the request
     */
    public ApiRequest request(Endpoint endpoint) {
        ApiRequest request = api.request(endpoint).options(options).paths(pathParameters);
        if (group != null) {
            request.cancelledWith(group);
        }
        if (admission != null) {
            CoreBridge.admit(request, admission);
        }
        return parent == null ? request : request.partOf(parent);
    }

    /**
     * Runs a helper's steps as one composite call: a {@link CallObserver} sees a call named {@code operation} with
     * every request the steps make through the scope they are given inside it. Without an observer the steps just
     * run on this scope. A {@link Polling} wait among the steps ends as soon as this scope's client closes, unless
     * this scope stands inside a composite call made before close() began: the wait is then a step of that call, and
     * ends only when close() stops waiting for the calls in flight. Made before the client's {@code close()} began,
     * the composite call is one call in flight: the requests the steps make through the scope they are given are
     * still sent while {@code close()} lets the calls in flight end, so a helper's write is not cut between two of
     * them; made once it has begun, its requests are refused.
     *
     * <!-- not compiled: a method of the search index's handle, calling the handle's own withScope and writeChunks -->
     * <pre>{@code
     * public <R> WriteSummary saveObjects(Iterable<R> records, BatchOptions options) {
     *     return scope().compositeCall("saveObjects", scope -> withScope(scope).writeChunks(records, options));
     * }
     * }</pre>
     *
     * @param operation the helper's name, such as {@code saveObjects}
     * @param steps     the helper's work, making its requests through the scope it is given
     * @param <T>       the result type
     * @return what the steps returned
     */
    public <T> T compositeCall(String operation, Function<CallScope, T> steps) {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(steps, "steps");
        CompositeAdmission admitted = admitted();
        CompositeAdmission inCall = admitted == null ? admission : admitted;
        try {
            // the steps run on this thread: a close() they make (a listener's) does not wait for this very call
            return inCall == null
                    ? compositeCall(operation, steps, null)
                    : inCall.runOnThisThread(() -> compositeCall(operation, steps, inCall));
        } finally {
            if (admitted != null) {
                admitted.end();
            }
        }
    }

    @SuppressWarnings("try") // the scope only makes a context current
    private <T> T compositeCall(String operation, Function<CallScope, T> steps, CompositeAdmission inCall) {
        CallObserver observer = api.config().callObserver().orElse(null);
        if (observer == null) {
            return runSteps(steps, new CallScope(api, options, pathParameters, parent, group, inCall));
        }
        CallObservation observation = CallObservation.start(observer, describe(operation));
        T result;
        try (ContextScope context = observation.openCallContext()) {
            result =
                    runSteps(steps, new CallScope(api, options, pathParameters, observation.observed(), group, inCall));
        } catch (RuntimeException e) {
            observation.ended(e, 0);
            throw e;
        }
        observation.ended(null, 0);
        return result;
    }

    /**
     * Counts a new composite call in flight on the client, so that its requests go through while {@code close()}
     * lets the calls in flight end; null for one nested in a composite call (the outer one counts), and once close()
     * has begun (its requests are then refused as new calls are).
     */
    private CompositeAdmission admitted() {
        return admission != null ? null : CoreBridge.admitComposite(api);
    }

    /**
     * Runs a composite call's steps with its client noted as the waiting one, so that a {@link Polling} wait among
     * them ends when it closes; only while they run, so the note never reaches an observer or the caller's code.
     */
    private <S, R> R runSteps(Function<S, R> steps, S scope) {
        CallScope previous = WaitingClient.enter(this);
        try {
            return steps.apply(scope);
        } finally {
            WaitingClient.leave(previous);
        }
    }

    /**
     * Has a {@link Polling} wait of a composite call made on this scope ended when the client closes. A wait the caller
     * asked for (a composite call of its own, such as {@code waitForTask}) ends as soon as {@code close()} begins: it
     * delivers nothing. One a helper makes as a step of a bigger composite call admitted before close() (this scope
     * stands inside it: the task waits of a replacement of every record) is part of that call: it goes on while close()
     * lets the calls in flight end, as the call's requests do, and ends when close() stops waiting for them.
     *
     * @param wake ends the wait
     * @return removes the registration; run it once the wait has ended
     */
    Runnable endsWaitAtClose(WaitWake wake) {
        return admission == null ? api.onClose(wake) : admission.endsWaitWithTheCloseTimeout(wake::close);
    }

    /**
     * Asynchronous form of {@link #compositeCall(String, Function)}: the composite call ends when the steps' future
     * completes, and the returned future completes in the caller's context. Cancelling it cancels the steps' future
     * and every call the steps made through the scope they are given that is still in flight; a call they ask that
     * scope for afterwards is not made (its future is cancelled at once). So a helper whose steps chain their calls
     * (a poll, pages, calls made at once) stops where it stands, wherever its chain is. A stage derived from a call's
     * future is not cancelled with it, nor does cancelling such a stage cancel the call (see {@link CallGroup}). A
     * {@link Polling} wait the steps start ends as soon as this scope's client closes, as does one started by a
     * continuation of a call they made through the scope they are given (the call's future completes with the
     * client current). Made before the client's {@code close()} began, it is one call in flight until its future
     * completes, as {@link #compositeCall(String, Function)} is.
     *
     * @param operation the helper's name, such as {@code saveObjects}
     * @param steps     the helper's work, making its requests through the scope it is given
     * @param <T>       the result type
     * @return the steps' future result
     */
    public <T> CompletableFuture<T> compositeCallAsync(
            String operation, Function<CallScope, CompletableFuture<T>> steps) {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(steps, "steps");
        // inside a group, the nested composite call is one call of it: cancelled with it, not started after
        return group == null
                ? startCompositeCallAsync(operation, steps)
                : group.call(() -> startCompositeCallAsync(operation, steps));
    }

    private <T> CompletableFuture<T> startCompositeCallAsync(
            String operation, Function<CallScope, CompletableFuture<T>> steps) {
        CompositeAdmission admitted = admitted();
        Runnable ended = admitted == null ? () -> {} : admitted::end;
        try {
            return startCompositeCallAsync(operation, steps, admitted == null ? admission : admitted, ended);
        } catch (RuntimeException e) {
            ended.run();
            throw e;
        }
    }

    @SuppressWarnings("try") // the scope only makes a context current
    private <T> CompletableFuture<T> startCompositeCallAsync(
            String operation,
            Function<CallScope, CompletableFuture<T>> steps,
            CompositeAdmission inCall,
            Runnable ended) {
        CallGroup calls = new CallGroup(this::completing, WaitingClient::outside);
        CallObserver observer = api.config().callObserver().orElse(null);
        if (observer == null) {
            return calls.resultOf(
                    runSteps(steps, new CallScope(api, options, pathParameters, parent, calls, inCall)), ended);
        }
        CallObservation observation = CallObservation.start(observer, describe(operation));
        CompletableFuture<T> inner;
        try (ContextScope context = observation.openCallContext()) {
            inner = runSteps(steps, new CallScope(api, options, pathParameters, observation.observed(), calls, inCall));
        } catch (NullPointerException e) {
            // a null argument is refused at once, as without an observer (the JDK's asynchronous APIs do the same)
            observation.endWhenDone(CompletableFuture.failedFuture(e), value -> 0);
            throw e;
        } catch (RuntimeException e) {
            inner = CompletableFuture.failedFuture(e);
        }
        return observation.endWhenDone(calls.resultOf(inner, ended), value -> 0);
    }

    /** Runs a completion of a call of this scope's asynchronous composite call with its client current (Polling). */
    private void completing(Runnable completion) {
        CallScope previous = WaitingClient.enter(this);
        try {
            completion.run();
        } finally {
            WaitingClient.leave(previous);
        }
    }

    /**
     * Starts a composite call whose steps run later, one {@link CompositeCall#step(Function)} at a time, and which
     * ends when told to: for helpers whose calls do not happen inside one method, such as a lazy paged read. Prefer
     * {@link #compositeCall(String, Function)} when the steps are one block of code.
     *
     * @param operation the helper's name, such as {@code browseObjects}
     * @return the started call; end it
     */
    public CompositeCall startCompositeCall(String operation) {
        Objects.requireNonNull(operation, "operation");
        CallObserver observer = api.config().callObserver().orElse(null);
        if (observer == null) {
            return new CompositeCall(this, null);
        }
        CallObservation observation = CallObservation.start(observer, describe(operation));
        return new CompositeCall(
                new CallScope(api, options, pathParameters, observation.observed(), group, admission), observation);
    }

    private CallDescription describe(String operation) {
        Object index = pathParameters.get("indexName");
        return new CallDescription(
                CallObservation.productOf(api.module()),
                Objects.requireNonNull(operation, "operation"),
                null,
                null,
                null,
                index == null ? null : index.toString(),
                null,
                parent,
                0);
    }

    /**
     * A path parameter this scope fixes.
     *
     * @param name the placeholder name
     * @return its value, or null when the scope does not fix it
     */
    public Object pathParameter(String name) {
        return pathParameters.get(Objects.requireNonNull(name, "name"));
    }

    /**
     * The options every call of this scope carries.
     *
     * @return the options
     */
    public RequestOptions options() {
        return options;
    }

    /**
     * The shared transport.
     *
     * @return the client
     */
    public ApiClient api() {
        return api;
    }
}
