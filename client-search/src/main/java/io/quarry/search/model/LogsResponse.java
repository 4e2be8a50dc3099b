package io.quarry.search.model;

import java.util.List;

/**
 * The latest logged calls.
 *
 * @param logs the entries, newest first
 */
public record LogsResponse(List<LogEntry> logs) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param logs see the record description
     */
    public LogsResponse {
        logs = Copies.list(logs);
    }
}
