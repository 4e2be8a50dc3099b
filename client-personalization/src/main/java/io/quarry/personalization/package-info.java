/**
 * The personalization API client: read and delete user profiles, read and set the personalization strategy,
 * and turn a profile into optional filters for a search. Entry point: {@link io.quarry.personalization.PersonalizationClient}.
 */
package io.quarry.personalization;
