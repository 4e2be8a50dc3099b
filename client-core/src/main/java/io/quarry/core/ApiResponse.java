package io.quarry.core;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * A decoded success response with its status and headers, for callers that need more than the value, for
 * example the rate-limit headers of the analytics API (100 calls per minute).
 *
 * <p>Compared by identity: it holds a value of any type with the response's headers. A test compares
 * {@link #value()} and {@link #statusCode()}.
 *
 * @param <T> the type of the decoded value
 */
public final class ApiResponse<T> {

    private final T value;
    private final int statusCode;
    private Supplier<Map<String, List<String>>> rawHeaders;
    private volatile Map<String, List<String>> headers;

    /**
     * Creates a response of the given value, status and headers.
     *
     * @param value      the decoded body, null for an empty body or a {@code Void} target
     * @param statusCode the HTTP status
     * @param headers    the response headers
     */
    public ApiResponse(T value, int statusCode, Map<String, List<String>> headers) {
        this.value = value;
        this.statusCode = statusCode;
        this.headers = lowerCased(Objects.requireNonNull(headers, "headers"));
    }

    /**
     * A response whose headers are read only if asked for: most calls never look at them, so the transport does
     * not copy them on every call.
     *
     * @param value      the decoded body, null for an empty body or a {@code Void} target
     * @param statusCode the HTTP status
     * @param headers    gives the response headers; called at most once, on the first header lookup
     */
    public ApiResponse(T value, int statusCode, Supplier<Map<String, List<String>>> headers) {
        this.value = value;
        this.statusCode = statusCode;
        this.rawHeaders = Objects.requireNonNull(headers, "headers");
    }

    private static Map<String, List<String>> lowerCased(Map<String, List<String>> headers) {
        Map<String, List<String>> lower = new TreeMap<>();
        headers.forEach((name, values) -> lower.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
        return java.util.Collections.unmodifiableMap(lower);
    }

    /**
     * The decoded body.
     *
     * @return the value, null for an empty body or a {@code Void} target
     */
    public T value() {
        return value;
    }

    /**
     * The HTTP status.
     *
     * @return the status code
     */
    public int statusCode() {
        return statusCode;
    }

    /**
     * All response headers, names in lower case.
     *
     * @return the headers, unmodifiable
     */
    public Map<String, List<String>> headers() {
        Map<String, List<String>> h = headers;
        if (h == null) {
            synchronized (this) {
                h = headers;
                if (h == null) {
                    h = lowerCased(rawHeaders.get());
                    headers = h;
                    rawHeaders = null;
                }
            }
        }
        return h;
    }

    /**
     * A header, looked up case-insensitively.
     *
     * @param name the name
     * @return its first value
     */
    public Optional<String> header(String name) {
        Objects.requireNonNull(name, "name");
        List<String> values = headers().get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /**
     * The rate-limit headers, when the service sent them.
     *
     * @return the parsed rate limit
     */
    public Optional<RateLimit> rateLimit() {
        return RateLimit.fromHeaders(headers());
    }

    /** Shows the status and value; headers are omitted. */
    @Override
    public String toString() {
        return "ApiResponse{status=" + statusCode + ", value=" + value + "}";
    }
}
