package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.http.faults.FaultAction;
import io.quarry.mockserver.internal.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.EofException;
import org.eclipse.jetty.util.Callback;
import tools.jackson.databind.JsonNode;

/** Writes answers: JSON (gzipped when accepted), CORS preflights, and the scripted faults that change them. */
final class ResponseWriter {

    /** What a CORS preflight allows when the caller names no headers. */
    private static final String DEFAULT_ALLOWED_HEADERS = "Content-Type, X-Service-Application-Id, X-Service-API-Key";

    private static final byte[] NON_JSON =
            "<html><body><h1>502 Bad Gateway</h1></body></html>\n".getBytes(StandardCharsets.UTF_8);

    private final String version;

    ResponseWriter(String version) {
        this.version = version;
    }

    void preflight(Exchange exchange) {
        HttpFields.Mutable headers = common(exchange);
        headers.put("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS");
        String asked = exchange.jettyRequest().getHeaders().get("Access-Control-Request-Headers");
        headers.put("Access-Control-Allow-Headers", allowedHeaders(asked));
        headers.put("Access-Control-Max-Age", "86400");
        exchange.jettyResponse().setStatus(200);
        exchange.jettyResponse().write(true, null, exchange.callback());
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
        if (fault != null) {
            switch (fault.kind()) {
                case CLOSE_BEFORE_RESPONSE, RESET_AFTER_WRITE -> {
                    exchange.abort();
                    return;
                }
                case STATUS, FAIL_AFTER_WRITE -> {
                    response = Response.error(fault.status(), "Scripted fault: status " + fault.status());
                    fault.headers().forEach(exchange.jettyResponse().getHeaders()::put);
                }
                default -> {}
            }
        }
        HttpFields.Mutable headers = common(exchange);
        response.headers().forEach(headers::put);
        org.eclipse.jetty.server.Response out = exchange.jettyResponse();
        out.setStatus(response.status());
        boolean lines = response.format() == Response.Format.JSON_LINES;
        byte[] body = lines ? jsonLines(response.body()) : Json.bytes(response.body());
        if (fault != null && fault.kind() == FaultAction.Kind.NON_JSON_BODY) {
            headers.put(HttpHeader.CONTENT_TYPE, "text/html");
            body = NON_JSON;
        } else {
            headers.put(
                    HttpHeader.CONTENT_TYPE,
                    lines ? "application/x-ndjson; charset=UTF-8" : "application/json; charset=UTF-8");
        }
        if (fault != null && fault.kind() == FaultAction.Kind.TRUNCATED_BODY) {
            body = Arrays.copyOf(body, body.length / 2);
        }
        String accept = exchange.jettyRequest().getHeaders().get(HttpHeader.ACCEPT_ENCODING);
        if (accept != null && accept.toLowerCase(Locale.ROOT).contains("gzip")) {
            body = gzip(body);
            headers.put(HttpHeader.CONTENT_ENCODING, "gzip");
        }
        if (exchange.jettyRequest().getMethod().equalsIgnoreCase("HEAD")) {
            out.write(true, null, exchange.callback());
            return;
        }
        headers.put(HttpHeader.CONTENT_LENGTH, Long.toString(body.length));
        if (fault != null && fault.kind() == FaultAction.Kind.CLOSE_MID_RESPONSE) {
            int half = body.length / 2;
            out.write(
                    false,
                    ByteBuffer.wrap(body, 0, half),
                    Callback.from(
                            exchange::abort, failure -> exchange.callback().failed(failure)));
            return;
        }
        out.write(true, ByteBuffer.wrap(body), exchange.callback());
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

    private HttpFields.Mutable common(Exchange exchange) {
        HttpFields.Mutable headers = exchange.jettyResponse().getHeaders();
        headers.put(HttpFront.VERSION_HEADER, version);
        headers.put("Access-Control-Allow-Origin", "*");
        if (exchange.bodyUnread()) {
            headers.put(HttpHeader.CONNECTION, "close");
        }
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

    /** {@return an exception for a connection closed on purpose} */
    static EofException closedOnPurpose() {
        return new EofException("connection closed by a scripted fault");
    }
}
