package io.quarry.insights;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.JsonBodies;
import io.quarry.core.spi.ScopedHandle;
import io.quarry.insights.model.Click;
import io.quarry.insights.model.EventsResponse;
import io.quarry.insights.model.InsightsEvent;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The events of one user: each method sends one event in one call, timestamped by the service on arrival.
 * Obtained from {@link InsightsClient#user(String)}; {@link #authenticated(String)} adds the signed-in user's
 * token to every event. For several events at once, or members these methods do not set (conversion subtype,
 * value, currency, object data, timestamps), build {@link InsightsEvent}s and use {@link InsightsClient#send}.
 *
 * <p>Every method checks the event against the service's rules first, the 2 MB a call may carry included, and
 * throws {@link InvalidRequestException} (with the service's message) without sending it.
 */
public final class InsightsUser extends ScopedHandle<InsightsUser> {

    private final String userToken;
    private final String authenticatedUserToken;
    private final Clock clock;

    InsightsUser(CallScope scope, String userToken, String authenticatedUserToken, Clock clock) {
        super(scope);
        this.userToken = userToken;
        this.authenticatedUserToken = authenticatedUserToken;
        this.clock = clock;
    }

    @Override
    protected InsightsUser withScope(CallScope scope) {
        return new InsightsUser(scope, userToken, authenticatedUserToken, clock);
    }

    /**
     * The same user, signed in: every event also carries this token (no call is made).
     *
     * @param token the signed-in user's token, {@code [a-zA-Z0-9_-]{1,64}}
     * @return the view
     * @throws NullPointerException naming {@code token} if it is null (a user not signed in is this view itself)
     */
    public InsightsUser authenticated(String token) {
        return new InsightsUser(scope(), userToken, Objects.requireNonNull(token, "token"), clock);
    }

    /**
     * The user clicked hits of a search made with click analytics on.
     *
     * @param eventName the event's name
     * @param index the index searched
     * @param click the search's query ID and the clicked hits with their positions
     * @return the service's answer
     */
    public EventsResponse clickedObjectIDsAfterSearch(String eventName, String index, Click click) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(click, "click");
        return send(click.toEvent(eventName, index, userToken));
    }

    /**
     * Asynchronous form of {@link #clickedObjectIDsAfterSearch(String, String, Click)}.
     *
     * @param eventName the event's name
     * @param index the index searched
     * @param click the search's query ID and the clicked hits
     * @return the future answer
     */
    public CompletableFuture<EventsResponse> clickedObjectIDsAfterSearchAsync(
            String eventName, String index, Click click) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(click, "click");
        return sendAsync(click.toEvent(eventName, index, userToken));
    }

    /**
     * The user clicked records, not right after a search (a recommendation, a product page, ...).
     *
     * @param eventName the event's name
     * @param index the index of the records
     * @param objectIDs the records, at most 20
     * @return the service's answer
     */
    public EventsResponse clickedObjectIDs(String eventName, String index, List<String> objectIDs) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(objectIDs, "objectIDs");
        return send(InsightsEvent.click(eventName, index, userToken).objectIDs(objectIDs));
    }

    /**
     * Asynchronous form of {@link #clickedObjectIDs(String, String, List)}.
     *
     * @param eventName the event's name
     * @param index the index of the records
     * @param objectIDs the records
     * @return the future answer
     */
    public CompletableFuture<EventsResponse> clickedObjectIDsAsync(
            String eventName, String index, List<String> objectIDs) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(objectIDs, "objectIDs");
        return sendAsync(InsightsEvent.click(eventName, index, userToken).objectIDs(objectIDs));
    }

    /**
     * The user clicked filters (facet values).
     *
     * @param eventName the event's name
     * @param index the index
     * @param filters {@code attribute:value} filters, at most 10, the attribute and the value each URL-encoded
     * @return the service's answer
     */
    public EventsResponse clickedFilters(String eventName, String index, List<String> filters) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(filters, "filters");
        return send(InsightsEvent.click(eventName, index, userToken).filters(filters));
    }

    /**
     * Asynchronous form of {@link #clickedFilters(String, String, List)}.
     *
     * @param eventName the event's name
     * @param index the index
     * @param filters the filters
     * @return the future answer
     */
    public CompletableFuture<EventsResponse> clickedFiltersAsync(String eventName, String index, List<String> filters) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(filters, "filters");
        return sendAsync(InsightsEvent.click(eventName, index, userToken).filters(filters));
    }

    /**
     * The user converted on records found by a search made with click analytics on.
     *
     * @param eventName the event's name
     * @param index the index searched
     * @param queryID the search's query ID
     * @param objectIDs the records, at most 20
     * @return the service's answer
     */
    public EventsResponse convertedObjectIDsAfterSearch(
            String eventName, String index, String queryID, List<String> objectIDs) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(queryID, "queryID");
        Objects.requireNonNull(objectIDs, "objectIDs");
        return send(InsightsEvent.conversion(eventName, index, userToken)
                .objectIDs(objectIDs)
                .queryID(queryID));
    }

    /**
     * Asynchronous form of {@link #convertedObjectIDsAfterSearch(String, String, String, List)}.
     *
     * @param eventName the event's name
     * @param index the index searched
     * @param queryID the search's query ID
     * @param objectIDs the records
     * @return the future answer
     */
    public CompletableFuture<EventsResponse> convertedObjectIDsAfterSearchAsync(
            String eventName, String index, String queryID, List<String> objectIDs) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(queryID, "queryID");
        Objects.requireNonNull(objectIDs, "objectIDs");
        return sendAsync(InsightsEvent.conversion(eventName, index, userToken)
                .objectIDs(objectIDs)
                .queryID(queryID));
    }

    /**
     * The user converted on records, not right after a search.
     *
     * @param eventName the event's name
     * @param index the index of the records
     * @param objectIDs the records, at most 20
     * @return the service's answer
     */
    public EventsResponse convertedObjectIDs(String eventName, String index, List<String> objectIDs) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(objectIDs, "objectIDs");
        return send(InsightsEvent.conversion(eventName, index, userToken).objectIDs(objectIDs));
    }

    /**
     * Asynchronous form of {@link #convertedObjectIDs(String, String, List)}.
     *
     * @param eventName the event's name
     * @param index the index of the records
     * @param objectIDs the records
     * @return the future answer
     */
    public CompletableFuture<EventsResponse> convertedObjectIDsAsync(
            String eventName, String index, List<String> objectIDs) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(objectIDs, "objectIDs");
        return sendAsync(InsightsEvent.conversion(eventName, index, userToken).objectIDs(objectIDs));
    }

    /**
     * The user converted on filters.
     *
     * @param eventName the event's name
     * @param index the index
     * @param filters {@code attribute:value} filters, at most 10, the attribute and the value each URL-encoded
     * @return the service's answer
     */
    public EventsResponse convertedFilters(String eventName, String index, List<String> filters) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(filters, "filters");
        return send(InsightsEvent.conversion(eventName, index, userToken).filters(filters));
    }

    /**
     * Asynchronous form of {@link #convertedFilters(String, String, List)}.
     *
     * @param eventName the event's name
     * @param index the index
     * @param filters the filters
     * @return the future answer
     */
    public CompletableFuture<EventsResponse> convertedFiltersAsync(
            String eventName, String index, List<String> filters) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(filters, "filters");
        return sendAsync(InsightsEvent.conversion(eventName, index, userToken).filters(filters));
    }

    /**
     * The user saw records.
     *
     * @param eventName the event's name
     * @param index the index of the records
     * @param objectIDs the records, at most 20
     * @return the service's answer
     */
    public EventsResponse viewedObjectIDs(String eventName, String index, List<String> objectIDs) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(objectIDs, "objectIDs");
        return send(InsightsEvent.view(eventName, index, userToken).objectIDs(objectIDs));
    }

    /**
     * Asynchronous form of {@link #viewedObjectIDs(String, String, List)}.
     *
     * @param eventName the event's name
     * @param index the index of the records
     * @param objectIDs the records
     * @return the future answer
     */
    public CompletableFuture<EventsResponse> viewedObjectIDsAsync(
            String eventName, String index, List<String> objectIDs) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(objectIDs, "objectIDs");
        return sendAsync(InsightsEvent.view(eventName, index, userToken).objectIDs(objectIDs));
    }

    /**
     * The user saw filters.
     *
     * @param eventName the event's name
     * @param index the index
     * @param filters {@code attribute:value} filters, at most 10, the attribute and the value each URL-encoded
     * @return the service's answer
     */
    public EventsResponse viewedFilters(String eventName, String index, List<String> filters) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(filters, "filters");
        return send(InsightsEvent.view(eventName, index, userToken).filters(filters));
    }

    /**
     * Asynchronous form of {@link #viewedFilters(String, String, List)}.
     *
     * @param eventName the event's name
     * @param index the index
     * @param filters the filters
     * @return the future answer
     */
    public CompletableFuture<EventsResponse> viewedFiltersAsync(String eventName, String index, List<String> filters) {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(filters, "filters");
        return sendAsync(InsightsEvent.view(eventName, index, userToken).filters(filters));
    }

    private EventsResponse send(InsightsEvent event) {
        return request(event).execute(EventsResponse.class);
    }

    private CompletableFuture<EventsResponse> sendAsync(InsightsEvent event) {
        try {
            return request(event).executeAsync(EventsResponse.class);
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private io.quarry.core.ApiRequest request(InsightsEvent event) {
        InsightsEvent signed =
                authenticatedUserToken == null ? event : event.authenticatedUserToken(authenticatedUserToken);
        EventRules.check(List.of(signed), clock);
        // one event, one call; splitting it refuses an event too large for a call, as send does
        List<InsightsEvent> call = EventChunks.split(
                        List.of(signed),
                        one -> scope().api().prepare(one).size(),
                        EventRules.MAX_EVENTS_PER_CALL,
                        EventChunks.MAX_BODY_BYTES)
                .get(0);
        return scope().request(Endpoints.SEND_EVENTS).body(JsonBodies.object("events", call));
    }
}
