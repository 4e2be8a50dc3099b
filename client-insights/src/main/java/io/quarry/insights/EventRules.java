package io.quarry.insights;

import io.quarry.core.InvalidRequestException;
import io.quarry.insights.model.EventSubtype;
import io.quarry.insights.model.EventType;
import io.quarry.insights.model.InsightsEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The service's rules for an event, checked before sending with the service's own messages, so a bad event
 * fails at once with {@link InvalidRequestException} instead of refusing its whole call later.
 */
final class EventRules {

    static final int MAX_EVENTS_PER_CALL = 1000;
    static final int MAX_FILTERS = 10;
    static final int MAX_OBJECT_IDS = 20;
    static final Duration MAX_AGE = Duration.ofDays(4);

    private static final Pattern EVENT_NAME = Pattern.compile("[\\x20-\\x7E]{1,64}");
    private static final Pattern USER_TOKEN = Pattern.compile("[a-zA-Z0-9_\\-]{1,64}");
    private static final Pattern QUERY_ID = Pattern.compile("[0-9a-fA-F]{32}");

    private EventRules() {}

    /**
     * Checks the events of one send against the service's rules before anything is sent.
     *
     * @param events the events of one send
     * @param clock the clock the age of timestamps is measured with
     * @throws InvalidRequestException with the first problem, naming the event's place
     */
    static void check(List<InsightsEvent> events, Clock clock) {
        if (events.isEmpty()) {
            throw new InvalidRequestException("No events to process");
        }
        long now = clock.millis();
        for (int i = 0; i < events.size(); i++) {
            String problem = problem(events.get(i), now);
            if (problem != null) {
                throw new InvalidRequestException(
                        events.size() == 1 ? problem : problem + " (event " + i + " of " + events.size() + ")");
            }
        }
    }

    /** {@return the service's message for the first broken rule, or null} */
    static String problem(InsightsEvent event, long now) {
        if (event == null) {
            return "Event must not be null";
        }
        if (event.eventType() == null || event.eventType().name().isEmpty()) {
            return "EventType is required";
        }
        String name = event.eventName();
        if (name == null || name.isEmpty()) {
            return "EventName is required";
        }
        if (!EVENT_NAME.matcher(name).matches()) {
            return "EventName must be 1 to 64 ASCII characters without control characters";
        }
        EventSubtype subtype = event.eventSubtype();
        if (subtype != null
                && (!EventType.CONVERSION.equals(event.eventType())
                        || !subtype.equals(EventSubtype.ADD_TO_CART) && !subtype.equals(EventSubtype.PURCHASE))) {
            return "EventSubtype must be addToCart or purchase, and only on conversion events";
        }
        if (event.index() == null || event.index().isEmpty()) {
            return "Index is required";
        }
        if (Utf8Text.hasUnpairedSurrogate(event.index())) {
            return "Index must be a valid index name: it must not contain an unpaired surrogate";
        }
        if (event.userToken() == null || event.userToken().isEmpty()) {
            return "UserToken is required";
        }
        if (!USER_TOKEN.matcher(event.userToken()).matches()) {
            return "UserToken must be 1 to 64 characters among a-z, A-Z, 0-9, _ and -";
        }
        if (event.authenticatedUserToken() != null
                && !USER_TOKEN.matcher(event.authenticatedUserToken()).matches()) {
            return "AuthenticatedUserToken must be 1 to 64 characters among a-z, A-Z, 0-9, _ and -";
        }
        if (event.timestamp() != null) {
            String timing = timestampProblem(event.timestamp(), now);
            if (timing != null) {
                return timing;
            }
        }
        String items = itemsProblem(event);
        if (items != null) {
            return items;
        }
        if (event.queryID() != null && !QUERY_ID.matcher(event.queryID()).matches()) {
            return "Query ID must be a search query ID (32 characters hexadecimal string)";
        }
        if (event.value() != null && !Double.isFinite(event.value())) {
            // JSON has no such number: it would go as the text "NaN" or "Infinity"
            return "Value must be a number";
        }
        return null;
    }

    /** The problem with an event's time, or null: it goes as epoch milliseconds, at most 4 days old. */
    private static String timestampProblem(Instant timestamp, long now) {
        long millis;
        try {
            millis = timestamp.toEpochMilli();
        } catch (ArithmeticException e) {
            return timestamp.isBefore(Instant.EPOCH)
                    ? "Event timestamp is more than 4 days in the past"
                    : "Event timestamp " + timestamp + " is beyond epoch milliseconds in 64 bits";
        }
        return millis < now - MAX_AGE.toMillis() ? "Event timestamp is more than 4 days in the past" : null;
    }

    private static String itemsProblem(InsightsEvent event) {
        boolean hasObjects = present(event.objectIDs());
        boolean hasFilters = present(event.filters());
        if (hasObjects == hasFilters) {
            return "Event should specify ObjectIDs or Filters, but not both";
        }
        if (hasObjects) {
            if (event.objectIDs().stream().anyMatch(id -> id == null || id.isEmpty())) {
                return "ObjectIDs must be an array of non-empty strings";
            }
            if (event.objectIDs().stream().anyMatch(Utf8Text::hasUnpairedSurrogate)) {
                return "ObjectIDs must not contain an unpaired surrogate";
            }
            if (event.objectIDs().size() > MAX_OBJECT_IDS) {
                return "Event cannot have more than 20 ObjectIDs";
            }
        } else {
            if (event.filters().stream().anyMatch(filter -> filter == null || filter.isEmpty())) {
                return "Filters must be an array of non-empty strings";
            }
            if (event.filters().size() > MAX_FILTERS) {
                return "Event cannot have more than 10 Filters";
            }
            for (String filter : event.filters()) {
                int colon = filter.indexOf(':');
                if (colon <= 0 || colon == filter.length() - 1) {
                    return "Filters must be formatted as attribute:value";
                }
                String encoding = Utf8Text.urlDecodingProblem(filter.substring(0, colon));
                if (encoding == null) {
                    encoding = Utf8Text.urlDecodingProblem(filter.substring(colon + 1));
                }
                if (encoding != null) {
                    return "Filters must be URL-encoded attribute:value pairs (" + encoding + ")";
                }
            }
        }
        List<Integer> positions = event.positions();
        if (!present(positions)) {
            return null;
        }
        if (!EventType.CLICK.equals(event.eventType())) {
            return "Only events of type click can have positions";
        }
        if (event.queryID() == null || event.queryID().isEmpty()) {
            return "Event of type click with positions should specify a queryID";
        }
        if (positions.size() > MAX_OBJECT_IDS) {
            return "Positions must be an array of at most 20 integers";
        }
        if (positions.stream().anyMatch(p -> p == null || p < 1)) {
            return "Positions must be integers starting at 1";
        }
        if (!hasObjects || positions.size() != event.objectIDs().size()) {
            return "Event should have the same number of ObjectIDs and Positions";
        }
        return null;
    }

    private static boolean present(List<?> list) {
        return list != null && !list.isEmpty();
    }
}
