package io.quarry.core.internal.unmarkedfixture;

/**
 * A type of an unmarked package beside the marked one, from the same classes: it is the caller's.
 *
 * @param bookTitle a member whose name a naming strategy would change
 */
public record UnmarkedValue(String bookTitle) {}
