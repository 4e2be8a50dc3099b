package io.quarry.core.internal.markedfixture;

/**
 * A type of a marked package: it keeps the SDK's mapping beside a record mapper.
 *
 * @param bookTitle a member whose name a naming strategy would change
 */
public record MarkedValue(String bookTitle) {}
