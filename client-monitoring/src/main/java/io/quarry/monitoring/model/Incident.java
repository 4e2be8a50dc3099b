package io.quarry.monitoring.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.Map;

/**
 * An incident reported on a server or cluster.
 *
 * @param time when it was reported
 * @param title its title
 * @param body its description
 * @param status the status it reported
 */
public record Incident(Instant time, String title, String body, ServerStatus status) {

    /**
     * Reads the service's form {@code {"t": ms, "v": {"title", "body", "status"}}}.
     *
     * @param t the timestamp in milliseconds
     * @param v the title, body and status; null when absent (no details)
     * @return the incident
     */
    @JsonCreator
    static Incident fromJson(@JsonProperty("t") long t, @JsonProperty("v") Map<String, String> v) {
        Map<String, String> details = v == null ? Map.of() : v;
        String status = details.get("status");
        return new Incident(
                Timestamps.instant(t),
                details.get("title"),
                details.get("body"),
                status == null ? null : ServerStatus.of(status));
    }
}
