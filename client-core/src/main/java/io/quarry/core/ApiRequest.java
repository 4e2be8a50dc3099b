package io.quarry.core;

import io.quarry.core.internal.CompositeAdmission;
import io.quarry.core.internal.CoreBridge;
import io.quarry.core.internal.HttpTransport;
import io.quarry.core.internal.PathTemplate;
import io.quarry.core.internal.PreparedRequest;
import io.quarry.core.internal.QueryEncoder;
import io.quarry.core.internal.base.CancelForwardingFuture;
import io.quarry.core.spi.CallGroup;
import io.quarry.core.spi.ObservedCall;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

/**
 * One call being put together by a module: path parameters, query parameters, body and options, then an
 * {@code execute} form. A module's handle obtains it from its {@link io.quarry.core.spi.CallScope} (which fills
 * in the view's options and fixed path parameters), or directly from {@link ApiClient#request(Endpoint)}:
 * <pre>{@code
 * static final Endpoint SAVE_OBJECT = Endpoint.write("saveObject", "PUT", "/1/indexes/{indexName}/{objectID}");
 *
 * public ObjectUpdatedResponse saveObject(String objectID, Object record) {
 *     return scope().request(SAVE_OBJECT)
 *             .path("objectID", objectID) // indexName is fixed by the index handle's scope
 *             .body(record)
 *             .execute(ObjectUpdatedResponse.class);
 * }
 * }</pre>
 * The path is expanded and checked when an {@code execute} method is called, before any I/O. Not
 * thread-safe; it may be executed more than once.
 *
 * <p>Retries: a call that fails on one host with a network error, a timeout, a 5xx or a 3xx is sent again to
 * the next host; so is a call whose success answer cannot be read (cut, corrupt, empty), a write too: it was
 * applied, and applying it again changes nothing. A write marked {@link #notSafeToRepeat()} (an add without
 * {@code objectID}, an increment-style partial update) is sent again only when it certainly did not reach the
 * service (the connection could not be opened); otherwise it fails with a {@link WriteOutcomeUnknownException},
 * unless the caller opted in with {@link RequestOptions.Builder#retryNonIdempotentWrites()}. Such a write whose
 * success answer cannot be read fails with a {@link DeserializationException}, opted in or not: it was applied.
 */
public final class ApiRequest {

    static {
        CoreBridge.admissions((request, admission) -> ((ApiRequest) request).admission = admission);
    }

    private final HttpTransport transport;
    private final Endpoint endpoint;
    // shared immutable maps until a call of this request adds to them (most requests add nothing to the scope's
    // fixed path parameters, and a search has no query parameters)
    private Map<String, Object> pathParameters = Map.of();
    private boolean pathParametersOwned;
    private Map<String, Object> queryParameters = Map.of();
    private boolean queryParametersOwned;
    private Object body;
    private RequestOptions options = RequestOptions.of();
    private boolean notSafeToRepeat;
    /** The generated members the answer's hits keep unless the options keep all; null for every one. */
    private List<Set<String>> keptMembers;
    /** How to ask for each generated member, in the module's words; with {@link #keptMembers}. */
    private Map<String, String> howToAsk;

    private BooleanSupplier notSafeToRepeatAsWritten;
    private ObservedCall parent;
    private CallGroup group;
    /** The composite call admitted before close() that this request is part of (set by its scope), or null. */
    private CompositeAdmission admission;

    private int records;
    private IntConsumer roundListener;

    ApiRequest(HttpTransport transport, Endpoint endpoint) {
        this.transport = transport;
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    }

