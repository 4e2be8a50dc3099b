package io.quarry.core.internal;

import io.quarry.core.ApiException;
import io.quarry.core.ClientModule;
import io.quarry.core.Host;
import io.quarry.core.TransportException;
import io.quarry.core.internal.base.CancelForwardingFuture;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ContextScope;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.RoundStart;
import io.quarry.core.spi.TryEnd;
import io.quarry.core.spi.TryStart;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The core's side of one observed call: it tells the {@link ObservedCall} of each try and of the end, keeps a
 * try that never got its end (a cancelled or closed call) from staying open, and shields the call from an observer
 * that throws. Exists only when a {@link CallObserver} is registered.
 */
public final class CallObservation {

    private static final Logger LOG = LoggerFactory.getLogger(CallObservation.class);

    private final ObservedCall observed;
    /** Whether the observation reads body sizes, which are counted only then. */
    private final boolean countsBytes;

    private int tries;
    /** The status of the last try's answer, or 0: the status of a call that failed without an answer error. */
    private int lastStatus;

    private Host tryHost;
    private long tryStartNanos;
    private AttemptTag tryTag;
    private boolean ended;

    private CallObservation(ObservedCall observed) {
        this.observed = observed == null ? ObservedCall.NONE : observed;
        this.countsBytes = readsBodySizes(this.observed);
    }

    private static boolean readsBodySizes(ObservedCall observed) {
        try {
            return observed.readsBodySizes();
        } catch (RuntimeException e) {
            LOG.warn("the call observer failed to say whether it reads body sizes; they are counted", e);
            return true;
        }
    }

    /**
     * Starts observing a call.
     *
     * @param observer the registered observer
     * @param call     the call's description
     * @return the observation
     */
    public static CallObservation start(CallObserver observer, CallDescription call) {
        try {
            return new CallObservation(observer.callStarted(call));
        } catch (RuntimeException e) {
            LOG.warn("the call observer failed when {} started; the call goes on unobserved", call.operation(), e);
            return new CallObservation(ObservedCall.NONE);
        }
    }

    /**
     * Describes a call sending one request.
     *
     * @param product the module's product name
     * @param request the prepared request
     * @return the description
     */
    static CallDescription describe(String product, PreparedRequest request) {
        Object index = request.pathParameters().get("indexName");
        return new CallDescription(
                product,
                request.endpoint().operation(),
                request.endpoint().method(),
                request.endpoint().pathTemplate(),
                request.logPath(),
                index == null ? null : index.toString(),
                request.endpoint().callType(),
                request.parent(),
                request.records());
    }

