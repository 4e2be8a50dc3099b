package io.quarry.benchmarks.start;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.auth.Authenticator;
import io.quarry.mockserver.internal.auth.ProductCredentials;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Router;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.Products;
import io.quarry.mockserver.internal.products.SearchHooks;
import io.quarry.mockserver.internal.products.ServiceContext;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.StateControl;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the mock server's start would be with the JDK's {@link HttpServer} as its HTTP front instead of Jetty: its
 * application (state, products, routes, credential check) built as the mock server builds it, behind the JDK's
 * server, and its first answer. A lower bound: it has none of the front's body limits, worker bounds, scripted faults
 * or hosts, and answers errors bare. It measures a stack question (Jetty's share of the start), not a product.
 */
public final class JdkFrontChild {

    private JdkFrontChild() {}

    /**
     * Builds the application, starts the JDK's server in front of it, makes the first request, reports.
     *
     * @param args none
     * @throws IOException if the request fails
     */
    public static void main(String[] args) throws IOException {
        long mainAt = System.currentTimeMillis();
        Clock clock = Clock.systemUTC();
        Application app = new Application(clock, Duration.ZERO);
        StateControl state = new StateControl(app, List.of());
        ServiceContext context = new ServiceContext(
                app,
                new SearchEngine(SearchEngine.UnknownParameters.IGNORED, clock, app.dictionaries()::effective),
                state,
                "start",
                false,
                new SearchHooks());
        Router router = Products.routesOf(Products.all(context)).router();
        Authenticator guard = new Authenticator(
                MockServer.DEFAULT_APPLICATION_ID,
                MockServer.DEFAULT_ADMIN_KEY,
                new ProductCredentials(
                        MockServer.DEFAULT_MONITORING_KEY,
                        MockServer.DEFAULT_USAGE_KEY,
                        MockServer.DEFAULT_CRAWLER_USER_ID,
                        MockServer.DEFAULT_CRAWLER_API_KEY),
                app.keys(),
                app.mappings(),
                clock);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> answer(exchange, router, guard));
        server.start();
        FirstAnswer.get(server.getAddress().getPort(), null);
        long answeredAt = System.currentTimeMillis();
        FirstAnswer.report(mainAt, answeredAt);
        System.exit(0);
    }

    private static void answer(HttpExchange exchange, Router router, Authenticator guard) throws IOException {
        Map<String, String> headers = new HashMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getRawPath();
        byte[] body;
        int status;
        try {
            Request request = new Request(
                    method,
                    path,
                    exchange.getRequestURI().getRawQuery(),
                    headers,
                    exchange.getRequestBody().readAllBytes(),
                    exchange.getRemoteAddress().getAddress().getHostAddress());
            Router.Match match = router.match(method, path);
            request = guard.check(request.withPathParams(match.pathParams()), match.route());
            Response response = match.route().handler().handle(request);
            status = response.status();
            body = Json.bytes(response.body());
        } catch (ApiException e) {
            status = e.status();
            body = new byte[0];
        }
        exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
