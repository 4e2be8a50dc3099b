package io.quarry.search.model;

import java.time.Instant;
import java.util.Objects;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A period during which a rule applies, in Unix seconds, both ends included. Either end may be open: a range with
 * only {@code from} applies from then on, one with only {@code until} up to then, one with neither always. The
 * service takes any two ends, so a range is never refused: one whose {@code until} comes before its {@code from}
 * holds no second, and a rule read with such a range reads as it was saved.
 *
 * <p>The service keeps an end of any size. An end past a {@code long}'s range (saved by another tool) reads as
 * {@link Long#MAX_VALUE} or {@link Long#MIN_VALUE}, the nearest end of that range, which means the same for any
 * time the service can be asked about; so such a rule still reads, and the pages holding it.
 *
 * @param from  the first second it applies, or null for no start
 * @param until the last second it applies, or null for no end
 */
public record TimeRange(
        @JsonDeserialize(using = SaturatedLongJson.class) Long from,
        @JsonDeserialize(using = SaturatedLongJson.class) Long until) {

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
        return new TimeRange(from.getEpochSecond(), until.getEpochSecond());
    }

    /**
     * A period with no end.
     *
     * @param from its start
     * @return the range
     */
    public static TimeRange startingAt(Instant from) {
        return new TimeRange(Objects.requireNonNull(from, "from").getEpochSecond(), null);
    }

    /**
     * A period with no start.
     *
     * @param until its end
     * @return the range
     */
    public static TimeRange endingAt(Instant until) {
        return new TimeRange(null, Objects.requireNonNull(until, "until").getEpochSecond());
    }
}
