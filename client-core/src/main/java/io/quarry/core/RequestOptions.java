package io.quarry.core;

import io.quarry.core.internal.base.UnmodifiableJson;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Per-request options: extra headers, extra query parameters and timeouts, applied on top of the client
 * configuration. Immutable; build with {@link #builder()}, or use {@link #of()}.
 *
 * <p>To proxy an end user's query through a backend, pass the user's IP and, when the backend holds a key
 * for that user, the key: {@code RequestOptions.builder().forwardedFor(ip).forwardedApiKey(userKey).build()}.
 * The forwarded key is treated as a secret: it is redacted from logs and never shown by {@link #toString()}; so
 * are the values of the other headers that carry a key or an authorization ({@code X-Service-API-Key},
 * {@code Authorization}, {@code Proxy-Authorization}).
 *
 * <p>Two options are equal when they set the same headers (names as given), query parameters, timeouts and choices,
 * so a test can compare the options a view was given with those it expects.
 */
public final class RequestOptions {

    /** Header naming the end user's IP when a backend proxies their query. */
    public static final String FORWARDED_FOR_HEADER = "X-Forwarded-For";
    /** Header carrying the end user's key when a backend proxies their query. */
    public static final String FORWARDED_API_KEY_HEADER = "X-Forwarded-API-Key";

    private static final RequestOptions NONE = new Builder().build();

    /** The headers, in lower case, that {@link #toString()} masks: those the logs mask whatever the credentials. */
    private static final Set<String> SECRET_HEADERS = Set.of(
            Credentials.API_KEY_HEADER.toLowerCase(Locale.ROOT),
            FORWARDED_API_KEY_HEADER.toLowerCase(Locale.ROOT),
            "authorization",
            "proxy-authorization");

    private final Map<String, String> headers;
    private final Map<String, Object> queryParameters;
    private final Timeouts timeouts;
    private final boolean retryNonIdempotentWrites;
    private final boolean keepGeneratedMembers;
    private final RetryRounds retryRounds;

    private RequestOptions(Builder builder) {
        this.headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(builder.headers));
        this.queryParameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(builder.queryParameters));
        this.timeouts = builder.timeouts();
        this.retryNonIdempotentWrites = builder.retryNonIdempotentWrites;
        this.keepGeneratedMembers = builder.keepGeneratedMembers;
        this.retryRounds = builder.retryRounds;
    }

    /**
     * No extra options.
     *
     * @return the empty options
     */
    public static RequestOptions of() {
        return NONE;
    }

    /**
     * A builder of options.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder starting from these options.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.headers.putAll(headers);
        b.queryParameters.putAll(queryParameters);
        b.timeouts(timeouts);
        b.retryNonIdempotentWrites = retryNonIdempotentWrites;
        b.keepGeneratedMembers = keepGeneratedMembers;
        b.retryRounds = retryRounds;
        return b;
    }

    /**
     * These options with {@code override} layered on top: its headers and query parameters are added (replacing
     * those of the same name) and its timeouts, when set, win. Used by client views built with
     * {@code withOptions(...)}, whose calls carry the options of every view they were derived from.
     *
     * @param override the options that win, or null for none
     * @return the merged options ({@code this} when {@code override} adds nothing)
     */
    public RequestOptions mergedWith(RequestOptions override) {
        if (override == null || override == NONE) {
            return this;
        }
        if (this == NONE) {
            return override;
        }
        Builder merged = toBuilder();
        merged.headers.putAll(override.headers);
        merged.queryParameters.putAll(override.queryParameters);
        merged.timeouts(timeouts.mergedWith(override.timeouts));
        merged.retryNonIdempotentWrites |= override.retryNonIdempotentWrites;
        merged.keepGeneratedMembers |= override.keepGeneratedMembers;
        if (override.retryRounds != null) {
            merged.retryRounds = override.retryRounds;
        }
        return merged.build();
    }

    /**
     * Extra headers; they override configured default headers of the same name.
     *
     * @return header name to value
     */
    public Map<String, String> headers() {
        return headers;
    }

    /**
     * Extra query parameters; values are encoded like the endpoint's own parameters.
     *
     * @return name to value
     */
    public Map<String, Object> queryParameters() {
        return queryParameters;
    }

    /**
     * The connect timeout for this request, replacing the configured one.
     *
     * @return the timeout, if set
     */
    public Optional<Duration> connectTimeout() {
        return Optional.ofNullable(timeouts.connect());
    }

    /**
     * The response timeout of a READ call, replacing the configured one.
     *
     * @return the timeout, if set
     */
    public Optional<Duration> readTimeout() {
        return Optional.ofNullable(timeouts.read());
    }

    /**
     * The response timeout of a WRITE call, replacing the configured one.
     *
     * @return the timeout, if set
     */
    public Optional<Duration> writeTimeout() {
        return Optional.ofNullable(timeouts.write());
    }

    /**
     * The limit on one try on one host, replacing the configured one.
     *
     * @return the limit, if set
     */
    public Optional<Duration> attemptTimeout() {
        return Optional.ofNullable(timeouts.attempt());
    }

    /**
     * The limit on the whole call, every try and wait included, replacing the configured one.
     *
     * @return the deadline, if set
     */
    public Optional<Duration> callDeadline() {
        return Optional.ofNullable(timeouts.callDeadline());
    }

    /**
     * Whether a write that is not safe to repeat (see {@link Builder#retryNonIdempotentWrites()}) is still
     * retried on the next host after it may have reached the service.
     *
     * @return true if the caller opted in
     */
    public boolean retriesNonIdempotentWrites() {
        return retryNonIdempotentWrites;
    }

    /**
     * Whether the caller asked that the hits of a search keep every member the service generates for them
     * ({@code _highlightResult}, {@code _snippetResult}, {@code _rankingInfo}, ...), whatever the query asks; see
     * {@link Builder#keepGeneratedMembers()}.
     *
     * @return true only when the caller asked
     */
    public boolean keepsGeneratedMembers() {
        return keepGeneratedMembers;
    }

    /**
     * The policy of this call once every host has failed it (see {@link RetryRounds}), replacing the client's
     * ({@link ClientConfig#retryRounds()}) and a helper's own default.
     *
     * @return the policy, if set
     */
    public Optional<RetryRounds> retryRounds() {
        return Optional.ofNullable(retryRounds);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RequestOptions that
                && headers.equals(that.headers)
                && queryParameters.equals(that.queryParameters)
                && timeouts.equals(that.timeouts)
                && retryNonIdempotentWrites == that.retryNonIdempotentWrites
                && keepGeneratedMembers == that.keepGeneratedMembers
                && Objects.equals(retryRounds, that.retryRounds);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                headers, queryParameters, timeouts, retryNonIdempotentWrites, keepGeneratedMembers, retryRounds);
    }

    /** Shows headers, query parameter names and timeouts; keys and authorizations are masked. */
    @Override
    public String toString() {
        Map<String, String> shown = new LinkedHashMap<>(headers);
        shown.replaceAll((name, value) -> SECRET_HEADERS.contains(name.toLowerCase(Locale.ROOT)) ? "***" : value);
        return "RequestOptions{headers=" + shown + ", query=" + queryParameters.keySet() + timeouts.describe()
                + (retryNonIdempotentWrites ? ", retryNonIdempotentWrites" : "")
                + (keepGeneratedMembers ? ", keepGeneratedMembers" : "")
                + (retryRounds == null ? "" : ", retryRounds=" + retryRounds) + "}";
    }

    /** Builder of {@link RequestOptions}; not thread-safe. */
    public static final class Builder extends TimeoutSettings<Builder> {
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final Map<String, Object> queryParameters = new LinkedHashMap<>();
        private boolean retryNonIdempotentWrites;
        private boolean keepGeneratedMembers;
        private RetryRounds retryRounds;

        private Builder() {
            super(Timeouts.NONE);
        }

        @Override
        Builder self() {
            return this;
        }

        @Override
        RuntimeException rejected(String message) {
            return new InvalidRequestException(message);
        }

        /**
         * Adds or replaces a header of the call. It replaces a header of the client's (a default header, or the
         * credentials' key for one call). Refused: a name the client sets itself for every call ({@code Accept},
         * {@code User-Agent}), one of the body's ({@code Content-*}) and one that frames the message or the connection
         * ({@code Host}, {@code Transfer-Encoding}, {@code Connection}, {@code Expect}, ...): sent over the client's
         * own, each would fail or misroute the call.
         *
         * @param name  header name
         * @param value header value
         * @return this builder
         * @throws InvalidRequestException for a name that is not an HTTP token or is one of the above, or a value with
         *     a control or non-ASCII character; the message never shows the value
         */
        public Builder header(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            if (!DefaultHeaderNames.isToken(name)) {
                // not shown: a line break in it would forge a line of the log the message goes to
                throw new InvalidRequestException(
                        "invalid header name: a header name is printable ASCII without spaces, ':' or separators");
            }
            if (DefaultHeaderNames.ownedByTheClient(name)) {
                throw new InvalidRequestException("header " + name
                        + " is set by the client itself (its body, connection, Accept or User-Agent) for every call");
            }
            // the value is not echoed: it may be a key
            if (value.chars().anyMatch(c -> (c < 0x20 && c != '\t') || c > 0x7E)) {
                throw new InvalidRequestException(
                        "value of header " + name + " contains a control or non-ASCII character");
            }
            headers.put(name, value);
            return this;
        }

        /**
         * Adds or replaces a query parameter. Strings, numbers, booleans, enums (by name) and collections or
         * arrays of them (comma-joined) are accepted; a null value removes the parameter. A collection or array is
         * copied: changing it afterwards changes neither this builder nor the options built.
         *
         * @param name  parameter name
         * @param value parameter value
         * @return this builder
         */
        public Builder queryParameter(String name, Object value) {
            Objects.requireNonNull(name, "name");
            if (value == null) {
                queryParameters.remove(name);
            } else {
                queryParameters.put(name, UnmodifiableJson.copy(value));
            }
            return this;
        }

        /**
         * Sets {@code X-Forwarded-For}: the IP of the end user whose query a backend proxies, so per-IP rate
         * limits and analytics apply to the user rather than to the backend.
         *
         * @param ip the end user's IP address
         * @return this builder
         */
        public Builder forwardedFor(String ip) {
            return header(FORWARDED_FOR_HEADER, ip);
        }

        /**
         * Sets {@code X-Forwarded-API-Key}: the key of the end user whose query a backend proxies, so the
         * user's key restrictions and rate limits apply. Redacted from logs like the client's own key.
         *
         * @param apiKey the end user's key (often a secured API key)
         * @return this builder
         */
        public Builder forwardedApiKey(String apiKey) {
            return header(FORWARDED_API_KEY_HEADER, apiKey);
        }

        /**
         * Opts in to retrying, on the next host, a write that is not safe to repeat (a record added without an
         * objectID, a partial update with {@code Increment}, {@code Decrement} or {@code Add}) even after it may
         * have reached the service. Without it such a write is retried only when it certainly did not reach the
         * service (the connection could not be opened), and otherwise fails with a
         * {@link WriteOutcomeUnknownException}. With it, a retried write may be applied twice.
         *
         * @return this builder
         */
        public Builder retryNonIdempotentWrites() {
            this.retryNonIdempotentWrites = true;
            return this;
        }

        /**
         * Sets the policy of this call once every host has failed it: whether it waits and tries the hosts again,
         * and for how long (see {@link RetryRounds}). Replaces the client's policy and the default of the chunked
         * write helpers and the ingester; a call that is not safe to repeat never gets a second round.
         *
         * @param rounds the policy
         * @return this builder
         */
        public Builder retryRounds(RetryRounds rounds) {
            this.retryRounds = Objects.requireNonNull(rounds, "rounds");
            return this;
        }

        /**
         * Keeps, on each hit of a search, every member the service generates for it ({@code _highlightResult},
         * {@code _snippetResult}, {@code _rankingInfo}, {@code _distinctSeqID}, ...), so that the hit's accessors
         * ({@code highlight}, {@code snippet}, {@code rankingInfo}, {@code generatedMembers}) answer. A search keeps
         * them without this option when its query asks for some (it names attributes to highlight or to snippet,
         * sets a highlight tag or the snippet ellipsis, or asks for ranking info); otherwise its hits keep nothing of
         * the answer but their records and objectIDs, and asking a hit for a generated member throws an
         * {@link IllegalStateException}. Use it to read the highlights of an index whose settings ask for them
         * (the service highlights every searchable attribute by default), the members of a parameter the SDK does
         * not look at, or to pass hits on whole. Each hit then keeps the bytes of its generated members, decoded when
         * first asked for. Calls that do not return search hits keep what they always kept.
         *
         * @return this builder
         */
        public Builder keepGeneratedMembers() {
            this.keepGeneratedMembers = true;
            return this;
        }

        /**
         * Builds the immutable options.
         *
         * @return the options
         */
        public RequestOptions build() {
            return new RequestOptions(this);
        }
    }
}
