package io.quarry.search.model;

import java.util.List;

/**
 * What {@code replaceAllObjects} did.
 *
 * @param copy    the copy of settings, rules and synonyms to the temporary index; null when the target did
 *                not exist yet
 * @param batches the batches writing the records into the temporary index
 * @param move    the move of the temporary index over the target
 */
public record ReplaceAllResponse(UpdateTaskResponse copy, List<BatchResponse> batches, UpdateTaskResponse move) {}
