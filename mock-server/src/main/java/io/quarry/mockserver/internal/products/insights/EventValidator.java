package io.quarry.mockserver.internal.products.insights;

import io.quarry.mockserver.engine.internal.text.UrlText;
import io.quarry.mockserver.engine.internal.text.Utf16;
import io.quarry.mockserver.internal.http.IndexNames;
import io.quarry.mockserver.internal.state.TrackedEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** The service's rules for one event, checked in a fixed order; the first broken rule is the answer. */
final class EventValidator {

    static final Set<String> EVENT_TYPES = Set.of("click", "view", "conversion");
    static final Set<String> EVENT_SUBTYPES = Set.of("addToCart", "purchase");
    static final Duration MAX_AGE = Duration.ofDays(4);
    static final int MAX_FILTERS = 10;
    static final int MAX_OBJECT_IDS = 20;

    private static final Pattern EVENT_NAME = Pattern.compile("[\\x20-\\x7E]{1,64}");
    private static final Pattern USER_TOKEN = Pattern.compile("[a-zA-Z0-9_\\-]{1,64}");
    private static final Pattern QUERY_ID = Pattern.compile("[0-9a-fA-F]{32}");
    private static final Pattern DECIMAL = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    /** The text members, by the name their messages give them: a number or an object there is no text. */
    private static final Map<String, String> TEXT_MEMBERS = textMembers();

    private final long now;

    EventValidator(long now) {
        this.now = now;
    }

    /**
     * {@return the service's message for the first broken rule, or {@code null} when the event is valid}
     *
     * @param event one element of {@code events}
     */
    String problem(JsonNode event) {
        if (!event.isObject()) {
            return "Event must be a JSON object";
        }
        for (Map.Entry<String, String> member : TEXT_MEMBERS.entrySet()) {
            JsonNode value = event.get(member.getKey());
            if (value != null && !value.isNull() && !value.isString()) {
                return member.getValue() + " must be a string";
            }
        }
        String type = text(event, "eventType");
        if (type == null || type.isEmpty()) {
            return "EventType is required";
        }
        if (!EVENT_TYPES.contains(type)) {
            return "EventType must be one of click, conversion, view";
        }
        String name = text(event, "eventName");
        if (name == null || name.isEmpty()) {
            return "EventName is required";
        }
        if (!EVENT_NAME.matcher(name).matches()) {
            return "EventName must be 1 to 64 ASCII characters without control characters";
        }
        String subtype = text(event, "eventSubtype");
        if (subtype != null && (!type.equals("conversion") || !EVENT_SUBTYPES.contains(subtype))) {
            return "EventSubtype must be addToCart or purchase, and only on conversion events";
        }
        String index = text(event, "index");
        if (index == null || index.isEmpty()) {
            return "Index is required";
        }
        // the name of an index the search API could hold: the same bytes and characters
        String badIndex = IndexNames.problem(index);
        if (badIndex != null) {
            return "Index must be a valid index name: " + badIndex;
        }
        String userToken = text(event, "userToken");
        if (userToken == null || userToken.isEmpty()) {
            return "UserToken is required";
        }
        if (!USER_TOKEN.matcher(userToken).matches()) {
            return "UserToken must be 1 to 64 characters among a-z, A-Z, 0-9, _ and -";
        }
        String authenticated = text(event, "authenticatedUserToken");
        if (authenticated != null && !USER_TOKEN.matcher(authenticated).matches()) {
            return "AuthenticatedUserToken must be 1 to 64 characters among a-z, A-Z, 0-9, _ and -";
        }
        String timing = timestampProblem(event.get("timestamp"));
        if (timing != null) {
            return timing;
        }
        String items = itemsProblem(event, type);
        if (items != null) {
            return items;
        }
        String queryID = text(event, "queryID");
        if (queryID != null && !QUERY_ID.matcher(queryID).matches()) {
            return "Query ID must be a search query ID (32 characters hexadecimal string)";
        }
        JsonNode value = event.get("value");
        if (value != null && !value.isNull() && !value.isNumber() && !isNumericText(value)) {
            return "Value must be a number";
        }
        return null;
    }

    private String timestampProblem(JsonNode timestamp) {
        if (timestamp == null || timestamp.isNull()) {
            return null;
        }
        if (!timestamp.isIntegralNumber() || !timestamp.canConvertToLong()) {
            return "Timestamp must be milliseconds since the Unix epoch";
        }
        if (timestamp.asLong() < now - MAX_AGE.toMillis()) {
            return "Event timestamp is more than 4 days in the past";
        }
        return null;
    }

