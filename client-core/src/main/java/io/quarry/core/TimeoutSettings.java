package io.quarry.core;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * The timeout setters of {@link ClientConfig.Builder} and {@link RequestOptions.Builder}, written once: the client
 * configuration sets the limits of every call, a request's options replace some of them for that request.
 *
 * <p>Any positive duration is taken: a connect, read or write timeout beyond OkHttp's longest (about 24.8 days)
 * acts as that, so {@code Duration.ofSeconds(Long.MAX_VALUE)} reads as "no limit" everywhere.
 *
 * @param <B> the builder
 */
abstract class TimeoutSettings<B extends TimeoutSettings<B>> {

    private static final Duration ONE_MILLISECOND = Duration.ofMillis(1);

    private Duration connect;
    private Duration read;
    private Duration write;
    private Duration attempt;
    private Duration callDeadline;

    TimeoutSettings(Timeouts start) {
        timeouts(start);
    }

    /** {@return this builder, as its own type} */
    abstract B self();

    /**
     * The exception a rejected value throws.
     *
     * @param message what was wrong
     * @return the exception
     */
    abstract RuntimeException rejected(String message);

    /**
     * Sets the connect timeout of the first try on a host. On a client, it also bounds the lookup of a host's name:
     * a resolver that does not answer within it fails that host, and the call moves on to the next. A try with less
     * time left (its attempt timeout, or what is left of the call deadline) waits for the lookup only that long.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public B connectTimeout(Duration timeout) {
        this.connect = positive(timeout, "connect timeout");
        return self();
    }

    /**
     * Sets the response timeout of READ calls on the first try on a host (it grows on a host that timed out).
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public B readTimeout(Duration timeout) {
        this.read = positive(timeout, "read timeout");
        return self();
    }

    /**
     * Sets the response timeout of WRITE calls on the first try on a host (it grows on a host that timed out).
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public B writeTimeout(Duration timeout) {
        this.write = positive(timeout, "write timeout");
        return self();
    }

    /**
     * Sets the limit on one try on one host, from connecting to the last byte of the answer; a host exceeding it
     * is marked down and the call moves to the next host (see {@link ClientConfig#attemptTimeout()} for the
     * default).
     *
     * @param timeout at least a millisecond: a shorter limit would end every try before it could be answered
     * @return this builder
     */
    public B attemptTimeout(Duration timeout) {
        this.attempt = atLeastAMillisecond(timeout, "attempt timeout");
        return self();
    }

    /**
     * Sets the limit on a whole call, every try and wait included (a client's default is
     * {@link ClientConfig#DEFAULT_CALL_DEADLINE}).
     *
     * @param deadline at least a millisecond: a shorter deadline would end every call before it could be answered
     * @return this builder
     */
    public B callDeadline(Duration deadline) {
        this.callDeadline = atLeastAMillisecond(deadline, "call deadline");
        return self();
    }

    /** {@return the limits set so far} */
    final Timeouts timeouts() {
        return new Timeouts(connect, read, write, attempt, callDeadline);
    }

    /**
     * Replaces every limit.
     *
     * @param timeouts the limits
     */
    final void timeouts(Timeouts timeouts) {
        this.connect = timeouts.connect();
        this.read = timeouts.read();
        this.write = timeouts.write();
        this.attempt = timeouts.attempt();
        this.callDeadline = timeouts.callDeadline();
    }

    /**
     * Checks that a limit leaves time for an answer: the timeouts of a try are counted in whole milliseconds, and
     * a limit below one (a nanosecond written by mistake) would fail every call and mark every host down.
     *
     * @param d the limit
     * @param what its name, for the message
     * @return the limit
     */
    private Duration atLeastAMillisecond(Duration d, String what) {
        if (positive(d, what).compareTo(ONE_MILLISECOND) < 0) {
            throw rejected(what + " must be at least 1 ms, got " + d.toString().toLowerCase(Locale.ROOT));
        }
        return d;
    }

    /**
     * Checks that a duration is positive.
     *
     * @param d the duration
     * @param what its name, for the message
     * @return the duration
     */
    final Duration positive(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.isZero()) {
            throw rejected(what + " must be positive, got " + d.toString().toLowerCase(Locale.ROOT));
        }
        return d;
    }
}
