package io.quarry.querysuggestions.model;

/**
 * The service's answer to a change of configuration.
 *
 * @param status  the HTTP status the service repeats in the body, such as 200
 * @param message what was done, such as "Configuration was created, and a new indexing job has been scheduled."
 */
public record ConfigResponse(Integer status, String message) {}
