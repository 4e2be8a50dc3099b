package io.quarry.mockserver.testing;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.auth.Authenticator;
import io.quarry.mockserver.internal.auth.ProductCredentials;
import io.quarry.mockserver.internal.http.HttpFront;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.Products;
import io.quarry.mockserver.internal.products.SearchHooks;
import io.quarry.mockserver.internal.products.ServiceContext;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.StateControl;
import io.quarry.mockserver.internal.state.TrackedEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Every product on a loopback HTTP port over an {@link Application} the test holds, for tests that need to reach
 * state no endpoint writes yet (events recorded straight into the application's tracking).
 */
public final class AppServer implements AutoCloseable {

    /** The application ID callers send. */
    public static final String APP_ID = "APPSERVER";
    /** The admin key callers send. */
    public static final String ADMIN_KEY = "app-server-admin-key";

    private final Application app;
    private final StateControl state;
    private final HttpServer server;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String url;

    /** @param clock the server's clock */
    public AppServer(Clock clock) {
        app = new Application(clock, Duration.ZERO);
        state = new StateControl(app, List.of());
        SearchEngine engine = new SearchEngine(false, clock, app.dictionaries()::effective);
        List<Product> products = Products.all(new ServiceContext(app, engine, state, "test", false, new SearchHooks()));
        products.forEach(product -> state.onReset(product::reset));
        HttpFront front = new HttpFront(
                Products.routesOf(products).router(),
                new Authenticator(
                        APP_ID,
                        ADMIN_KEY,
                        new ProductCredentials("m", "u", "c", "ck"),
                        app.keys(),
                        app.mappings(),
                        clock),
                "test",
                false,
                (request, route, response, elapsed) -> {});
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", front);
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** @return the application behind the server */
    public Application app() {
        return app;
    }

    /** @param json a seed document, in the mock server's seed format (single quotes allowed, see TestClient.jq) */
    public void seed(String json) {
        state.seed(Json.parse(TestClient.jq(json)));
    }

    /** @param events events recorded as if the events endpoint had accepted them */
    public void recordEvents(TrackedEvent... events) {
        app.tracking().recordEvents(List.of(events));
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
        server.stop(0);
    }
}
