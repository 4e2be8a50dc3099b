package io.quarry.search.model;

/**
 * What {@code replaceAllObjects} did.
 *
 * @param copy    the copy of settings, rules and synonyms to the temporary index; null when the target did
 *                not exist yet
 * @param write   the records written into the temporary index
 * @param move    the move of the temporary index over the target; null when there was nothing to move (the
 *                target did not exist and the source, allowed to be empty, held no record)
 */
public record ReplaceAllResponse(UpdateTaskResponse copy, WriteSummary write, UpdateTaskResponse move) {}
