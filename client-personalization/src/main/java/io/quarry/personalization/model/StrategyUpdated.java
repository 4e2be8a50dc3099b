package io.quarry.personalization.model;

/**
 * The answer to setting the strategy.
 *
 * @param status  the HTTP status the service reports (200)
 * @param message the service's message, such as {@code Strategy was successfully updated.}
 */
public record StrategyUpdated(int status, String message) {}
