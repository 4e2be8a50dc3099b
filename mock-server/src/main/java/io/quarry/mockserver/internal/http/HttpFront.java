package io.quarry.mockserver.internal.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.internal.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The one HTTP entry point: decodes the request (gzip bodies included), answers CORS preflights, routes, runs the
 * guard, calls the handler and writes JSON (gzipped when the caller accepts it). Every failure becomes
 * {@code {"message": ..., "status": N}}.
 */
public final class HttpFront implements HttpHandler {

    /** Response header carrying the mock server's version on every response. */
    public static final String VERSION_HEADER = "X-Mock-Server-Version";

    /** URL parameters that carry credentials; never handed to a handler's strict check. */
    private static final Set<String> CREDENTIAL_PARAMS = Set.of("x-service-application-id", "x-service-api-key");

    private final Router router;
    private final Guard guard;
    private final String version;
    private final boolean strict;
    private final RequestListener listener;

    /**
     * @param router the route table
     * @param guard the credential check
     * @param version the mock server version, sent as a header
     * @param strict whether unknown URL parameters are a 400
     * @param listener told about every answered request (the request log)
     */
    public HttpFront(Router router, Guard guard, String version, boolean strict, RequestListener listener) {
        this.router = router;
        this.guard = guard;
        this.version = version;
        this.strict = strict;
        this.listener = listener;
    }

    /** What one exchange became: the request as routed (null before parsing) and its route (null if none). */
    private static final class Outcome {
        private Request request;
        private Route route;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            long started = System.nanoTime();
            Outcome outcome = new Outcome();
            Response response;
            try {
                response = answer(exchange, outcome);
            } catch (ApiException e) {
                response = Response.error(e.status(), e.getMessage());
            } catch (EngineException e) {
                response = Response.error(e.status(), e.getMessage());
            } catch (JacksonException e) {
                response = Response.error(400, "Invalid JSON");
            } catch (UnsupportedOperationException e) {
                response = Response.error(400, "Not supported by the mock server: " + e.getMessage());
            } catch (RuntimeException e) {
                response =
                        Response.error(500, "Mock server error: " + e.getClass().getSimpleName());
            }
            if (outcome.request != null && response != null) {
                // before the write, so the caller's next request already sees this one in the log
                listener.answered(outcome.request, outcome.route, response, System.nanoTime() - started);
            }
            write(exchange, response);
        }
    }

    private Response answer(HttpExchange exchange, Outcome outcome) throws IOException {
        String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
        if (method.equals("OPTIONS")) {
            return null;
        }
        Request request = new Request(
                method,
                exchange.getRequestURI().getRawPath(),
                exchange.getRequestURI().getRawQuery(),
                firstValues(exchange),
                readBody(exchange),
                exchange.getRemoteAddress().getAddress().getHostAddress());
        outcome.request = request;
        Router.Match match = router.match(method, request.rawPath());
        request = request.withPathParams(match.pathParams());
        outcome.request = request;
        outcome.route = match.route();
        if (strict && match.route().queryParameters() != null) {
            for (String name : request.query().keySet()) {
                if (!match.route().queryParameters().contains(name)
                        && !CREDENTIAL_PARAMS.contains(name.toLowerCase(Locale.ROOT))) {
                    throw ApiException.badRequest("Unknown parameter: " + name);
                }
            }
        }
        return match.route().handler().handle(guard.check(request, match.route()));
    }

    private static Map<String, String> firstValues(HttpExchange exchange) {
        Map<String, String> headers = new HashMap<>();
        for (Map.Entry<String, List<String>> header :
                exchange.getRequestHeaders().entrySet()) {
            if (!header.getValue().isEmpty()) {
                headers.put(header.getKey(), header.getValue().get(0));
            }
        }
        return headers;
    }

    private static byte[] readBody(HttpExchange exchange) throws IOException {
        String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
        try (InputStream raw = exchange.getRequestBody()) {
            if (encoding == null || encoding.isBlank() || encoding.equalsIgnoreCase("identity")) {
                return raw.readAllBytes();
            }
            if (!encoding.trim().equalsIgnoreCase("gzip")) {
                throw new ApiException(415, "Unsupported Content-Encoding: " + encoding);
            }
            try (InputStream gunzip = new GZIPInputStream(raw)) {
                return gunzip.readAllBytes();
            } catch (ZipException e) {
                throw ApiException.badRequest("Invalid gzip body");
            }
        }
    }

    private void write(HttpExchange exchange, Response response) throws IOException {
        var headers = exchange.getResponseHeaders();
        headers.set(VERSION_HEADER, version);
        headers.set("Access-Control-Allow-Origin", "*");
        if (response == null) {
            headers.set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS");
            String asked = exchange.getRequestHeaders().getFirst("Access-Control-Request-Headers");
            headers.set(
                    "Access-Control-Allow-Headers",
                    asked != null ? asked : "Content-Type, X-Service-Application-Id, X-Service-API-Key");
            headers.set("Access-Control-Max-Age", "86400");
            exchange.sendResponseHeaders(200, -1);
            return;
        }
        response.headers().forEach(headers::set);
        byte[] body;
        if (response.format() == Response.Format.JSON_LINES) {
            headers.set("Content-Type", "application/x-ndjson; charset=UTF-8");
            body = jsonLines(response.body());
        } else {
            headers.set("Content-Type", "application/json; charset=UTF-8");
            body = Json.bytes(response.body());
        }
        String accept = exchange.getRequestHeaders().getFirst("Accept-Encoding");
        if (accept != null && accept.toLowerCase(Locale.ROOT).contains("gzip")) {
            ByteArrayOutputStream zipped = new ByteArrayOutputStream(body.length / 2 + 32);
            try (OutputStream gzip = new GZIPOutputStream(zipped)) {
                gzip.write(body);
            }
            body = zipped.toByteArray();
            headers.set("Content-Encoding", "gzip");
        }
        if (exchange.getRequestMethod().equalsIgnoreCase("HEAD")) {
            exchange.sendResponseHeaders(response.status(), -1);
            return;
        }
        exchange.sendResponseHeaders(response.status(), body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** Each element of an array as one line of JSON, every line ending with a newline. */
    private static byte[] jsonLines(JsonNode lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (JsonNode line : lines) {
            out.writeBytes(Json.bytes(line));
            out.write('\n');
        }
        return out.toByteArray();
    }
}
