package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.IndexedRecord;

/**
 * A matching record with its relevance.
 *
 * @param record the record
 * @param match its textual relevance
 * @param reading the index of the query reading it matched best (0 is the query as typed)
 */
public record Hit(IndexedRecord record, Match match, int reading) {
}
