package io.quarry.analytics.model;

import java.util.List;

/**
 * How many clicks landed in a range of absolute positions.
 *
 * @param position the range [start, end], both inclusive; an end of -1 means to the end of the list
 * @param clickCount the clicks in the range
 */
public record ClickPositionBucket(List<Integer> position, long clickCount) {}
