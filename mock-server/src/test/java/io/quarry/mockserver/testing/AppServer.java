package io.quarry.mockserver.testing;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.TrackedEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A mock server on a clock the test holds, with helpers to seed it, to record events through the events endpoint
 * from the state's own event type, and to send requests with the admin credentials.
 */
public final class AppServer implements AutoCloseable {

    /** The application ID callers send. */
    public static final String APP_ID = "APPSERVER";
    /** The admin key callers send. */
    public static final String ADMIN_KEY = "app-server-admin-key";

    private final MockServer server;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String url;

    /** @param clock the server's clock */
    public AppServer(Clock clock) {
        server = MockServer.builder()
                .clock(clock)
                .applicationId(APP_ID)
                .adminKey(ADMIN_KEY)
                .start();
        url = server.url();
    }

    /** @param json a seed document, in the mock server's seed format (single quotes allowed, see TestClient.jq) */
    public void seed(String json) {
        server.seed(TestClient.jq(json));
    }

    /** @param events events sent to the events endpoint, which must accept them */
    public void recordEvents(TrackedEvent... events) {
        ArrayNode list = Json.array();
        for (TrackedEvent event : events) {
            ObjectNode json = list.addObject();
            json.put("eventType", event.eventType());
            json.put("eventName", event.eventName());
            json.put("index", event.index());
            json.put("userToken", event.userToken());
            json.put("timestamp", event.timestamp());
            if (event.eventSubtype() != null) {
                json.put("eventSubtype", event.eventSubtype());
            }
            if (event.queryID() != null) {
                json.put("queryID", event.queryID());
            }
            if (!event.objectIDs().isEmpty()) {
                event.objectIDs().forEach(json.putArray("objectIDs")::add);
            }
            if (!event.filters().isEmpty()) {
                event.filters().forEach(json.putArray("filters")::add);
            }
            if (!event.positions().isEmpty()) {
                event.positions().forEach(json.putArray("positions")::add);
            }
        }
        ObjectNode body = Json.object();
        body.set("events", list);
        send("POST", "/1/events", body.toString()).requireOk();
    }

    /**
     * Sends a request with the admin credentials.
     *
     * @param method the method
     * @param path the path and query
     * @param json the body (single quotes allowed), or {@code null}
     * @return the reply
     */
    public TestClient.Reply send(String method, String path, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path))
                .header("X-Service-Application-Id", APP_ID)
                .header("X-Service-API-Key", ADMIN_KEY)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        json == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(TestClient.jq(json)));
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body = response.body().isEmpty() ? null : Json.parse(response.body());
            return new TestClient.Reply(response.statusCode(), body, response.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
