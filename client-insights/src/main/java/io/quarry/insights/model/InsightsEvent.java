package io.quarry.insights.model;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.spi.CopyOnWrite;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One event: what a user ({@code userToken}) did ({@code eventType}, named {@code eventName}) on records
 * ({@code objectIDs}) or on filters ({@code attribute:value}) of an index, and when. Immutable: start from
 * {@link #click}, {@link #view} or {@link #conversion} and set the rest; each method returns a new event.
 *
 * <pre>{@code
 * InsightsEvent bought = InsightsEvent.conversion("Product purchased", "products", "user-42")
 *         .objectIDs(List.of("sku-1"))
 *         .queryID(queryID)
 *         .subtype(EventSubtype.PURCHASE)
 *         .currency("EUR")
 *         .value(19.90);
 * }</pre>
 * The client checks the service's rules before sending (see {@link io.quarry.insights.InsightsClient#send}); a
 * member left null is not sent (no timestamp means "now" for the service). Building an event checks nothing, so a
 * null name, index or user token given to a factory is refused there, before anything is sent, with the rule it
 * breaks ("EventName is required"), as every other rule of an event is.
 *
 * @param eventType click, view or conversion
 * @param eventSubtype for conversions: add to cart or purchase; null for none
 * @param eventName the event's name, 1 to 64 ASCII characters without control characters
 * @param index the index the records or filters belong to
 * @param userToken the pseudonymous user, {@code [a-zA-Z0-9_-]{1,64}}
 * @param authenticatedUserToken the signed-in user's token, same pattern; null for none
 * @param timestamp when it happened, to the millisecond (sent as epoch milliseconds; a finer part is dropped), at
 *     most 4 days ago; null for the time received. A time in the future is sent as it is: the service states no limit
 *     there, so the client sets none
 * @param queryID the query ID of the search the event follows (32 hexadecimal characters); null for none
 * @param objectIDs the records (at most 20; a record named twice is sent twice, the service states no rule against
 *     it); null when the event names filters
 * @param filters the {@code attribute:value} filters (at most 10), the attribute and the value each URL-encoded as
 *     UTF-8 ({@code discount:10%25}, {@code brand:caf%C3%A9}; a {@code %} that starts no such escape is refused);
 *     the first {@code :} ends the attribute, so a value may hold more ({@code time:10:30}); null when the event
 *     names records
 * @param positions clicks after a search only: the absolute position of each clicked record, from 1
 * @param objectData per-record data of a conversion (price, quantity, ...), one item per objectID; null for none
 * @param currency the currency of {@code value} and of prices in {@code objectData} (ISO 4217); null for none
 * @param value the total value of the conversion; null for none
 */
public record InsightsEvent(
        EventType eventType,
        EventSubtype eventSubtype,
        String eventName,
        String index,
        String userToken,
        String authenticatedUserToken,
        @JsonFormat(shape = JsonFormat.Shape.NUMBER_INT) Instant timestamp,
        String queryID,
        List<String> objectIDs,
        List<String> filters,
        List<Integer> positions,
        List<Map<String, Object>> objectData,
        String currency,
        Double value) {

    /**
     * Keeps the timestamp to the millisecond; copies the lists, and each map of {@code objectData} all the way down (its nested maps and lists), unmodifiable. A null item of {@code objectIDs}, {@code filters} or {@code positions} is
     * kept: sending refuses the event with the service's message for it. A null item of {@code objectData} is kept
     * and sent as a JSON {@code null}, a record without data: the service states no rule on those items.
     *
     * @param eventType see the record description
     * @param eventSubtype see the record description
     * @param eventName see the record description
     * @param index see the record description
     * @param userToken see the record description
     * @param authenticatedUserToken see the record description
     * @param timestamp see the record description
     * @param queryID see the record description
     * @param objectIDs see the record description
     * @param filters see the record description
     * @param positions see the record description
     * @param objectData see the record description
     * @param currency see the record description
     * @param value see the record description
     */
    public InsightsEvent {
        // the service keeps milliseconds: the event holds what is sent
        timestamp = timestamp == null ? null : timestamp.truncatedTo(ChronoUnit.MILLIS);
        objectIDs = copyOf(objectIDs);
        filters = copyOf(filters);
        positions = copyOf(positions);
        objectData = objectData == null
                ? null
                : copyOf(objectData.stream().map(InsightsEvent::dataCopy).toList());
    }

    /**
     * A click event.
     *
     * @param eventName the event's name
     * @param index the index
     * @param userToken the user
     * @return the event, without records or filters yet
     */
    public static InsightsEvent click(String eventName, String index, String userToken) {
        return of(EventType.CLICK, eventName, index, userToken);
    }

    /**
     * A view event.
     *
     * @param eventName the event's name
     * @param index the index
     * @param userToken the user
     * @return the event, without records or filters yet
     */
    public static InsightsEvent view(String eventName, String index, String userToken) {
        return of(EventType.VIEW, eventName, index, userToken);
    }

    /**
     * A conversion event.
     *
     * @param eventName the event's name
     * @param index the index
     * @param userToken the user
     * @return the event, without records or filters yet
     */
    public static InsightsEvent conversion(String eventName, String index, String userToken) {
        return of(EventType.CONVERSION, eventName, index, userToken);
    }

    /**
     * An event of any type, for types this client does not name.
     *
     * @param type the type
     * @param eventName the event's name
     * @param index the index
     * @param userToken the user
     * @return the event
     */
    public static InsightsEvent of(EventType type, String eventName, String index, String userToken) {
        Parts parts = new Parts();
        parts.eventType = Objects.requireNonNull(type, "type");
        parts.eventName = eventName;
        parts.index = index;
        parts.userToken = userToken;
        return parts.event();
    }

    /**
     * {@return the new event}
     *
     * @param objectIDs the records the event is about (replaces any filters)
     */
    public InsightsEvent objectIDs(List<String> objectIDs) {
        return with(p -> {
            p.objectIDs = objectIDs;
            p.filters = null;
        });
    }

    /**
     * {@return the new event}
     *
     * @param filters the {@code attribute:value} filters the event is about (replaces any records), the attribute
     *     and the value each URL-encoded
     */
    public InsightsEvent filters(List<String> filters) {
        return with(p -> {
            p.filters = filters;
            p.objectIDs = null;
        });
    }

    /**
     * {@return the new event}
     *
     * @param positions the absolute positions of the clicked records, one per objectID, from 1
     */
    public InsightsEvent positions(List<Integer> positions) {
        return with(p -> p.positions = positions);
    }

    /**
     * {@return the new event}
     *
     * @param queryID the query ID of the search the event follows
     */
    public InsightsEvent queryID(String queryID) {
        return with(p -> p.queryID = queryID);
    }

    /**
     * {@return the new event}
     *
     * @param at when the event happened (sent in milliseconds), at most 4 days ago; null for the time received
     * @throws InvalidRequestException if the instant is too far from 1970 for a count of milliseconds in 64 bits
     *     (about 292 million years)
     */
    public InsightsEvent timestamp(Instant at) {
        if (at != null) {
            try {
                at.toEpochMilli();
            } catch (ArithmeticException e) {
                throw new InvalidRequestException("Event timestamp " + at + " is beyond epoch milliseconds in 64 bits");
            }
        }
        return with(p -> p.timestamp = at);
    }

    /**
     * {@return the new event}
     *
     * @param subtype what the conversion was
     */
    public InsightsEvent subtype(EventSubtype subtype) {
        return with(p -> p.eventSubtype = subtype);
    }

    /**
     * {@return the new event}
     *
     * @param token the signed-in user's token
     */
    public InsightsEvent authenticatedUserToken(String token) {
        return with(p -> p.authenticatedUserToken = token);
    }

    /**
     * {@return the new event}
     *
     * @param data per-record data (price, quantity, discount, ...), one item per objectID
     */
    public InsightsEvent objectData(List<Map<String, Object>> data) {
        return with(p -> p.objectData = data);
    }

    /**
     * {@return the new event}
     *
     * @param currency the ISO 4217 currency of the value and prices
     */
    public InsightsEvent currency(String currency) {
        return with(p -> p.currency = currency);
    }

    /**
     * {@return the new event}
     *
     * @param value the total value of the conversion
     */
    public InsightsEvent value(double value) {
        return with(p -> p.value = value);
    }

    /** An unmodifiable deep copy that keeps null values ({@link Map#copyOf} throws on them), or null. */
    private static Map<String, Object> dataCopy(Map<String, Object> data) {
        return data == null ? null : CopyOnWrite.copy(data);
    }

    private static <T> List<T> copyOf(List<T> list) {
        return list == null ? null : Collections.unmodifiableList(new ArrayList<>(list));
    }

    /** A copy of this event with some members changed: the one place every wither goes through. */
    private InsightsEvent with(Consumer<Parts> change) {
        Parts parts = new Parts(this);
        change.accept(parts);
        return parts.event();
    }

    /** The members of an event while one is being changed. */
    private static final class Parts {
        EventType eventType;
        EventSubtype eventSubtype;
        String eventName;
        String index;
        String userToken;
        String authenticatedUserToken;
        Instant timestamp;
        String queryID;
        List<String> objectIDs;
        List<String> filters;
        List<Integer> positions;
        List<Map<String, Object>> objectData;
        String currency;
        Double value;

        Parts() {}

        Parts(InsightsEvent event) {
            eventType = event.eventType;
            eventSubtype = event.eventSubtype;
            eventName = event.eventName;
            index = event.index;
            userToken = event.userToken;
            authenticatedUserToken = event.authenticatedUserToken;
            timestamp = event.timestamp;
            queryID = event.queryID;
            objectIDs = event.objectIDs;
            filters = event.filters;
            positions = event.positions;
            objectData = event.objectData;
            currency = event.currency;
            value = event.value;
        }

        InsightsEvent event() {
            return new InsightsEvent(
                    eventType,
                    eventSubtype,
                    eventName,
                    index,
                    userToken,
                    authenticatedUserToken,
                    timestamp,
                    queryID,
                    objectIDs,
                    filters,
                    positions,
                    objectData,
                    currency,
                    value);
        }
    }
}
