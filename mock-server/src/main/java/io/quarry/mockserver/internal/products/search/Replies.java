package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Timestamps;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Small builders and readers shared by the route classes. */
final class Replies {

    private Replies() {}

    /**
     * {@return the service's write acknowledgement}
     *
     * @param timeMember {@code updatedAt}, {@code createdAt} or {@code deletedAt}
     * @param millis the time
     * @param taskId the task
     */
    static ObjectNode task(String timeMember, long millis, long taskId) {
        ObjectNode body = Json.object();
        body.put(timeMember, Timestamps.iso(millis));
        body.put("taskID", taskId);
        return body;
    }

    /**
     * {@return its value}
     *
     * @param body a request body
     * @param member a member that must be a non-empty string
     * @throws ApiException 400 otherwise
     */
    static String requiredString(JsonNode body, String member) {
        JsonNode value = body.get(member);
        if (value == null || !value.isString() || value.stringValue().isEmpty()) {
            throw ApiException.badRequest("Missing or invalid " + member + ": expected a non-empty string");
        }
        return value.stringValue();
    }

    /**
     * {@return the value}
     *
     * @param raw a URL parameter value, or {@code null}
     * @param name its name, for the message
     * @param defaultValue the value when absent
     * @param min the lowest accepted value
     * @param max the highest accepted value
     * @throws ApiException 400 when not an integer in range
     */
    static int intParam(String raw, String name, int defaultValue, int min, int max) {
        if (raw == null || raw.isEmpty()) {
            return defaultValue;
        }
        try {
            int value = Integer.parseInt(raw);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ApiException.badRequest(name + " must be an integer between " + min + " and " + max);
    }
}
