package io.quarry.search.model;

import java.time.Instant;
import java.util.Objects;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A period during which a rule applies, both ends included, to the second (the service keeps Unix seconds: a
 * fraction of a second is dropped). Either end may be open: a range with only {@code from}
 * applies from then on, one with only {@code until} up to then, one with neither always. The service takes any two
 * ends, so a range is never refused: one whose {@code until} comes before its {@code from} holds no second, and a
 * rule read with such a range reads as it was saved.
 *
 * <p>The service keeps an end of any size. An end past an {@link Instant}'s range (saved by another tool) reads as
 * {@link Instant#MAX} or {@link Instant#MIN}, the nearest end of that range, which means the same for any time the
 * service can be asked about; so such a rule still reads, and the pages holding it.
 *
 * @param from  the first second it applies, or null for no start
 * @param until the last second it applies, or null for no end
 */
public record TimeRange(
        @JsonDeserialize(using = EpochSecondsJson.Saturated.class) @JsonSerialize(using = EpochSecondsJson.Writer.class)
        Instant from,

        @JsonDeserialize(using = EpochSecondsJson.Saturated.class) @JsonSerialize(using = EpochSecondsJson.Writer.class)
        Instant until) {

    /**
     * Keeps each end to the whole second that holds it, the service's precision, so that a range reads back equal
     * to the one saved.
     *
     * @param from see the record description
     * @param until see the record description
     */
    public TimeRange {
        from = wholeSecond(from);
        until = wholeSecond(until);
    }

    /**
     * A closed period.
     *
     * @param from  its start
     * @param until its end
     * @return the range
     */
    public static TimeRange between(Instant from, Instant until) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(until, "until");
        return new TimeRange(from, until);
    }

    /**
     * A period with no end.
     *
     * @param from its start
     * @return the range
     */
    public static TimeRange startingAt(Instant from) {
        return new TimeRange(Objects.requireNonNull(from, "from"), null);
    }

    /**
     * A period with no start.
     *
     * @param until its end
     * @return the range
     */
    public static TimeRange endingAt(Instant until) {
        return new TimeRange(null, Objects.requireNonNull(until, "until"));
    }

    private static Instant wholeSecond(Instant time) {
        return time == null || time.getNano() == 0 ? time : Instant.ofEpochSecond(time.getEpochSecond());
    }
}
