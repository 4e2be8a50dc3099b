package io.quarry.core;

import io.quarry.core.internal.base.MessagePaths;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Every host tried for a call failed with a network error, a timeout or a 5xx status. Lists each attempt;
 * the last attempt's error is the cause. A 5xx answer appears as a {@link ServerErrorException} attempt error. A
 * call whose {@link RetryRounds} policy let it try the hosts again lists the attempts of every round and says how
 * many rounds it tried ({@link #rounds()}).
 */
public final class UnreachableHostsException extends QuarryException {

    private static final long serialVersionUID = 1L;

    private final transient List<Attempt> attempts;
    /** How many rounds of tries the call made. */
    private final int rounds;

    /**
     * One try on one host.
     *
     * @param host     the host tried
     * @param error    why it failed: a {@link TransportException}, a {@link ServerErrorException}, an
     *                 {@link UnexpectedStatusException} or, for a read, a {@link DeserializationException}
     * @param duration how long the try took
     */
    public record Attempt(Host host, QuarryException error, Duration duration) {
        /**
         * Checks the components.
         *
         *
         * @param host see the record description
         * @param error see the record description
         * @param duration see the record description
         */
        public Attempt {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(error, "error");
            Objects.requireNonNull(duration, "duration");
        }

        /** Returns {@code host (duration ms): cause}. */
        @Override
        public String toString() {
            return host + " (" + duration.toMillis() + " ms): " + error.getMessage();
        }
    }

    /**
     * Creates the exception.
     *
     * @param endpoint the endpoint called
     * @param attempts every attempt, in order, at least one
     */
    public UnreachableHostsException(Endpoint endpoint, List<Attempt> attempts) {
        super(describe(endpoint, attempts), lastError(attempts));
        this.attempts = List.copyOf(attempts);
        this.rounds = 1;
    }

    /**
     * Creates the exception.
     *
     * @param endpoint the endpoint called
     * @param attempts every attempt, in order (none when the deadline passed before the first)
     * @param reason   why no further host was tried, such as the call deadline passing, or null when every host was
     *                 tried
     */
    public UnreachableHostsException(Endpoint endpoint, List<Attempt> attempts, String reason) {
        this(endpoint, Objects.requireNonNull(endpoint, "endpoint").pathTemplate(), attempts, reason);
    }

    /**
     * Creates the exception.
     *
     * @param endpoint the endpoint called
     * @param path     the path called, with key values masked
     * @param attempts every attempt, in order (none when the deadline passed before the first)
     * @param reason   why no further host was tried, or null when every host was tried
     */
    public UnreachableHostsException(Endpoint endpoint, String path, List<Attempt> attempts, String reason) {
        this(endpoint, path, attempts, reason, 1);
    }

    /**
     * Creates the exception of a call that tried the hosts in several rounds (see {@link RetryRounds}).
     *
     * @param endpoint the endpoint called
     * @param path     the path called, with key values masked
     * @param attempts every attempt of every round, in order (none when the deadline passed before the first)
     * @param reason   why no further host or round was tried, or null when every host was tried
     * @param rounds   how many rounds were tried, at least 1
     */
    public UnreachableHostsException(
            Endpoint endpoint, String path, List<Attempt> attempts, String reason, int rounds) {
        super(describe(endpoint, path, attempts, reason, rounds), lastError(attempts));
        this.attempts = List.copyOf(attempts);
        this.rounds = Math.max(1, rounds);
    }

    /**
     * How many rounds of tries the call made: 1 unless its {@link RetryRounds} policy let it wait and try the
     * hosts again.
     *
     * @return the rounds, at least 1
     */
    public int rounds() {
        return rounds;
    }

    /**
     * Every attempt, in the order made.
     *
     * @return the attempts
     */
    public List<Attempt> attempts() {
        return attempts;
    }

    private static String describe(Endpoint endpoint, List<Attempt> attempts) {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(attempts, "attempts");
        return "all " + attempts.size() + " attempt(s) failed for " + endpoint + ":" + listed(attempts);
    }

    private static String describe(Endpoint endpoint, String path, List<Attempt> attempts, String reason, int rounds) {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(attempts, "attempts");
        return "all " + attempts.size() + " attempt(s)" + (rounds > 1 ? " in " + rounds + " rounds" : "")
                + " failed for " + endpoint.method() + " " + MessagePaths.shown(path)
                + (reason == null ? "" : " (" + reason + ")") + ":" + listed(attempts);
    }

    private static String listed(List<Attempt> attempts) {
        return attempts.stream().map(a -> "\n  - " + a).collect(Collectors.joining());
    }

    /** The cause: the last attempt's error, or null when there was no attempt. */
    private static QuarryException lastError(List<Attempt> attempts) {
        return attempts.isEmpty() ? null : attempts.get(attempts.size() - 1).error();
    }
}