    /**
     * Sets a path parameter; its {@code toString()} is percent-encoded as one segment.
     *
     * @param name  the placeholder name in the endpoint's template
     * @param value the value; must not be null, empty, {@code .} or {@code ..}
     * @return this request
     * @throws NullPointerException when the value is null, naming the placeholder: a call refuses a null it cannot
     *     send at once, its asynchronous form too
     */
    public ApiRequest path(String name, Object value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, name);
        if (!pathParametersOwned) {
            pathParameters = new LinkedHashMap<>(pathParameters);
            pathParametersOwned = true;
        }
        pathParameters.put(name, value);
        return this;
    }

    /**
     * Sets every path parameter of a map, as {@link #path} does one by one.
     *
     * @param values placeholder name to value; no null names or values
     * @return this request
     * @throws NullPointerException if a name or value is null
     */
    public ApiRequest paths(Map<String, ?> values) {
        if (pathParameters.isEmpty()) {
            // an immutable map is kept as it is, not copied
            pathParameters = Map.copyOf(values);
            pathParametersOwned = false;
        } else {
            values.forEach(this::path);
        }
        return this;
    }

    /**
     * Sets a query parameter; a null value leaves it out. Strings, numbers, booleans, enums (by name) and
     * collections or arrays of them (comma-joined) are accepted.
     *
     * @param name  the parameter name
     * @param value the value
     * @return this request
     */
    public ApiRequest query(String name, Object value) {
        Objects.requireNonNull(name, "name");
        if (!queryParametersOwned) {
            queryParameters = new LinkedHashMap<>(queryParameters);
            queryParametersOwned = true;
        }
        if (value == null) {
            queryParameters.remove(name);
        } else {
            queryParameters.put(name, value);
        }
        return this;
    }

    /**
     * Sets several query parameters.
     *
     * @param parameters name to value; null values are left out
     * @return this request
     */
    public ApiRequest query(Map<String, ?> parameters) {
        parameters.forEach(this::query);
        return this;
    }

    /**
     * Sets the body, serialised as JSON while it is sent (records, maps, lists, {@link FreeFormRecord}, ...;
     * null members omitted).
     *
     * @param body the body, or null for none
     * @return this request
     */
    public ApiRequest body(Object body) {
        this.body = body;
        return this;
    }

    /**
     * Marks this request as a write that must not be delivered twice: adding a record the service gives an ID,
     * an {@code Increment}-style partial update. It is then retried on another host only when it certainly did
     * not reach the service, and fails with a {@link WriteOutcomeUnknownException} when it may have (unless the
     * options opt in with {@link RequestOptions.Builder#retryNonIdempotentWrites()}).
     *
     * @return this request
     */
    public ApiRequest notSafeToRepeat() {
        this.notSafeToRepeat = true;
        return this;
    }

    /**
     * Marks this request as one whose answer's hits keep only some of the members the service generates for them
     * ({@code _highlightResult}, {@code _snippetResult}, {@code _rankingInfo}, ...), unless the options ask for all
     * ({@link RequestOptions.Builder#keepGeneratedMembers()}): a module calls it for a search with the members its
     * parameters ask for. One set of names applies to every hit; a list of several applies one per item of the
     * answer's outermost array (a multi-search's results, in its queries' order), each hit keeping those of the item
     * it is in, and a hit the decoding cannot place (an item past the list) keeps those of every set. A hit keeps the
     * undecoded bytes of the members named and steps over the others, copying nothing of them;
     * {@link EnrichedRecord#generatedMembers()} gives those kept, and asking it for another one
     * ({@link EnrichedRecord#generatedMember(String)}) throws an {@link IllegalStateException} saying how to ask: the
     * module's hint for that member, and {@link RequestOptions.Builder#keepGeneratedMembers()}. A
     * hit that keeps none holds nothing of the answer but its record and objectID, and
     * {@link EnrichedRecord#generatedMembers()} throws too. Records whose type takes every member (a
     * {@link FreeFormRecord}, a map) get them all as always. Without this mark, hits keep every generated member the
     * service sends.
     *
     * @param perResult the names of the members kept: one set for every hit, or one per item of the answer's
     *                  outermost array; an empty set keeps none
     * @param howToAsk  how the module's parameters ask for each member, by the member's name, in the words of an
     *                  exception message (for example {@code "in the query (getRankingInfo)"}); a member it does
     *                  not name is asked for with the options only. Best a constant: a call finds again what an
     *                  earlier one with the same names and hints built
     * @return this request
     * @throws IllegalArgumentException when the list is empty
     */
    public ApiRequest generatedMembersKept(List<? extends Set<String>> perResult, Map<String, String> howToAsk) {
        Objects.requireNonNull(perResult, "perResult");
        Objects.requireNonNull(howToAsk, "howToAsk");
        if (perResult.isEmpty()) {
            throw new IllegalArgumentException("one set of names at least: an empty one keeps none");
        }
        this.keptMembers = List.copyOf(perResult); // the sets are copied as the request is prepared
        this.howToAsk = howToAsk;
        return this;
    }

    /**
     * Marks this request as a write that must not be delivered twice when its body, as written, says so: for a body
     * whose serialisation notes what makes it unsafe to repeat (an {@code Increment} inside a typed record), so that
     * it is not serialised a second time only to find out. {@code unsafe} is asked only once the body was serialised
     * for a try: before the try goes out, and when it failed and the call decides whether to send it again. It must
     * answer from what every serialisation so far wrote (an answer, once true, stays true). A body streamed rather
     * than buffered (over 1 MB) is serialised in part before it goes out, so the call then takes the care it takes
     * for a write marked {@link #notSafeToRepeat()} (its pooled connection checked); and it may fail before its
     * serialisation reached its end: the part not written never reached the service, so the answer of what was
     * written is still the one that counts. A request marked {@link #notSafeToRepeat()} stays so whatever
     * {@code unsafe} answers.
     *
     * @param unsafe whether the body written so far holds an operation that must not be applied twice
     * @return this request
     */
    public ApiRequest notSafeToRepeatIf(BooleanSupplier unsafe) {
        this.notSafeToRepeatAsWritten = Objects.requireNonNull(unsafe, "unsafe");
        return this;
    }

    /**
     * Makes this request part of a composite call (a helper such as a chunked write), so that a
     * {@link io.quarry.core.spi.CallObserver} shows it inside that call. {@link io.quarry.core.spi.CallScope} sets
     * it for the requests of a composite call's scope.
     *
     * @param parent the composite call's observation, or null for none
     * @return this request
     */
    public ApiRequest partOf(ObservedCall parent) {
        this.parent = parent;
        return this;
    }

    /**
     * Makes this request's asynchronous sends calls of a group, cancelled with it: a send while the group is
     * cancelled makes no call. {@link io.quarry.core.spi.CallScope} sets it for the requests of an asynchronous
     * composite call's scope. A blocking send ignores it.
     *
     * @param group the group, or null for none
     * @return this request
     */
    public ApiRequest cancelledWith(CallGroup group) {
        this.group = group;
        return this;
    }

    /**
     * Says how many records this request writes (a chunk of a chunked write, of an ingester), so that a
     * {@link io.quarry.core.spi.CallObserver} can count the records written and failed
     * ({@link io.quarry.core.spi.CallDescription#records()}) and, with the body sizes of the tries, their bytes.
     *
     * @param count the number of records, 0 or more
     * @return this request
     */
    public ApiRequest records(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("a record count is 0 or more, not " + count);
        }
        this.records = count;
        return this;
    }

    /**
     * Tells {@code listener} the number of each new round of tries this call starts (see {@link RetryRounds}): 2,
     * then 3, and so on, as an {@link io.quarry.core.spi.ObservedCall#roundStarted} is told, whether or not the
     * client has an observer. For a helper that reports the rounds of its calls, such as a chunked write telling
     * its listener how many rounds a chunk took. Told on the call's thread before the wait; the listener must
     * return quickly and not throw.
     *
     * @param listener told each new round's number, or null for none
     * @return this request
     */
    public ApiRequest onRound(IntConsumer listener) {
        this.roundListener = listener;
        return this;
    }

    /**
     * Sets the per-request options.
     *
     * @param options the options, null meaning none
     * @return this request
     */
    public ApiRequest options(RequestOptions options) {
        this.options = options == null ? RequestOptions.of() : options;
        return this;
    }

    /**
     * Sends the request and decodes the body. {@code Void.class} ignores the body, so the status alone decides
     * success (a 2xx whose body is cut is not retried, which would duplicate an acknowledged write);
     * {@code String.class} returns the body as raw text (for JSON Lines answers).
     *
     * @param type the response type
     * @param <T>  the response type
     * @return the decoded value; null for an empty body
     * @throws QuarryException on any failure
     */
    public <T> T execute(Class<T> type) {
        return this.<T>send(type).value();
    }

    /**
     * Sends the request and decodes the body into a generic type.
     *
     * @param type the response type
     * @param <T>  the response type
     * @return the decoded value; null for an empty body
     * @throws QuarryException on any failure
     */
    public <T> T execute(TypeRef<T> type) {
        return this.<T>send(type.type()).value();
    }

    /**
     * Sends the request and returns the decoded body with status and headers.
     *
     * @param type the response type
     * @param <T>  the response type
     * @return the response
     * @throws QuarryException on any failure
     */
    public <T> ApiResponse<T> executeForResponse(Class<T> type) {
        return send(type);
    }

    /**
     * Sends the request and returns the decoded body with status and headers.
     *
     * @param type the response type
     * @param <T>  the response type
     * @return the response
     * @throws QuarryException on any failure
     */
    public <T> ApiResponse<T> executeForResponse(TypeRef<T> type) {
        return send(type.type());
    }

    /**
     * Sends the request without blocking. Cancelling the future cancels the HTTP call.
     *
     * @param type the response type
     * @param <T>  the response type
     * @return the future value; fails with a {@link QuarryException}
     */
    public <T> CompletableFuture<T> executeAsync(Class<T> type) {
        return valueOf(sendAsync(type));
    }

    /**
     * Sends the request without blocking. Cancelling the future cancels the HTTP call.
     *
     * @param type the response type
     * @param <T>  the response type
     * @return the future value; fails with a {@link QuarryException}
     */
    public <T> CompletableFuture<T> executeAsync(TypeRef<T> type) {
        return valueOf(sendAsync(type.type()));
    }

    /**
     * Sends the request without blocking, keeping status and headers. Cancelling the future cancels the call.
     *
     * @param type the response type
     * @param <T>  the response type
     * @return the future response
     */
    public <T> CompletableFuture<ApiResponse<T>> executeForResponseAsync(Class<T> type) {
        return sendAsync(type);
    }

    /**
     * Sends the request without blocking, keeping status and headers. Cancelling the future cancels the call.
     *
     * @param type the response type
     * @param <T>  the response type
     * @return the future response
     */
    public <T> CompletableFuture<ApiResponse<T>> executeForResponseAsync(TypeRef<T> type) {
        return sendAsync(type.type());
    }

    private <T> ApiResponse<T> send(Type type) {
        return transport.execute(prepare(), type);
    }

    private <T> CompletableFuture<ApiResponse<T>> sendAsync(Type type) {
        PreparedRequest prepared;
        try {
            prepared = prepare();
        } catch (QuarryException e) {
            return CompletableFuture.failedFuture(e);
        }
        CompletableFuture<ApiResponse<T>> call = group == null
                ? transport.executeAsync(prepared, type)
                : group.call(() -> transport.executeAsync(prepared, type));
        PageCalls.sent(call); // a paged read's page: cancelled with its reading, see PagedIterable
        return call;
    }

    private PreparedRequest prepare() {
        Map<String, Object> query = queryParameters;
        if (!options.queryParameters().isEmpty()) {
            query = new LinkedHashMap<>(queryParameters);
            query.putAll(options.queryParameters());
        }
        String template = endpoint.pathTemplate();
        String path = PathTemplate.expand(template, pathParameters);
        return new PreparedRequest(
                endpoint,
                path,
                // most paths hold no key: their log form is the path itself
                PathTemplate.masksKeys(template) ? PathTemplate.expandForLog(template, pathParameters) : path,
                QueryEncoder.encode(query),
                body,
                options,
                options.keepsGeneratedMembers() ? null : keptMembers,
                howToAsk,
                notSafeToRepeat,
                notSafeToRepeatAsWritten,
                pathParameters,
                parent,
                records,
                roundListener,
                admission);
    }

    /** The value of the response, in a future whose cancellation cancels the call. */
    private static <T> CompletableFuture<T> valueOf(CompletableFuture<ApiResponse<T>> response) {
        CompletableFuture<T> value = new CancelForwardingFuture<>(response);
        response.whenComplete((r, error) -> {
            if (error != null) {
                value.completeExceptionally(
                        error instanceof java.util.concurrent.CompletionException && error.getCause() != null
                                ? error.getCause()
                                : error);
            } else {
                value.complete(r.value());
            }
        });
        return value;
    }
}
