package io.quarry.personalization.model;

import java.time.Instant;

/**
 * The answer to a profile deletion: the user's events up to {@code deletedUntil} no longer count; events after
 * it start a new profile. The service may take a few hours to process the deletion fully.
 *
 * @param userToken    the user
 * @param deletedUntil the time up to which the user's data are deleted
 */
public record DeletedProfile(String userToken, Instant deletedUntil) {}
