package io.quarry.core;

import java.time.Duration;
import java.util.Objects;

/**
 * Whether, and for how long, a call goes on once every host has failed it: after a round in which each host was
 * tried and failed (a network error, a timeout, a 5xx answer, or a 429), the call waits and tries the hosts again,
 * round after round, until one answers or the rounds run out. Immutable; each method returns a copy.
 *
 * <p>The wait before round {@code n + 1} starts at {@link #firstWait()} and doubles each round up to
 * {@link #maxWait()}; a random part of it (up to half) spreads the clients that failed together, so they do not
 * come back at the same moment. When a host answered 429 or 503 with a {@code Retry-After} header, the wait is at
 * least what it asked. A new round starts only while the call is within its {@link #budget()}, counted from its
 * start, has rounds left ({@link #maxRounds()}) and would start before the call's deadline
 * ({@link ClientConfig#callDeadline()}); otherwise the call fails as it would have after its first round, its
 * exception ({@link UnreachableHostsException#rounds()}) saying how many rounds it tried. A 429 ends its round at
 * once (the rate limit is the application's, on every host alike), and a call whose last round a 429 ended fails
 * with that {@link RateLimitException}, as without rounds: one asking for a wait past the budget, such as a daily
 * limit's hours, fails after that one try.
 *
 * <p>Only calls that are safe to repeat get another round: reads, deletes, settings changes, and writes whose
 * records carry their objectID. A write the service gives an ID to (a record added without objectID) or one that
 * adds up when applied twice (a partial update with {@code Increment}, {@code Decrement} or {@code Add}) never gets
 * a second round, whatever the policy: see {@link ApiRequest#notSafeToRepeat()}.
 *
 * <p>Defaults: a single call has {@link #of()} (one round, it fails at once, as it always did) unless the client
 * ({@link ClientConfig.Builder#retryRounds(RetryRounds)}) or the call ({@link RequestOptions.Builder#retryRounds})
 * says otherwise. The chunked write helpers and the ingester of the search client ride out outages with
 * {@link #forOutages()} unless the call's options (a {@code withOptions(...)} view) set another policy.
 *
 * <pre>{@code
 * // every call of this client rides out an outage of up to about two minutes
 * ClientConfig config = ClientConfig.builder(appId, apiKey)
 *         .retryRounds(RetryRounds.forOutages().budget(Duration.ofMinutes(2)))
 *         .build();
 * // a chunked write that fails fast instead
 * index.withOptions(RequestOptions.builder().retryRounds(RetryRounds.of()).build()).saveObjects(records);
 * }</pre>
 */
public final class RetryRounds {

    private static final RetryRounds NONE =
            new RetryRounds(1, Duration.ofMillis(250), Duration.ofSeconds(8), Duration.ZERO);

    private static final RetryRounds FOR_OUTAGES =
            new RetryRounds(20, Duration.ofMillis(250), Duration.ofSeconds(8), Duration.ofSeconds(60));

    private final int maxRounds;
    private final Duration firstWait;
    private final Duration maxWait;
    private final Duration budget;

    private RetryRounds(int maxRounds, Duration firstWait, Duration maxWait, Duration budget) {
        this.maxRounds = maxRounds;
        this.firstWait = firstWait;
        this.maxWait = maxWait;
        this.budget = budget;
    }

    /**
     * One round: every host is tried once, then the call fails. The default of single calls.
     *
     * @return the policy
     */
    public static RetryRounds of() {
        return NONE;
    }

    /**
     * Rides out an outage of every host: up to 20 rounds within 60 s of the call's start, waiting 250 ms after the
     * first, then twice as long each round up to 8 s. Each call has its own budget (each chunk of a chunked write,
     * which is sent whole again), so an outage of every host that ends within 50 s of a call's start is ridden
     * out: 30 s at least for a call that started up to 20 s before the outage. The default of the chunked write
     * helpers and the ingester.
     *
     * @return the policy
     */
    public static RetryRounds forOutages() {
        return FOR_OUTAGES;
    }

    /**
     * Sets {@code maxRounds}: how many rounds a call tries at most, the first included.
     *
     * @param rounds at least 1 (1 means no further round)
     * @return a copy
     * @throws IllegalArgumentException when {@code rounds} is below 1
     */
    public RetryRounds maxRounds(int rounds) {
        if (rounds < 1) {
            throw new IllegalArgumentException("a call tries at least 1 round, not " + rounds);
        }
        return new RetryRounds(rounds, firstWait, maxWait, budget);
    }

    /**
     * Sets {@code budget}: how long after a call's start a new round may still start. A round in progress is not
     * cut short by it; the call's deadline still bounds everything.
     *
     * @param budget zero or more
     * @return a copy
     * @throws IllegalArgumentException when {@code budget} is negative
     */
    public RetryRounds budget(Duration budget) {
        Objects.requireNonNull(budget, "budget");
        if (budget.isNegative()) {
            throw new IllegalArgumentException("the budget of the rounds cannot be negative");
        }
        return new RetryRounds(maxRounds, firstWait, maxWait, budget);
    }

    /**
     * Sets the waits between rounds: {@code first} after the first round, doubling each round up to {@code max}
     * (each minus a random part of up to half).
     *
     * @param first the wait after the first round, positive
     * @param max   the longest wait, at least {@code first}
     * @return a copy
     * @throws IllegalArgumentException when {@code first} is not positive or {@code max} is below it
     */
    public RetryRounds waits(Duration first, Duration max) {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(max, "max");
        if (first.isZero() || first.isNegative() || max.compareTo(first) < 0) {
            throw new IllegalArgumentException("waits between rounds must satisfy 0 < first <= max");
        }
        return new RetryRounds(maxRounds, first, max, budget);
    }

    /** {@return how many rounds a call tries at most, the first included} */
    public int maxRounds() {
        return maxRounds;
    }

    /** {@return the wait after the first round, before the random part is taken off} */
    public Duration firstWait() {
        return firstWait;
    }

    /** {@return the longest wait between rounds, before the random part is taken off} */
    public Duration maxWait() {
        return maxWait;
    }

    /** {@return how long after a call's start a new round may still start} */
    public Duration budget() {
        return budget;
    }

    /** {@return whether a call under this policy may try more than one round} */
    public boolean retries() {
        return maxRounds > 1 && !budget.isZero();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RetryRounds that
                && maxRounds == that.maxRounds
                && firstWait.equals(that.firstWait)
                && maxWait.equals(that.maxWait)
                && budget.equals(that.budget);
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxRounds, firstWait, maxWait, budget);
    }

    /** Shows the rounds, waits and budget. */
    @Override
    public String toString() {
        return retries()
                ? "RetryRounds{maxRounds=" + maxRounds + ", waits=" + millis(firstWait) + "-" + millis(maxWait)
                        + " ms, budget=" + millis(budget) + " ms}"
                : "RetryRounds{none}";
    }

    /** Milliseconds, the longest count standing for a duration of millions of years, which has no count of them. */
    private static long millis(Duration d) {
        return d.getSeconds() >= Long.MAX_VALUE / 1000 ? Long.MAX_VALUE : d.toMillis();
    }
}
