package io.quarry.insights;

import io.quarry.core.ApiClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ClientHandle;
import io.quarry.core.spi.JsonBodies;
import io.quarry.insights.model.EventsResponse;
import io.quarry.insights.model.InsightsEvent;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The client of the insights (events) API, on its one host {@code insights.<product domain>}: the service has no
 * regional insights host, so no {@code create} takes a region. It sends user events
 * (clicks, views, conversions) that feed click analytics, personalization and re-ranking.
 *
 * <pre>{@code
 * try (InsightsClient insights = InsightsClient.create("MY_APP_ID", "MY_SEARCH_KEY")) {
 *     insights.user("user-42").viewedObjectIDs("Product viewed", "products", List.of("sku-1"));
 *     insights.send(List.of(InsightsEvent.click("Filter clicked", "products", "user-42")
 *             .filters(List.of("brand:acme"))));
 * }
 * }</pre>
 * The key needs the {@code search} right. Events are checked against the service's rules before anything is sent
 * (an {@link InvalidRequestException} carries the service's message); the service accepts a call's events all
 * together or not at all. Two things are left to the service, which does not state them in full: which event types
 * it knows, and the form of an index name beyond text with a UTF-8 form; it refuses a call breaking them with an
 * {@link io.quarry.core.UnprocessableEntityException} holding its message. Thread-safe; every call comes blocking
 * and {@code ...Async}.
 */
public final class InsightsClient extends ClientHandle<InsightsClient> {

    private static final ClientModule MODULE =
            ClientModule.of("Insights", InsightsClient.class, DefaultHosts.productHost("insights", ""));

    private final Clock clock;

    private InsightsClient(CallScope scope, Connections connections, Clock clock) {
        super(scope, connections);
        this.clock = clock;
    }

    /**
     * A client on the service's one insights host, {@code insights.<product domain>}.
     *
     * @param applicationId the application ID
     * @param apiKey a key with the {@code search} right (never logged)
     * @return the client; close it when done
     */
    public static InsightsClient create(String applicationId, String apiKey) {
        return create(ClientConfig.builder(applicationId, apiKey).build());
    }

    /**
     * A client from a full configuration (hosts, timeouts, logging, ...): it calls the configuration's hosts when
     * it names some, else {@code insights.<product domain>}.
     *
     * @param config the configuration
     * @return the client; close it when done
     */
    public static InsightsClient create(ClientConfig config) {
        return new InsightsClient(CallScope.of(ApiClient.create(config, MODULE)), Connections.OWNED, Clock.systemUTC());
    }

    @Override
    protected InsightsClient withScope(CallScope scope) {
        return new InsightsClient(scope, Connections.SHARED, clock);
    }

    /**
     * The events of one user (no call is made).
     *
     * @param userToken the pseudonymous user, {@code [a-zA-Z0-9_-]{1,64}}
     * @return the handle
     */
    public InsightsUser user(String userToken) {
        return new InsightsUser(scope(), Objects.requireNonNull(userToken, "userToken"), null, clock);
    }

    /** {@return the hosts calls go to, for tests} */
    List<io.quarry.core.Host> hosts() {
        return scope().api().hosts();
    }

    /**
     * Sends any number of events: every event is checked first (nothing is sent if one breaks a rule), then they
     * go in calls of at most 1000 events and 2 MB, one after another. A call observer sees them as one composite
     * call {@code send} holding a {@code sendEvents} call per chunk. The service takes each call's events all
     * together or not at all; if a call fails, the calls before it were accepted and the ones after it are not
     * sent, and the failure thrown is that call's own. It tells no count of events accepted: the service answers a
     * refused call with its first error alone (none of that call's events is taken), and the calls before it are
     * not named in it. To know how many were accepted, count the events of the {@code sendEvents} calls a call
     * observer saw succeed (the calls take the events in order); or send at most one call's worth at a time (1000
     * small events), so that a failure means that none was taken. Rules the service does not state in full (the
     * event types it knows, the form of an index name) are judged by the service alone, so such a failure can come
     * after accepted calls.
     *
     * @param events the events
     * @return the service's answer to each call, in order
     * @throws InvalidRequestException if an event breaks one of the service's rules (the service's message) or is
     *     larger alone than a call may carry; among several events, the message ends with the event's place
     *     ({@code (event 5000 of 10000)}, counted from 0)
     */
    public List<EventsResponse> send(List<InsightsEvent> events) {
        List<List<InsightsEvent>> chunks = chunks(events);
        return scope().compositeCall("send", scope -> {
            List<EventsResponse> answers = new ArrayList<>();
            for (List<InsightsEvent> chunk : chunks) {
                answers.add(sendRequest(scope, chunk).execute(EventsResponse.class));
            }
            return List.copyOf(answers);
        });
    }

    /**
     * Asynchronous form of {@link #send(List)}; the calls are made one after another, and a failed call fails the
     * future with its own exception, which tells no count of the events accepted before it (see
     * {@link #send(List)}).
     *
     * @param events the events
     * @return the future answers; fails with {@link InvalidRequestException} before any call for a bad event.
     *     Cancelling it cancels the call in flight, and no further call is made
     */
    public CompletableFuture<List<EventsResponse>> sendAsync(List<InsightsEvent> events) {
        List<List<InsightsEvent>> chunks;
        try {
            chunks = chunks(events);
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        // the calls of the composite call's scope are cancelled with it: the one in flight, and no later one is made
        return scope().compositeCallAsync("send", scope -> sendOneAfterAnother(scope, chunks));
    }

    private static CompletableFuture<List<EventsResponse>> sendOneAfterAnother(
            CallScope scope, List<List<InsightsEvent>> chunks) {
        List<EventsResponse> answers = new ArrayList<>(); // each step adds after the one before has completed
        CompletableFuture<Void> sent = CompletableFuture.completedFuture(null);
        for (List<InsightsEvent> chunk : chunks) {
            sent = sent.thenCompose(before ->
                    sendRequest(scope, chunk).executeAsync(EventsResponse.class).thenAccept(answers::add));
        }
        return sent.thenApply(done -> List.copyOf(answers));
    }

    /** {@return the events of each call {@code send} makes} after checking them all */
    List<List<InsightsEvent>> chunks(List<InsightsEvent> events) {
        Objects.requireNonNull(events, "events");
        EventRules.check(events, clock);
        return EventChunks.split(
                events,
                event -> scope().api().prepare(event).size(),
                EventRules.MAX_EVENTS_PER_CALL,
                EventChunks.MAX_BODY_BYTES);
    }

    private static io.quarry.core.ApiRequest sendRequest(CallScope scope, List<InsightsEvent> chunk) {
        return scope.request(Endpoints.SEND_EVENTS).body(JsonBodies.object("events", chunk));
    }
}
