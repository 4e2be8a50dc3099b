/**
 * The personalization product: the application's personalization strategy, user profiles computed from the
 * tracked events, profile deletion, and the search hook that applies a profile to searches asking for
 * personalization. Internal: not part of the public API.
 */
package io.quarry.mockserver.internal.products.personalization;
