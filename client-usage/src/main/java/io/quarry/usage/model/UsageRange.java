package io.quarry.usage.model;

import io.quarry.core.InvalidRequestException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * The time range of a usage request: from {@code start} (inclusive) to {@code end} (exclusive), cut into hourly or
 * daily points. The service's limits are checked when the range is made, so a range that would be refused never
 * reaches it: {@code start} before {@code end}, at most 7 days hourly, at most 365 days daily, both within the
 * years 0000 to 9999 (the service's timestamps have four-digit years).
 *
 * <pre>{@code
 * UsageRange lastWeek = UsageRange.hourly(now.minus(Duration.ofDays(7)), now);
 * UsageRange lastYear = UsageRange.lastDays(365);
 * }</pre>
 *
 * @param start the first instant, inclusive
 * @param end the instant the range stops before
 * @param granularity one point per hour or per day
 */
public record UsageRange(Instant start, Instant end, Granularity granularity) {

    /** The service's timestamps have four-digit years (RFC 3339): none before this one, */
    private static final Instant FIRST_WRITABLE = Instant.parse("0000-01-01T00:00:00Z");
    /** and none from this one on. */
    private static final Instant PAST_WRITABLE = Instant.parse("+10000-01-01T00:00:00Z");

    /**
     * Checks the range.
     *
     * @throws InvalidRequestException when {@code start} is not before {@code end}, the range is longer than
     *     the granularity allows, or it reaches outside the years 0000 to 9999
     * @param start see the record description
     * @param end see the record description
     * @param granularity see the record description
     */
    public UsageRange {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(granularity, "granularity");
        if (start.isBefore(FIRST_WRITABLE) || !end.isBefore(PAST_WRITABLE)) {
            throw new InvalidRequestException("a usage range lies within the years 0000 to 9999, which the service's"
                    + " timestamps can write: " + start + " to " + end);
        }
        if (!start.isBefore(end)) {
            throw new InvalidRequestException("the usage range must start before it ends: " + start + " to " + end);
        }
        Duration span = Duration.between(start, end);
        if (span.compareTo(granularity.maxRange()) > 0) {
            throw new InvalidRequestException("a " + granularity.wireName() + " usage range spans at most "
                    + granularity.maxRange().toDays() + " days; " + start + " to " + end + " spans "
                    + span.toDays() + " days and "
                    + span.minusDays(span.toDays()).toHours() + " hours");
        }
    }

    /**
     * An hourly range.
     *
     * @param start the first instant, inclusive
     * @param end the instant the range stops before, at most 7 days later
     * @return the range
     * @throws InvalidRequestException when the range breaks a limit
     */
    public static UsageRange hourly(Instant start, Instant end) {
        return new UsageRange(start, end, Granularity.HOURLY);
    }

    /**
     * A daily range.
     *
     * @param start the first instant, inclusive
     * @param end the instant the range stops before, at most 365 days later
     * @return the range
     * @throws InvalidRequestException when the range breaks a limit
     */
    public static UsageRange daily(Instant start, Instant end) {
        return new UsageRange(start, end, Granularity.DAILY);
    }

    /**
     * The last 24 hours, hourly, up to now on the system clock ({@link Clock#systemUTC()}).
     *
     * @return the range
     */
    public static UsageRange lastHours24() {
        return lastHours24(Clock.systemUTC());
    }

    /**
     * The last 24 hours, hourly, up to now.
     *
     * @param clock the clock giving now
     * @return the range
     */
    public static UsageRange lastHours24(Clock clock) {
        Instant now = Objects.requireNonNull(clock, "clock").instant();
        return hourly(now.minus(Duration.ofHours(24)), now);
    }

    /**
     * The last {@code days} days, daily, up to now on the system clock ({@link Clock#systemUTC()}); 30 for a month,
     * 365 for a year.
     *
     * @param days 1 to 365
     * @return the range
     * @throws InvalidRequestException when {@code days} is out of bounds
     */
    public static UsageRange lastDays(int days) {
        return lastDays(days, Clock.systemUTC());
    }

    /**
     * The last {@code days} days, daily, up to now (30 for a month, 365 for a year).
     *
     * @param days 1 to 365
     * @param clock the clock giving now
     * @return the range
     * @throws InvalidRequestException when {@code days} is out of bounds
     */
    public static UsageRange lastDays(int days, Clock clock) {
        Instant now = Objects.requireNonNull(clock, "clock").instant();
        return daily(now.minus(Duration.ofDays(days)), now);
    }

    /**
     * The current UTC day so far, as one daily point, on the system clock ({@link Clock#systemUTC()}): from midnight
     * UTC, whatever the JVM's default time zone.
     *
     * @return the range from midnight UTC to now
     */
    public static UsageRange today() {
        return today(Clock.systemUTC());
    }

    /**
     * The current UTC day so far, as one daily point. The day is UTC's whatever the clock's zone: only its instant
     * is read.
     *
     * @param clock the clock giving now
     * @return the range from midnight UTC to now
     */
    public static UsageRange today(Clock clock) {
        Instant now = Objects.requireNonNull(clock, "clock").instant();
        Instant midnight = now.truncatedTo(ChronoUnit.DAYS);
        return daily(midnight, now.equals(midnight) ? now.plusMillis(1) : now);
    }
}
