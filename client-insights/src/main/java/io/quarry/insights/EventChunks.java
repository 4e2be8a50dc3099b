package io.quarry.insights;

import io.quarry.core.InvalidRequestException;
import io.quarry.insights.model.InsightsEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/** Splits events into calls the service accepts: at most 1000 events and a body of at most 2 MB each. */
final class EventChunks {

    static final int MAX_BODY_BYTES = 2 * 1024 * 1024;
    /** {@code {"events":[]}} around the events. */
    private static final int ENVELOPE_BYTES = "{\"events\":[]}".length();

    private EventChunks() {}

    /**
     * {@return the events of each call, in order}
     *
     * @param events the events, in order
     * @param bodyBytes the bytes an event takes in a body, as the client writes it there: through its record
     *     mapper for the caller's values in {@code objectData}, with a surrogate out of its pair as an escape
     * @param maxEvents the most events in one call
     * @param maxBodyBytes the largest body of one call
     * @throws InvalidRequestException if one event alone is too large for a call, naming its place
     */
    static List<List<InsightsEvent>> split(
            List<InsightsEvent> events, ToLongFunction<InsightsEvent> bodyBytes, int maxEvents, int maxBodyBytes) {
        List<List<InsightsEvent>> chunks = new ArrayList<>();
        List<InsightsEvent> current = new ArrayList<>();
        long currentBytes = ENVELOPE_BYTES;
        for (int i = 0; i < events.size(); i++) {
            InsightsEvent event = events.get(i);
            long size = bodyBytes.applyAsLong(event);
            if (ENVELOPE_BYTES + size > maxBodyBytes) {
                String problem = "An event alone makes a call of " + (ENVELOPE_BYTES + size) + " bytes, more than the "
                        + maxBodyBytes + " a call may carry";
                throw new InvalidRequestException(
                        events.size() == 1 ? problem : problem + " (event " + i + " of " + events.size() + ")");
            }
            long withEvent = currentBytes + size + (current.isEmpty() ? 0 : 1);
            if (!current.isEmpty() && (current.size() == maxEvents || withEvent > maxBodyBytes)) {
                chunks.add(List.copyOf(current));
                current = new ArrayList<>();
                withEvent = ENVELOPE_BYTES + size;
            }
            current.add(event);
            currentBytes = withEvent;
        }
        if (!current.isEmpty()) {
            chunks.add(List.copyOf(current));
        }
        return chunks;
    }
}
