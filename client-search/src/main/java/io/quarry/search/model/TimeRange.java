package io.quarry.search.model;

import io.quarry.core.InvalidRequestException;
import java.time.Instant;

/**
 * A period during which a rule applies, in Unix seconds. Either end may be open: a range with only {@code from}
 * applies from then on, one with only {@code until} up to then.
 *
 * @param from  the first second it applies, or null for no start
 * @param until the last second it applies, or null for no end
 */
public record TimeRange(Long from, Long until) {

    /**
     * Validates the ends.
     *
     * @param from  the first second it applies, or null for no start
     * @param until the last second it applies, or null for no end
     * @throws InvalidRequestException when both ends are open, or {@code until} comes before {@code from}
     */
    public TimeRange {
        if (from == null && until == null) {
            throw new InvalidRequestException("A validity range needs from, until or both");
        }
        if (from != null && until != null && until < from) {
            throw new InvalidRequestException("A validity range ends (" + until + ") before it starts (" + from + ")");
        }
    }

    /**
     * A closed period.
     *
     * @param from  its start
     * @param until its end
     * @return the range
     */
    public static TimeRange between(Instant from, Instant until) {
        return new TimeRange(from.getEpochSecond(), until.getEpochSecond());
    }

    /**
     * A period with no end.
     *
     * @param from its start
     * @return the range
     */
    public static TimeRange startingAt(Instant from) {
        return new TimeRange(from.getEpochSecond(), null);
    }

    /**
     * A period with no start.
     *
     * @param until its end
     * @return the range
     */
    public static TimeRange endingAt(Instant until) {
        return new TimeRange(null, until.getEpochSecond());
    }
}