    private static String itemsProblem(JsonNode event, String type) {
        JsonNode objectIDs = event.get("objectIDs");
        JsonNode filters = event.get("filters");
        JsonNode positions = event.get("positions");
        boolean hasObjects = present(objectIDs);
        boolean hasFilters = present(filters);
        if (hasObjects == hasFilters) {
            return "Event should specify ObjectIDs or Filters, but not both";
        }
        if (hasObjects) {
            if (!allStrings(objectIDs)) {
                return "ObjectIDs must be an array of non-empty strings";
            }
            for (JsonNode objectID : objectIDs) {
                if (Utf16.hasUnpairedSurrogate(objectID.asString())) {
                    return "ObjectIDs must not contain an unpaired surrogate";
                }
            }
            if (objectIDs.size() > MAX_OBJECT_IDS) {
                return "Event cannot have more than 20 ObjectIDs";
            }
        } else {
            if (!allStrings(filters)) {
                return "Filters must be an array of non-empty strings";
            }
            if (filters.size() > MAX_FILTERS) {
                return "Event cannot have more than 10 Filters";
            }
            for (JsonNode filter : filters) {
                String text = filter.asString();
                int colon = text.indexOf(':');
                if (colon <= 0 || colon == text.length() - 1) {
                    return "Filters must be formatted as attribute:value";
                }
                String encoding = encodingProblem(text.substring(0, colon), text.substring(colon + 1));
                if (encoding != null) {
                    return "Filters must be URL-encoded attribute:value pairs (" + encoding + ")";
                }
            }
        }
        if (!present(positions)) {
            return null;
        }
        if (!type.equals("click")) {
            return "Only events of type click can have positions";
        }
        String queryID = text(event, "queryID");
        if (queryID == null || queryID.isEmpty()) {
            return "Event of type click with positions should specify a queryID";
        }
        if (!positions.isArray() || positions.size() > MAX_OBJECT_IDS) {
            return "Positions must be an array of at most 20 integers";
        }
        for (JsonNode position : positions) {
            if (!position.isIntegralNumber() || !position.canConvertToInt() || position.asInt() < 1) {
                return "Positions must be integers starting at 1";
            }
        }
        if (!hasObjects || positions.size() != objectIDs.size()) {
            return "Event should have the same number of ObjectIDs and Positions";
        }
        return null;
    }

    /** {@return the event as tracking keeps it, its timestamp defaulting to {@code now}} */
    static TrackedEvent tracked(JsonNode event, long now) {
        JsonNode timestamp = event.get("timestamp");
        return new TrackedEvent(
                timestamp == null || timestamp.isNull() ? now : timestamp.asLong(),
                text(event, "eventType"),
                text(event, "eventSubtype"),
                text(event, "eventName"),
                text(event, "index"),
                text(event, "userToken"),
                text(event, "queryID"),
                strings(event.get("objectIDs")),
                strings(event.get("filters")),
                integers(event.get("positions")));
    }

    /**
     * The attribute and the value of a filter are each URL-encoded (a {@code %} in a value is {@code %25}), and
     * read as UTF-8 exactly: an escape that is malformed or not UTF-8 would make different filters one value.
     */
    private static String encodingProblem(String attribute, String value) {
        try {
            UrlText.decode(attribute, false);
            UrlText.decode(value, false);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private static Map<String, String> textMembers() {
        Map<String, String> members = new LinkedHashMap<>();
        members.put("eventType", "EventType");
        members.put("eventName", "EventName");
        members.put("eventSubtype", "EventSubtype");
        members.put("index", "Index");
        members.put("userToken", "UserToken");
        members.put("authenticatedUserToken", "AuthenticatedUserToken");
        members.put("queryID", "QueryID");
        members.put("currency", "Currency");
        return Collections.unmodifiableMap(members);
    }

    private static boolean present(JsonNode node) {
        return node != null && !node.isNull() && !(node.isArray() && node.isEmpty());
    }

    private static boolean allStrings(JsonNode node) {
        if (!node.isArray()) {
            return false;
        }
        for (JsonNode item : node) {
            if (!item.isString() || item.asString().isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a value given as text is a number written as JSON writes one (the text form keeps a price's decimals):
     * not {@code NaN}, {@code Infinity}, {@code 0x1p3}, {@code 5d} or {@code " 5 "}, all of which Java would read.
     */
    private static boolean isNumericText(JsonNode value) {
        return value.isString()
                && DECIMAL.matcher(value.asString()).matches()
                && Double.isFinite(Double.parseDouble(value.asString()));
    }

    private static String text(JsonNode event, String name) {
        JsonNode value = event.get(name);
        return value == null || value.isNull() ? null : value.asString();
    }

    private static List<String> strings(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node != null && node.isArray()) {
            node.forEach(item -> out.add(item.asString()));
        }
        return out;
    }

    private static List<Integer> integers(JsonNode node) {
        List<Integer> out = new ArrayList<>();
        if (node != null && node.isArray()) {
            node.forEach(item -> out.add(item.asInt()));
        }
        return out;
    }
}
