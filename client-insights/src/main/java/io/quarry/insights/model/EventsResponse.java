package io.quarry.insights.model;

/**
 * The service's answer to one call sending events: {@code 200} and {@code OK} when every event of the call was
 * accepted.
 *
 * @param status the status the service reports
 * @param message the service's message
 */
public record EventsResponse(int status, String message) {}
