package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.http.faults.FaultAction;
import io.quarry.mockserver.internal.http.wire.CloseReason;
import io.quarry.mockserver.internal.http.wire.WireResponse;
import io.quarry.mockserver.internal.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.GZIPOutputStream;
import tools.jackson.databind.JsonNode;

/**
 * Writes answers: JSON (gzipped when accepted), CORS preflights, refusals of the wire, and the scripted faults that
 * change them. Every answer allows any origin and exposes its own headers to the origin's scripts ({@link
 * ExposedHeaders}).
 */
final class ResponseWriter {

    /** What a CORS preflight allows when the caller names no headers. */
    private static final String DEFAULT_ALLOWED_HEADERS = "Content-Type, X-Service-Application-Id, X-Service-API-Key";

    private static final byte[] NO_BODY = new byte[0];

    private static final byte[] NON_JSON =
            "<html><body><h1>502 Bad Gateway</h1></body></html>\n".getBytes(StandardCharsets.UTF_8);

    private final String version;
    private final AnswerObserver observer;
    /** What a CORS preflight allows: every method of a route, the crawler's {@code PATCH} among them. */
    private final String allowedMethods;

    /**
     * @param version the mock server's version, a header of every answer
     * @param observer told of every answer as it is written
     * @param methods the methods of the routes
     */
    ResponseWriter(String version, AnswerObserver observer, Set<String> methods) {
        this.version = version;
        this.observer = observer;
        Set<String> allowed = new TreeSet<>(methods);
        allowed.add("OPTIONS");
        this.allowedMethods = String.join(", ", allowed);
    }

    void preflight(Exchange exchange) {
        Map<String, String> headers = common();
        headers.put("Access-Control-Allow-Methods", allowedMethods);
        String asked = exchange.head().header("Access-Control-Request-Headers");
        headers.put("Access-Control-Allow-Headers", allowedHeaders(asked));
        headers.put("Access-Control-Max-Age", "86400");
        exchange.respond(WireResponse.of(200, headers, new byte[0]));
    }

    /**
     * {@return the answer to a request the wire refused (a malformed head, a head over its limit), with the same JSON
     *     error body as every other failure}
     *
     * @param status the status
     * @param message what was wrong
     */
    WireResponse refusal(int status, String message) {
        String text = message == null || message.isBlank() ? "Bad request" : Sanitize.shortText(message);
        Map<String, String> headers = common();
        headers.put("Content-Type", "application/json; charset=UTF-8");
        ExposedHeaders.add(headers, HttpFront.VERSION_HEADER);
        return WireResponse.of(
                status, headers, Json.bytes(Response.error(status, text).body()));
    }

    /** Echoes the asked headers only when they are a plain list of header names (no control characters). */
    static String allowedHeaders(String asked) {
        if (asked == null || asked.length() > 1000 || !asked.matches("[A-Za-z0-9!#$%&'*+.^_`|~, -]*")) {
            return DEFAULT_ALLOWED_HEADERS;
        }
        return asked;
    }

    /**
     * @param exchange the exchange
     * @param response the answer
     * @param fault a fault that changes how it is written, or {@code null}
     */
    void write(Exchange exchange, Response response, FaultAction fault) {
        Map<String, String> headers = common();
        if (fault != null) {
            switch (fault.kind()) {
                case CLOSE_BEFORE_RESPONSE, RESET_AFTER_WRITE -> {
                    observe(exchange, 0, NO_BODY, fault);
                    exchange.abort(CloseReason.FAULT);
                    return;
                }
                case STATUS, FAIL_AFTER_WRITE -> {
                    response = Response.error(fault.status(), "Scripted fault: status " + fault.status());
                    headers.putAll(fault.headers());
                }
                default -> {}
            }
        }
        headers.putAll(response.headers());
        byte[] body = bodyOf(response, headers);
        if (fault != null && fault.kind() == FaultAction.Kind.NON_JSON_BODY) {
            headers.put("Content-Type", "text/html");
            body = NON_JSON;
        }
        if (fault != null && fault.kind() == FaultAction.Kind.TRUNCATED_BODY) {
            body = Arrays.copyOf(body, body.length / 2);
        }
        // before the gzip's Content-Encoding, which the browser reads for the script
        ExposedHeaders.add(headers, HttpFront.VERSION_HEADER);
        observe(exchange, response.status(), body, fault);
        String accept = exchange.head().header("Accept-Encoding");
        if (accept != null && accept.toLowerCase(Locale.ROOT).contains("gzip")) {
            body = gzip(body);
            headers.put("Content-Encoding", "gzip");
        }
        int cutAfter = fault != null && fault.kind() == FaultAction.Kind.CLOSE_MID_RESPONSE ? body.length / 2 : -1;
        exchange.respond(new WireResponse(response.status(), headers, body, cutAfter));
    }

    /**
     * {@return the body's bytes, its content type put in the headers (a file's was given with its response)}; tests
     * rather than a switch, whose map of the enum's values would load the fault kinds with every server's first answer
     */
    private static byte[] bodyOf(Response response, Map<String, String> headers) {
        Response.Format format = response.format();
        if (format == Response.Format.BYTES) {
            return response.body().binaryValue();
        }
        if (format == Response.Format.JSON_LINES) {
            headers.put("Content-Type", "application/x-ndjson; charset=UTF-8");
            return jsonLines(response.body());
        }
        headers.put("Content-Type", "application/json; charset=UTF-8");
        return Json.bytes(response.body());
    }

    private void observe(Exchange exchange, int status, byte[] body, FaultAction fault) {
        try {
            observer.written(
                    exchange.request, exchange.route, status, body, fault, exchange.host, exchange.elapsedNanos());
        } catch (RuntimeException ignored) {
            // watching must never stop an answer
        }
    }

    /** {@return each element of the array as one line of JSON} */
    private static byte[] jsonLines(JsonNode lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (JsonNode line : lines) {
            out.writeBytes(Json.bytes(line));
            out.write('\n');
        }
        return out.toByteArray();
    }

    /** {@return the headers every answer carries, in a map open for more, by case-insensitive name} */
    private Map<String, String> common() {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.put(HttpFront.VERSION_HEADER, version);
        headers.put("Access-Control-Allow-Origin", "*");
        return headers;
    }

    private static byte[] gzip(byte[] body) {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream(body.length / 2 + 32);
        try (OutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return zipped.toByteArray();
    }
}
