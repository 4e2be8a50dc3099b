package io.quarry.analytics.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How many clicks landed in a range of absolute positions.
 *
 * @param position the range [start, end], both inclusive; an end of -1 means to the end of the list
 * @param clickCount the clicks in the range
 */
public record ClickPositionBucket(List<Integer> position, long clickCount) {

    /**
     * Keeps an unmodifiable copy of the range, as the service sent it (a missing one stays null).
     *
     * @param position see the record description
     * @param clickCount see the record description
     */
    public ClickPositionBucket {
        position = position == null ? null : Collections.unmodifiableList(new ArrayList<>(position));
    }
}
