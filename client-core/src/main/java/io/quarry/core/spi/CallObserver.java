package io.quarry.core.spi;

/**
 * Sees every call a client makes: when it starts and ends, and each of its tries on a host. Registered with
 * {@link io.quarry.core.ClientConfig.Builder#callObserver(CallObserver)}; the Micrometer and OpenTelemetry
 * integrations ({@code observation-micrometer}, {@code observation-opentelemetry}) are observers, and an application
 * may write its own.
 *
 * <p>A call is one public method: a single HTTP request with its tries ({@code search}), or a composite call
 * whose HTTP calls show inside it ({@code saveObjects} in chunks with its task polls, {@code waitForTask},
 * {@code replaceAllObjects}, {@code browseObjects}); see {@link CallDescription#parent()}.
 *
 * <p>What an observer is told never holds an API key nor a header value: paths have their key segments masked and
 * no header is passed on (the service's request ID, read from the answer, is the one exception). An observation may
 * add headers to its call's requests, its trace context ({@link ObservedCall#requestHeaders()}), never replacing the
 * client's own. With no observer registered, a call does no observation work at all.
 *
 * <p>Implementations must be thread-safe, return quickly and not throw; an exception an observer throws is logged
 * and the call goes on unobserved.
 */
@FunctionalInterface
public interface CallObserver {

    /**
     * A call starts, on the thread of its caller (for a composite call's inner calls, on whichever thread starts
     * them). The context current on that thread is the caller's.
     *
     * @param call what is known of the call before its first try
     * @return the observation that the rest of the call reports to; {@link ObservedCall#NONE} to ignore the call
     */
    ObservedCall callStarted(CallDescription call);
}
