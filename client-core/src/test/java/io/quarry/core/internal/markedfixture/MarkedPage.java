package io.quarry.core.internal.markedfixture;

import io.quarry.core.EnrichedRecord;
import java.util.List;

/**
 * A page of an answer around the caller's records, as a search or a getObjects answer is.
 *
 * @param items the caller's records, read as the caller's type reads them
 * @param hits the same as hits
 * @param page the SDK's own member
 * @param <T> the caller's record type
 */
public record MarkedPage<T>(List<T> items, List<EnrichedRecord<T>> hits, int page) {}