    /**
     * The product name of a module, in lower case with words joined by {@code -}: {@code QuerySuggestions} gives
     * {@code query-suggestions}.
     *
     * @param module the module
     * @return the product name
     */
    public static String productOf(ClientModule module) {
        String name = module.name();
        StringBuilder product = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && Character.isLowerCase(name.charAt(i - 1))) {
                product.append('-');
            }
            product.append(c == ' ' ? '-' : Character.toLowerCase(c));
        }
        return product.toString().toLowerCase(Locale.ROOT);
    }

    /** {@return the observer's own handle of this call, the parent of the calls a composite call makes} */
    public ObservedCall observed() {
        return observed;
    }

    void tryStarted(Host host, AttemptTag tag) {
        // a try is always ended before the next starts; should one not be, it is closed rather than left open
        endOpenTry(0, "TryAbandoned", false, null);
        tries++;
        tryHost = host;
        tryTag = tag;
        if (countsBytes) {
            tag.countBytes();
        }
        tryStartNanos = System.nanoTime();
        try {
            observed.tryStarted(new TryStart(host, tries));
        } catch (RuntimeException e) {
            LOG.warn("the call observer failed when a try started", e);
        }
    }

    /**
     * The headers the observer adds to the try just started.
     *
     * @return header name to value, empty when it adds none or failed
     */
    Map<String, String> requestHeaders() {
        try {
            Map<String, String> headers = observed.requestHeaders();
            return headers == null ? Map.of() : headers;
        } catch (RuntimeException e) {
            LOG.warn("the call observer failed to give a try's headers; the try is sent without them", e);
            return Map.of();
        }
    }

    /**
     * Tells the observer of a new round.
     *
     * @param number the round's number, from 2
     * @param wait   the wait before its first try
     */
    void roundStarted(int number, Duration wait) {
        try {
            observed.roundStarted(new RoundStart(number, wait));
        } catch (RuntimeException e) {
            LOG.warn("the call observer failed when a round started", e);
        }
    }

    /**
     * Ends the open try, if any.
     *
     * @param status      the status answered, or 0
     * @param error       what failed the try, or null when it succeeded
     * @param markedDown  whether the host is marked down after it
     * @param requestId   the service's request ID, or null
     */
    void tryEnded(int status, Throwable error, boolean markedDown, String requestId) {
        endOpenTry(status, error == null ? null : errorType(error), markedDown, requestId);
    }

    private void endOpenTry(int status, String errorType, boolean markedDown, String requestId) {
        if (tryHost == null) {
            return;
        }
        lastStatus = status;
        TryEnd end = new TryEnd(
                tryHost,
                tries,
                status,
                errorType,
                markedDown,
                tryTag.requestBytes(),
                tryTag.responseBytes(),
                requestId,
                Duration.ofNanos(System.nanoTime() - tryStartNanos));
        tryHost = null;
        tryTag = null;
        try {
            observed.tryEnded(end);
        } catch (RuntimeException e) {
            LOG.warn("the call observer failed when a try ended", e);
        }
    }

    /**
     * Ends the call (once; later ends are ignored), first ending a try left open with the call's error.
     *
     * @param error  what the call failed with, or null
     * @param status the status of the answer that ended it, or 0
     */
    public void ended(Throwable error, int status) {
        if (ended) {
            return;
        }
        ended = true;
        Throwable cause = unwrap(error);
        if (tryHost != null) {
            endOpenTry(status, cause == null ? null : errorType(cause), false, null);
        }
        int finalStatus = status != 0 ? status : cause instanceof ApiException api ? api.statusCode() : lastStatus;
        try {
            observed.callEnded(new CallEnd(cause, finalStatus, tries));
        } catch (RuntimeException e) {
            LOG.warn("the call observer failed when a call ended", e);
        }
    }

    /** {@return the call's context made current, or a scope that changed nothing if the observer failed} */
    public ContextScope openCallContext() {
        try {
            return observed.openCallContext();
        } catch (RuntimeException e) {
            LOG.warn("the call observer failed to open the call's context", e);
            return ContextScope.NONE;
        }
    }

    /** {@return the caller's context made current, or a scope that changed nothing if the observer failed} */
    public ContextScope openCallerContext() {
        try {
            return observed.openCallerContext();
        } catch (RuntimeException e) {
            LOG.warn("the call observer failed to open the caller's context", e);
            return ContextScope.NONE;
        }
    }

    /**
     * A future completed like {@code inner}, once the call is ended, in the caller's context; cancelling it cancels
     * {@code inner}.
     *
     * @param inner    the call's own future
     * @param statusOf the status of a success value
     * @param <T>      the value type
     * @return the future to give the caller
     */
    @SuppressWarnings("try") // the scope only makes a context current
    public <T> CompletableFuture<T> endWhenDone(CompletableFuture<T> inner, ToIntFunction<T> statusOf) {
        try {
            observed.completesElsewhere(); // before the completion below can run
        } catch (RuntimeException e) {
            LOG.warn("the call observer failed to keep the caller's context", e);
        }
        CompletableFuture<T> outer = new CancelForwardingFuture<>(inner);
        inner.whenComplete((value, error) -> {
            ended(error, error == null && value != null ? statusOf.applyAsInt(value) : 0);
            try (ContextScope caller = openCallerContext()) {
                if (error != null) {
                    outer.completeExceptionally(unwrap(error));
                } else {
                    outer.complete(value);
                }
            }
        });
        return outer;
    }

    /**
     * The type an observer sees for a failure: the I/O failure's own class for a transport failure (a
     * {@code ConnectException} tells more than a {@code TransportException}), else the exception's class.
     */
    static String errorType(Throwable error) {
        if (error instanceof TransportException && error.getCause() != null) {
            return error.getCause().getClass().getSimpleName();
        }
        return error.getClass().getSimpleName();
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
